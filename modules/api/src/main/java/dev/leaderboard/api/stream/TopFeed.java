package dev.leaderboard.api.stream;

import dev.leaderboard.core.Order;
import dev.leaderboard.service.intake.ScoreNotice;
import dev.leaderboard.service.result.EntryPage;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashSet;
import java.util.Set;

/**
 * The top {@code n} entries of one board's period, shared by every stream of the node that shows
 * them: one read per interval serves them all, and only a change that can reach the top makes one.
 */
final class TopFeed extends Feed {
  final int n;
  private Set<String> users = Set.of();
  /** The n-th entry when there are n; {@code null} while the top has room. */
  private JsonObject last;

  TopFeed(int n) {
    this.n = n;
  }

  /** Whether the notice's changes may change these entries. */
  boolean affectedBy(ScoreNotice notice, Order order) {
    if (data == null || notice.users() == null || last == null) {
      return true;
    }
    for (String u : notice.users()) {
      if (users.contains(u)) {
        return true;
      }
    }
    return notice.best().reaches(last.getLong("score"), last.getLong("at"), order);
  }

  /** Takes a fresh read; {@code true} when the entries differ from the last ones shown (or none were). */
  boolean update(EntryPage page) {
    JsonArray entries = page.entries();
    StringBuilder sig = new StringBuilder();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      JsonObject e = entries.getJsonObject(i);
      sig.append(e.getString("userId")).append(' ').append(e.getLong("rank")).append(' ').append(e.getLong("score"))
          .append(' ').append(e.getLong("at")).append(' ').append(e.getValue("meta")).append('\n');
      ids.add(e.getString("userId"));
    }
    users = ids;
    last = entries.size() < n ? null : entries.getJsonObject(entries.size() - 1);
    JsonObject read = page.toJson();
    return show(sig.toString(), () -> new JsonObject().put("board", read.getString("board"))
        .put("period", read.getString("period")).put("total", read.getLong("total")).put("entries", entries));
  }
}
