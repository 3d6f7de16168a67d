package dev.leaderboard.service.reads;

import dev.leaderboard.core.Names;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.ModeratedEntry;

/**
 * What moderators see of a user: the ban (reason, since) and, on every live board period, the
 * user's entry with its global rank (unique order), or the entry a ban holds back (no rank: the
 * user is out of the board while banned).
 */
public record UserView(ModerationStore store, ScoreStore scores, ModerationTargets targets) {
  /**
   * One dispatch finds the user's entries and held-back entries on every live period; only the
   * periods that hold an entry are then ranked (one round each, the entry as the rank's hint).
   */
  public Future<ModeratedUser> user(String userId) {
    Names.id("userId", userId);
    return Future.all(store.ban(userId), targets.live()).compose(both -> {
      Ban ban = both.resultAt(0);
      List<ModerationTargets.Hot> live = both.resultAt(1);
      return store.lookup(userId, ModerationTargets.targets(live)).compose(found -> {
        List<ModeratedEntry> heldBack = new ArrayList<>();
        List<Future<ModeratedEntry>> ranked = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
          ModerationTargets.Hot h = live.get(i);
          StoredEntry found0 = found.get(i)[0];
          if (found0 != null) {
            ranked.add(scores.userRank(h.board(), h.period().id(), userId, found0).map(r -> r.entry() == null
                ? null : Entries.moderated(h, r.entry()).ranked(RankMath.unique(r.before()), r.total())));
          }
          if (found.get(i)[1] != null) {
            heldBack.add(Entries.moderated(h, found.get(i)[1]));
          }
        }
        return Future.all(ranked).map(done -> {
          List<ModeratedEntry> entries = ranked.stream().map(Future::result).filter(e -> e != null).toList();
          return ModeratedUser.of(userId, ban != null && !ban.erasing(), ban, entries, heldBack);
        });
      });
    });
  }
}
