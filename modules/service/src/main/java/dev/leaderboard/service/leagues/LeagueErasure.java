package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.core.League;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import java.util.List;

/**
 * A user's league data at an erasure: their place in every league's members, then their recorded
 * moves. Their scores, cohort places, archived rows and rewards are the tier boards' own, erased with
 * every board's. Both steps are idempotent, so an erasure run again finishes what a stop left.
 */
public record LeagueErasure(LeagueStore store, LeagueMoveStore moves) {
  /** The names of the leagues the user was a member of, and the number of their league moves erased. */
  public record Erased(List<String> leagues, long moves) {
  }

  public Future<Erased> erase(String userId) {
    return store.forget(userId).compose(f -> moves.eraseUser(f.leagues().stream().map(League::uid).toList(), userId)
        .map(n -> new Erased(f.memberOf(), n)));
  }
}
