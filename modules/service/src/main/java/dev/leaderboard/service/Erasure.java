package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Names;
import dev.leaderboard.service.leagues.LeagueErasure;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore.Op;
import dev.leaderboard.store.moderation.ModerationStore.Target;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.List;

/**
 * The right to be forgotten: removes a user from every board and period, hot and archived, the
 * friend graph, the idempotency and the ban records. Every step is idempotent, and the order lets a
 * run cut short finish when run again:
 * <ol>
 *   <li>store a ban marked {@code erasing}: no node takes the user's events, archives leave them out;</li>
 *   <li>on every hot partition of the user: mark them banned (against a node that missed the notice)
 *       and remove entry, stash and metadata; then the idempotency records;</li>
 *   <li>the user's participation in the hot periods (joins, cohort places, attempts);</li>
 *   <li>the friend links, the friends' sides first;</li>
 *   <li>the archived rows, counted as {@code erased} on their periods, and the user's rewards;</li>
 *   <li>the user's league memberships and recorded moves ({@link LeagueErasure});</li>
 *   <li>unmark the partitions and drop the ban, last: until then the user stays locked out.</li>
 * </ol>
 */
public final class Erasure {
  static final String REASON = "erasure under way";

  private final ModerationStore store;
  private final BanRegistry bans;
  private final ModerationTargets targets;
  private final FriendStore friends;
  private final ArchiveStore archive;
  private final Clock clock;
  private final ParticipationStore participation;
  private final LeagueErasure leagues;

  public Erasure(ModerationStore store, BanRegistry bans, ModerationTargets targets, FriendStore friends,
      ArchiveStore archive, Clock clock, ParticipationStore participation, LeagueErasure leagues) {
    this.leagues = leagues;
    this.participation = participation;
    this.store = store;
    this.bans = bans;
    this.targets = targets;
    this.friends = friends;
    this.archive = archive;
    this.clock = clock;
  }

  public Future<JsonObject> erase(String userId) {
    Names.id("userId", userId);
    Ban marker = new Ban(REASON, clock.millis(), true);
    JsonObject answer = new JsonObject().put("userId", userId).put("erased", true);
    return store.ban(userId).compose(old -> {
      answer.put("banLifted", old != null && !old.erasing());
      return store.putBan(userId, marker);
    }).compose(v -> {
      bans.changed(userId, marker);
      return targets.hot();
    }).compose(hot -> {
      List<Target> all = ModerationTargets.targets(hot);
      return store.apply(Op.ERASE, userId, all).compose(outcomes -> {
        JsonArray periods = new JsonArray();
        for (int i = 0; i < hot.size(); i++) {
          if (outcomes.get(i).changed()) {
            periods.add(hot.get(i).toJson());
          }
        }
        answer.put("periods", periods);
        return store.forgetEvents(all, userId).map(n -> answer.put("eventRecords", n));
      }).compose(v -> participation.forget(hot.stream()
              .map(h -> new ParticipationStore.BoardPeriod(h.board(), h.period().id())).toList(), userId))
          .compose(joined -> {
            answer.put("participations", joined);
            return friends.unlinkAll(userId);
          })
          .compose(unlinked -> {
            answer.put("friends", new JsonArray(unlinked));
            return archive.eraseUser(userId);
          })
          .compose(rows -> {
            JsonArray archived = new JsonArray();
            rows.forEach(r -> archived.add(new JsonObject().put("board", r.board()).put("period", r.period())
                .put("rows", r.rows())));
            answer.put("archived", archived).put("archivedRows", rows.stream().mapToLong(ArchiveStore.ErasedRows::rows).sum());
            return archive.rewards().eraseUser(userId);
          })
          .compose(rewards -> {
            answer.put("rewards", rewards);
            return leagues.erase(userId);
          })
          .compose(inLeagues -> {
            answer.mergeIn(inLeagues);
            return store.apply(Op.UNMARK, userId, all);
          });
    }).compose(v -> store.dropBan(userId)).map(v -> {
      bans.changed(userId, null);
      return answer;
    });
  }
}
