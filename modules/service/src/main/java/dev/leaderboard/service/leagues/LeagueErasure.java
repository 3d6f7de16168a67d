package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.core.League;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueMemberships;
import io.vertx.core.Future;
import java.util.List;

/**
 * A user's league data at an erasure: their place in every league's members, their scores held for a
 * close (replaced in place by empty objects the replay skips, so none lands after the erasure), then
 * their recorded moves. Their scores, cohort places, archived rows and rewards are the tier boards' own, erased with
 * every board's. Both steps are idempotent, so an erasure run again finishes what a stop left.
 */
public record LeagueErasure(LeagueMemberships store, HeldScoreStore heldScores, LeagueMoveStore moves) {
  /** The names of the leagues the user was a member of, and the number of their league moves erased. */
  public record Erased(List<String> leagues, long moves) {
  }

  public Future<Erased> erase(String userId) {
    return store.forget(userId).compose(f -> heldScores.heldOf(f.leagues(), userId, true)
        .compose(held -> moves.eraseUser(f.leagues().stream().map(League::uid).toList(), userId))
        .map(n -> new Erased(f.memberOf(), n)));
  }
}
