package dev.leaderboard.store.leagues;

import dev.leaderboard.core.League;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One user's place in every league at once ({@link LeagueStore} keeps each league's members): read
 * for an export, removed by an erasure; each one round over the leagues' members after reading the
 * leagues.
 */
public final class LeagueMemberships {
  private final Shards shards;
  private final LeagueStore leagues;

  public LeagueMemberships(Shards shards, LeagueStore leagues) {
    this.shards = shards;
    this.leagues = leagues;
  }

  /**
   * Removes the user from every league's members (an erasure), in one round after reading the
   * leagues; answers the leagues read and, of them, those the user was a member of.
   */
  public Future<Forgotten> forget(String userId) {
    return everyLeague(Command.HDEL, userId).map(each -> new Forgotten(each.leagues(), each.answered(r -> r.toInteger() == 1)
        .stream().map(i -> each.leagues().get(i).name()).toList()));
  }

  /** Every league read, and the user's tier in those they are a member of. */
  public record Memberships(List<League> leagues, List<LeagueStore.Membership> memberOf) {
  }

  /** The user's tier in every league they are a member of (an export), in one round after reading the leagues. */
  public Future<Memberships> memberships(String userId) {
    return everyLeague(Command.HGET, userId).map(each -> new Memberships(each.leagues(), each.answered(r -> r != null)
        .stream().map(i -> new LeagueStore.Membership(each.leagues().get(i), LeagueStore.tier(each.leagues().get(i),
            each.answers().get(i).toString()))).toList()));
  }

  /** Every league, and what one command on the user's field of each one's members answered. */
  private record EachLeague(List<League> leagues, List<Response> answers) {
    List<Integer> answered(Predicate<Response> test) {
      List<Integer> out = new ArrayList<>();
      for (int i = 0; i < leagues.size(); i++) {
        if (test.test(answers.get(i))) {
          out.add(i);
        }
      }
      return out;
    }
  }

  /** {@code command} on the user's field of every league's members: one round after reading the leagues. */
  private Future<EachLeague> everyLeague(Command command, String userId) {
    return leagues.loadAll().compose(all -> shards.dispatch(all.stream().map(l -> Call.of(Route.META, Request.cmd(command)
        .arg(Keys.leagueMembers(l)).arg(userId))).toList()).map(answers -> new EachLeague(all, answers)));
  }

  /** What {@link #forget} went over: every league, and the names of those the user was a member of. */
  public record Forgotten(List<League> leagues, List<String> memberOf) {
  }
}
