package dev.leaderboard.service.reads;


import dev.leaderboard.core.Names;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * What moderators see of a user: the ban (reason, since) and, on every live board period, the
 * user's entry with its global rank (unique order), or the entry a ban holds back (no rank: the
 * user is out of the board while banned).
 */
public final class UserView {
  private final ModerationStore store;
  private final ScoreStore scores;
  private final ModerationTargets targets;

  public UserView(ModerationStore store, ScoreStore scores, ModerationTargets targets) {
    this.store = store;
    this.scores = scores;
    this.targets = targets;
  }

  /**
   * One dispatch finds the user's entries and held-back entries on every live period; only the
   * periods that hold an entry are then ranked (one round each, the entry as the rank's hint).
   */
  public Future<JsonObject> user(String userId) {
    Names.id("userId", userId);
    return Future.all(store.ban(userId), targets.live()).compose(both -> {
      Ban ban = both.resultAt(0);
      List<ModerationTargets.Hot> live = both.resultAt(1);
      return store.lookup(userId, ModerationTargets.targets(live)).compose(found -> {
        JsonArray heldBack = new JsonArray();
        List<Future<JsonObject>> ranked = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
          ModerationTargets.Hot h = live.get(i);
          StoredEntry found0 = found.get(i)[0];
          if (found0 != null) {
            ranked.add(scores.userRank(h.board(), h.period().id(), userId, found0).map(r -> r.entry() == null
                ? null : entry(h, r.entry()).put("rank", RankMath.unique(r.before())).put("total", r.total())));
          }
          if (found.get(i)[1] != null) {
            heldBack.add(entry(h, found.get(i)[1]));
          }
        }
        return Future.all(ranked).map(done -> {
          JsonArray entries = new JsonArray();
          ranked.stream().map(Future::result).filter(e -> e != null).forEach(entries::add);
          return new JsonObject().put("userId", userId).put("banned", ban != null && !ban.erasing())
              .put("ban", ban == null ? null : ban.toJson()).put("entries", entries).put("heldByBan", heldBack);
        });
      });
    });
  }

  private static JsonObject entry(ModerationTargets.Hot h, StoredEntry e) {
    return Entries.describe(h.board(), h.period(), e, h.toJson());
  }
}
