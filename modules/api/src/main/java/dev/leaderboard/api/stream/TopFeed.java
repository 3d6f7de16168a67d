package dev.leaderboard.api.stream;

import dev.leaderboard.core.Order;
import dev.leaderboard.service.intake.ScoreNotice;
import dev.leaderboard.service.result.AnswerJson;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.EntryPage;
import io.vertx.core.json.JsonObject;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The top {@code n} entries of one board's period, shared by every stream of the node that shows
 * them: one read per interval serves them all, and only a change that can reach the top makes one.
 */
final class TopFeed extends Feed {
  final int n;
  private Set<String> users = Set.of();
  /** The n-th entry when there are n; {@code null} while the top has room. */
  private Entry last;

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
    return notice.best().reaches(last.score(), last.at(), order);
  }

  /** Whether the entries last shown list the user. */
  boolean lists(String userId) {
    return users.contains(userId);
  }

  /** Takes a fresh read; {@code true} when the entries differ from the last ones shown (or none were). */
  boolean update(EntryPage page) {
    List<Entry> entries = page.entries();
    StringBuilder sig = new StringBuilder();
    Set<String> ids = new HashSet<>();
    for (Entry e : entries) {
      sig.append(e.userId()).append(' ').append(e.rank()).append(' ').append(e.score()).append(' ').append(e.at())
          .append(' ').append(e.meta()).append(' ').append(e.profile()).append('\n');
      ids.add(e.userId());
    }
    users = ids;
    last = entries.size() < n ? null : entries.get(entries.size() - 1);
    return show(sig.toString(), () -> new JsonObject().put("board", page.board()).put("period", page.period())
        .put("total", page.total()).put("entries", AnswerJson.json(entries)));
  }
}
