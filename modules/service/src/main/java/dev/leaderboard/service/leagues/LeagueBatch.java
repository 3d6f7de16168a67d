package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreIntake.Landed;
import dev.leaderboard.service.intake.ScoreIntake.Routed;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * League scores, a batch or one ({@link #route}: a batch of one): each event goes to its member's tier
 * board (a non-member's first event joins the lowest tier with {@code autoJoin}), and the whole batch
 * is the boards' batch ({@link ScoreIntake#submitRouted}), so its limits, duplicates by event ID and
 * partial refusals are the boards' and its events go in one pipelined round per shard whatever their
 * tier. Rounds: the members' tiers (one command), the joins of new members (one round), the events,
 * then the cohorts of the members whose events landed (one command per tier and period).
 */
public record LeagueBatch(LeagueStore store, BoardRegistry boards, ScoreIntake intake,
    ParticipationStore participation, BanRegistry bans, ClosedPeriodGate gate, Clock clock) {
  public Future<LeagueBatchResult> submit(League l, ScoreBatch batch) {
    List<ScoreEvent> events = Objects.requireNonNullElseGet(batch, () -> new ScoreBatch(null)).check().events();
    return route(l, events, false).compose(routes -> {
      List<Rejection> refused = new ArrayList<>();
      List<Rejection> waiting = new ArrayList<>();
      routes.refused().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), e.getMessage())));
      routes.notMembers().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), "events[" + i + "]: " + e.getMessage())));
      routes.waiting().forEach((i, t) -> waiting.add(t instanceof LeaderboardException e
          ? new Rejection(i, e.refusal(), "events[" + i + "]: " + e.getMessage())
          : new Rejection(i, Refusal.SHARD_UNAVAILABLE, "events[" + i + "]: " + t.getMessage()
              + "; the event was not applied")));
      return intake.submitRouted(routes.routed(), refused, waiting).compose(done -> cohorts(done.landed())
          .map(seats -> LeagueBatchResult.of(l.name(), done.result(), done.landed().stream()
              .map(x -> new LeagueBatchResult.Landed(x.index(), x.period(), x.userId())).toList(), routes.tierOf(),
              seats)));
    });
  }

  /**
   * The tier board one league score goes to, as for an event of a batch (a batch of one); fails with
   * what refused it there.
   */
  Future<Board> route(League l, ScoreEvent event) {
    return route(l, List.of(event), true).compose(routes -> {
      if (!routes.routed().isEmpty()) {
        return Future.succeededFuture(routes.routed().get(0).board());
      }
      Throwable why = routes.refused().containsKey(0) ? routes.refused().get(0)
          : routes.notMembers().containsKey(0) ? routes.notMembers().get(0) : routes.waiting().get(0);
      return Future.failedFuture(why);
    });
  }

  /**
   * Where each event goes (its tier board), or why it goes nowhere now, by its index: refused in itself,
   * a non-member's, or waiting for the previous period's moves.
   */
  private record Routes(List<Routed> routed, Map<Integer, String> tierOf, Map<Integer, LeaderboardException> refused,
      Map<Integer, LeaderboardException> notMembers, Map<Integer, Throwable> waiting) {
  }

  /**
   * Routes events to their members' tier boards. A period's events wait until the previous period's
   * moves are applied, and only then are the members' tiers read (the moves set the tiers before
   * marking the period); a non-member joins the lowest tier with {@code autoJoin} unless banned (the
   * lowest tier's board then refuses the event); an event of a non-member otherwise is refused as
   * such, after what is broken in the event itself. {@code single}: one score, its fields named
   * without {@code events[i].}.
   */
  private Future<Routes> route(League l, List<ScoreEvent> events, boolean single) {
    Map<Integer, LeaderboardException> refused = new LinkedHashMap<>();
    Map<Integer, LeaderboardException> notMembers = new LinkedHashMap<>();
    Map<Integer, Throwable> waiting = new LinkedHashMap<>();
    List<Integer> checked = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      try {
        events.get(i).check();
        checked.add(i);
      } catch (LeaderboardException e) {
        refused.put(i, e);
      }
    }
    List<Integer> valid = new ArrayList<>();
    LinkedHashSet<String> users = new LinkedHashSet<>();
    return boards.require(l.tierBoard(l.lowest())).compose(lowest -> {
      long now = clock.millis();
      Map<String, Future<Void>> periods = new LinkedHashMap<>();
      Map<Integer, String> periodOf = new HashMap<>();
      for (int i : checked) {
        Long at = events.get(i).at();
        String period = lowest.periodOf(Instant.ofEpochMilli(at == null ? now : at)).id();
        periodOf.put(i, period);
        periods.computeIfAbsent(period, p -> gate.previousApplied(l, lowest, at));
      }
      return Future.join(new ArrayList<>(periods.values())).transform(ignored -> {
        for (int i : checked) {
          Future<Void> ready = periods.get(periodOf.get(i));
          if (ready.succeeded()) {
            users.add(events.get(i).userId());
            valid.add(i);
          } else {
            waiting.put(i, ready.cause());
          }
        }
        return store.tiersOf(l, new ArrayList<>(users));
      });
    }).compose(found -> {
      List<String> asked = new ArrayList<>(users);
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
        for (int i : valid) {
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
        return new Routes(routed, tierOf, refused, notMembers, waiting);
      });
    });
  }

  /** The cohort of each landed event's user in its tier board's period (0 where none), by batch index. */
  private Future<Map<Integer, Long>> cohorts(List<Landed> landed) {
    Map<String, List<Landed>> byPeriod = new LinkedHashMap<>();
    landed.forEach(x -> byPeriod.computeIfAbsent(x.board().name() + "\n" + x.period(), k -> new ArrayList<>()).add(x));
    List<Future<Map<Integer, Long>>> reads = new ArrayList<>();
    for (List<Landed> group : byPeriod.values()) {
      List<String> userIds = group.stream().map(Landed::userId).distinct().toList();
      reads.add(participation.participants(group.get(0).board(), group.get(0).period(), userIds).map(seats -> {
        Map<String, Long> cohort = new HashMap<>();
        for (int k = 0; k < userIds.size(); k++) {
          Participant p = seats.get(k);
          cohort.put(userIds.get(k), p == null ? 0L : p.cohort());
        }
        Map<Integer, Long> out = new HashMap<>();
        group.forEach(x -> out.put(x.index(), cohort.get(x.userId())));
        return out;
      }));
    }
    return Future.all(reads).map(all -> {
      Map<Integer, Long> out = new HashMap<>();
      for (int k = 0; k < reads.size(); k++) {
        out.putAll(all.resultAt(k));
      }
      return out;
    });
  }
}
