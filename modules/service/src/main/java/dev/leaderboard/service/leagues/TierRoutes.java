package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreIntake.Routed;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Sends league scores to their members' tier boards as the members' tiers are now: for scores whose
 * period's previous moves are applied (a new period's scores before that are held, {@link HeldScores},
 * and replayed through here once they are). Rounds: the members' tiers (one {@code HMGET}), the joins
 * of new members (one {@code league_join.lua} call).
 */
record TierRoutes(LeagueStore store, BoardRegistry boards, ScoreIntake intake, BanRegistry bans) {
  /** The events' tier boards by batch index, or why they go nowhere: broken in themselves, or not a member's. */
  record Routes(List<Routed> routed, Map<Integer, String> tierOf, Map<Integer, LeaderboardException> refused,
      Map<Integer, LeaderboardException> notMembers) {
  }

  /**
   * Routes the events at {@code indexes} (checked already) to their members' tier boards: a non-member
   * joins the lowest tier with {@code autoJoin} unless banned (the lowest tier's board then refuses the
   * event); an event of a non-member otherwise is refused as such, after what is broken in the event
   * itself. {@code single}: one score, its fields named without {@code events[i].}.
   */
  Future<Routes> route(League l, List<ScoreEvent> events, List<Integer> indexes, boolean single) {
    LinkedHashSet<String> users = new LinkedHashSet<>();
    indexes.forEach(i -> users.add(events.get(i).userId()));
    List<String> asked = new ArrayList<>(users);
    return store.tiersOf(l, asked).compose(found -> {
      Map<String, String> tiers = new HashMap<>();
      List<String> newcomers = new ArrayList<>();
      for (int k = 0; k < asked.size(); k++) {
        if (found.get(k) != null) {
          tiers.put(asked.get(k), found.get(k));
        } else if (l.autoJoin() && bans.banned(asked.get(k))) {
          // not joined: the lowest tier's board refuses the events of a banned (or erased) user
          tiers.put(asked.get(k), l.lowest());
        } else if (l.autoJoin()) {
          newcomers.add(asked.get(k));
        }
      }
      return store.joinAll(l, newcomers, l.lowest()).map(joined -> {
        for (int k = 0; k < newcomers.size(); k++) {
          // none: banned, which this node had not heard yet (the join reads the bans): as a banned user above
          tiers.put(newcomers.get(k), joined.get(k) == null ? l.lowest() : joined.get(k));
        }
        return tiers;
      });
    }).compose(tiers -> {
      Map<String, Future<Board>> tierBoards = new LinkedHashMap<>();
      // the lowest tier's too: a non-member's event is judged there before it is refused as such
      tierBoards.put(l.lowest(), boards.require(l.tierBoard(l.lowest())));
      new LinkedHashSet<>(tiers.values()).forEach(t -> tierBoards.computeIfAbsent(t, n -> boards.require(l.tierBoard(n))));
      return Future.all(new ArrayList<>(tierBoards.values())).map(ok -> {
        List<Routed> routed = new ArrayList<>();
        Map<Integer, String> tierOf = new HashMap<>();
        Map<Integer, LeaderboardException> refused = new LinkedHashMap<>();
        Map<Integer, LeaderboardException> notMembers = new LinkedHashMap<>();
        for (int i : indexes) {
          String userId = events.get(i).userId();
          String tier = tiers.get(userId);
          if (tier == null) {
            // an event that is broken in itself says so first, as it would for a member
            try {
              intake.check(tierBoards.get(l.lowest()).result(), events.get(i), single ? "" : "events[" + i + "].");
              notMembers.put(i, Leagues.notMember(l, userId));
            } catch (LeaderboardException broken) {
              refused.put(i, broken);
            }
          } else {
            routed.add(new Routed(tierBoards.get(tier).result(), events.get(i), i));
            tierOf.put(i, tier);
          }
        }
        return new Routes(routed, tierOf, refused, notMembers);
      });
    });
  }
}
