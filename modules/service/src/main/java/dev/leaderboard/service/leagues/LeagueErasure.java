package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.core.League;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A user's league data at an erasure: their place in every league's members, then their recorded
 * moves. Their scores, cohort places, archived rows and rewards are the tier boards' own, erased with
 * every board's. Both steps are idempotent, so an erasure run again finishes what a stop left.
 */
public final class LeagueErasure {
  private final LeagueStore store;
  private final LeagueMoveStore moves;

  public LeagueErasure(LeagueStore store, LeagueMoveStore moves) {
    this.store = store;
    this.moves = moves;
  }

  /** {@code {leagues: [names of the leagues the user was a member of], leagueMoves: n}}. */
  public Future<JsonObject> erase(String userId) {
    return store.forget(userId).compose(f -> moves.eraseUser(f.leagues().stream().map(League::uid).toList(), userId)
        .map(n -> new JsonObject().put("leagues", new JsonArray(f.memberOf())).put("leagueMoves", n)));
  }
}
