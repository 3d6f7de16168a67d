package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreIntake.Landed;
import dev.leaderboard.service.intake.ScoreIntake.Routed;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.participation.CohortOrder;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * League scores, a batch or one ({@link #route}: a batch of one): each event goes to its member's tier
 * board (a non-member's first event joins the lowest tier with {@code autoJoin}), and the whole batch
 * is the boards' batch ({@link ScoreIntake#submitRouted}), so its limits, duplicates by event ID and
 * partial refusals are the boards' and its events go in one pipelined round per shard whatever their
 * tier. A new period's events before the previous period's moves are applied are held
 * ({@link HeldScores}) and answered {@code pending}. Rounds: the holding (one script call, only until
 * the period is settled), the members' tiers (one command), the joins of new members (one round), the
 * events, then the seats of the members whose events landed (one command per tier and period) and
 * their cohorts' members and entries (one round), for each event's cohort, rank and zone.
 */
public record LeagueBatch(TierRoutes routes, HeldScores held, BoardRegistry boards, ScoreIntake intake,
    ParticipationStore participation, Participation standings) {
  /** A batch over the node's parts; {@code closer} closes a period a score finds past its grace. */
  public static LeagueBatch of(LeagueStore store, HeldScoreStore heldScores, BoardRegistry boards, ScoreIntake intake,
      ParticipationStore participation, Participation standings, BanRegistry bans, LeagueCloser closer, Clock clock) {
    return new LeagueBatch(new TierRoutes(store, boards, intake, bans), new HeldScores(heldScores, intake, closer, clock),
        boards, intake, participation, standings);
  }

  public Future<LeagueBatchResult> submit(League l, ScoreBatch batch) {
    List<ScoreEvent> events = Objects.requireNonNullElseGet(batch, () -> new ScoreBatch(null)).check().events();
    return route(l, events, false).compose(sent -> {
      List<Rejection> refused = new ArrayList<>();
      List<Rejection> waiting = new ArrayList<>();
      sent.refused().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), e.getMessage())));
      sent.notMembers().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), "events[" + i + "]: " + e.getMessage())));
      sent.waiting().forEach((i, t) -> waiting.add(t instanceof LeaderboardException e
          ? new Rejection(i, e.refusal(), "events[" + i + "]: " + e.getMessage())
          : new Rejection(i, Refusal.SHARD_UNAVAILABLE, "events[" + i + "]: " + t.getMessage()
              + "; the event was not applied")));
      return intake.submitRouted(sent.routed(), refused, waiting).compose(done -> places(l, done.landed())
          .map(places -> LeagueBatchResult.of(l.name(), done.result(), done.landed().stream()
              .map(x -> new LeagueBatchResult.Landed(x.index(), x.period(), x.userId())).toList(), sent.tierOf(),
              places, held(events, sent.held()))));
    });
  }

  /**
   * Where one league score goes, as an event of a batch (a batch of one): its tier board, or held (the
   * board {@code null}, with the score's period); fails with what refused it.
   */
  Future<Single> route(League l, ScoreEvent event) {
    return route(l, List.of(event), true).compose(sent -> {
      if (!sent.routed().isEmpty()) {
        return Future.succeededFuture(new Single(sent.routed().get(0).board(), null));
      }
      if (!sent.held().isEmpty()) {
        return Future.succeededFuture(new Single(null, sent.held().get(0)));
      }
      Throwable why = sent.refused().containsKey(0) ? sent.refused().get(0)
          : sent.notMembers().containsKey(0) ? sent.notMembers().get(0) : sent.waiting().get(0);
      return Future.failedFuture(why);
    });
  }

  /** A single score's way: its tier board, or held until the previous period's moves ({@code heldIn} its period). */
  record Single(Board board, String heldIn) {
  }

  /**
   * Where each event goes (its tier board), or why it goes nowhere now, by its index: refused in itself,
   * a non-member's, held for the previous period's moves, or not handled (the store did not answer).
   */
  private record Sent(List<Routed> routed, Map<Integer, String> tierOf, Map<Integer, String> held,
      Map<Integer, LeaderboardException> refused, Map<Integer, LeaderboardException> notMembers,
      Map<Integer, Throwable> waiting) {
  }

  /**
   * Sorts events into held and sent now ({@link HeldScores}), then routes those sent now to their
   * members' tier boards ({@link TierRoutes}). {@code single}: one score, its fields named without
   * {@code events[i].}.
   */
  private Future<Sent> route(League l, List<ScoreEvent> events, boolean single) {
    Map<Integer, LeaderboardException> broken = new LinkedHashMap<>();
    List<Integer> checked = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      try {
        events.get(i).check();
        checked.add(i);
      } catch (LeaderboardException e) {
        broken.put(i, e);
      }
    }
    return boards.require(l.tierBoard(l.lowest()))
        .compose(lowest -> held.sort(l, lowest, events, checked, single))
        .compose(sorting -> routes.route(l, events, sorting.direct(), single).map(r -> {
          Map<Integer, LeaderboardException> refused = new TreeMap<>(broken);
          refused.putAll(sorting.refused());
          refused.putAll(r.refused());
          Map<Integer, LeaderboardException> notMembers = new TreeMap<>(sorting.notMembers());
          notMembers.putAll(r.notMembers());
          return new Sent(r.routed(), r.tierOf(), sorting.held(), refused, notMembers, sorting.waiting());
        }));
  }

  /** The held events by batch index: their user and period. */
  private static Map<Integer, LeagueBatchResult.Landed> held(List<ScoreEvent> events, Map<Integer, String> held) {
    Map<Integer, LeagueBatchResult.Landed> out = new TreeMap<>();
    held.forEach((i, period) -> out.put(i, new LeagueBatchResult.Landed(i, period, events.get(i).userId())));
    return out;
  }

  /**
   * Each landed event's user's place in its tier board's period once the batch is applied, by batch
   * index (none where the user holds no seat): the seats of the landed users (one command per tier
   * and period), then each of their cohorts ranked from its own entries ({@link Participation#cohortOrder}).
   */
  private Future<Map<Integer, LeagueBatchResult.Place>> places(League l, List<Landed> landed) {
    Map<String, List<Landed>> byPeriod = new LinkedHashMap<>();
    landed.forEach(x -> byPeriod.computeIfAbsent(x.board().name() + "\n" + x.period(), k -> new ArrayList<>()).add(x));
    List<Future<Map<Integer, LeagueBatchResult.Place>>> reads = new ArrayList<>();
    for (List<Landed> group : byPeriod.values()) {
      Board b = group.get(0).board();
      Period p = b.parsePeriod(group.get(0).period());
      List<String> userIds = group.stream().map(Landed::userId).distinct().toList();
      reads.add(participation.participants(b, p.id(), userIds).compose(seats -> {
        Map<String, Long> cohortOf = new HashMap<>();
        for (int k = 0; k < userIds.size(); k++) {
          Participant seat = seats.get(k);
          if (seat != null && seat.cohort() > 0) {
            cohortOf.put(userIds.get(k), seat.cohort());
          }
        }
        Map<Long, Future<CohortOrder>> orders = new LinkedHashMap<>();
        cohortOf.values().forEach(c -> orders.computeIfAbsent(c, k -> standings.cohortOrder(b, p, k, RankMode.UNIQUE)));
        return Future.all(List.copyOf(orders.values())).map(done -> {
          Map<Integer, LeagueBatchResult.Place> out = new HashMap<>();
          for (Landed x : group) {
            Long cohort = cohortOf.get(x.userId());
            if (cohort != null) {
              CohortOrder order = orders.get(cohort).result();
              out.put(x.index(), new LeagueBatchResult.Place(cohort, order.rankOf(x.userId()),
                  LeagueReads.zone(LeagueStandings.zone(l, b.tier().tier(), order).get(x.userId()))));
            }
          }
          return out;
        });
      }));
    }
    return Future.all(reads).map(all -> {
      Map<Integer, LeagueBatchResult.Place> out = new HashMap<>();
      for (int k = 0; k < reads.size(); k++) {
        out.putAll(all.resultAt(k));
      }
      return out;
    });
  }
}
