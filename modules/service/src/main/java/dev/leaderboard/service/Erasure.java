package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Names;
import dev.leaderboard.service.leagues.LeagueErasure;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.profiles.Profiles;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.participation.UserSeats;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore.Op;
import dev.leaderboard.store.moderation.ModerationStore.Target;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.ArrayList;
import dev.leaderboard.service.result.ModeratedEntry;
import dev.leaderboard.service.result.Erased;

/**
 * The right to be forgotten: removes a user from every board and period, hot and archived, the
 * friend graph, the idempotency and the ban records, and the audit entries' targets. {@link Export}
 * reads the same places: a new kind of user data is added to both. Every step is idempotent, and the order lets a
 * run cut short finish when run again:
 * <ol>
 *   <li>store a ban marked {@code erasing}: no node takes the user's events, archives leave them out;</li>
 *   <li>on every hot partition of the user: mark them banned (against a node that missed the notice)
 *       and remove entry, stash and metadata; then the idempotency records;</li>
 *   <li>the user's participation in the hot periods (joins, cohort places, attempts);</li>
 *   <li>the friend links, the friends' sides first, and the profile;</li>
 *   <li>the user's league memberships and recorded moves ({@link LeagueErasure}), before the archived
 *       seats that a seated member's moves are found through;</li>
 *   <li>the archived rows, counted as {@code erased} on their periods, and the user's rewards;</li>
 *   <li>the user's name in the audit entries whose target names them, but the records of erasures and
 *       exports ({@link Export#REQUESTS}), which prove such a request was served;</li>
 *   <li>unmark the partitions and drop the ban, last: until then the user stays locked out.</li>
 * </ol>
 */
public record Erasure(ModerationStore store, BanRegistry bans, ModerationTargets targets, FriendStore friends,
    ArchiveStore archive, Clock clock, UserSeats participation, LeagueErasure leagues, Profiles profiles) {
  static final String REASON = "erasure under way";

  public Future<Erased> erase(String userId) {
    Names.id("userId", userId);
    Ban marker = new Ban(REASON, clock.millis(), true);
    Erasing e = new Erasing();
    return store.ban(userId).compose(old -> {
      e.banLifted = old != null && !old.erasing();
      return store.putBan(userId, marker);
    }).compose(v -> {
      bans.changed(userId, marker);
      return targets.hot();
    }).compose(hot -> {
      List<Target> all = ModerationTargets.targets(hot);
      return store.apply(Op.ERASE, userId, all).compose(outcomes -> {
        e.periods.addAll(ModerationTargets.changed(hot, outcomes));
        return store.forgetEvents(all, userId).map(n -> e.eventRecords = n);
      }).compose(v -> participation.forget(ModerationTargets.seats(hot), userId))
          .compose(joined -> {
            e.participations = joined;
            return friends.unlinkAll(userId);
          })
          .compose(unlinked -> {
            e.friends = unlinked;
            return profiles.erase(userId);
          })
          .compose(hadProfile -> {
            e.profile = hadProfile;
            // before the archived seats: a seated member's moves are found through them
            return leagues.erase(userId);
          })
          .compose(inLeagues -> {
            e.leagues = inLeagues;
            return archive.eraseUser(userId);
          })
          .compose(rows -> {
            e.archived = rows.stream().map(r -> new Erased.ArchivedRows(r.board(), r.period(), r.rows())).toList();
            return archive.rewards().eraseUser(userId);
          })
          .compose(rewards -> {
            e.rewards = rewards;
            return archive.users().forgetInAudit(userId, Export.REQUESTS);
          })
          .compose(audited -> store.apply(Op.UNMARK, userId, all))
          // the user may join these periods again as a new participant, as they may score again
          .compose(v -> participation.unbar(ModerationTargets.seats(hot), userId));
    }).compose(v -> store.dropBan(userId)).map(v -> {
      bans.changed(userId, null);
      return e.answer(userId);
    });
  }

  /** What the steps of one erasure removed so far. */
  private static final class Erasing {
    boolean banLifted;
    final List<ModeratedEntry> periods = new ArrayList<>();
    long eventRecords;
    int participations;
    List<String> friends;
    boolean profile;
    List<Erased.ArchivedRows> archived;
    long rewards;
    LeagueErasure.Erased leagues;

    Erased answer(String userId) {
      return new Erased(userId, true, banLifted, periods, eventRecords, participations, friends, archived,
          archived.stream().mapToLong(Erased.ArchivedRows::rows).sum(), rewards, leagues.leagues(), leagues.moves(),
          profile);
    }
  }
}
