package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.HeldScoreStore.HeldScore;
import dev.leaderboard.store.leagues.HeldScoreStore.Hold;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A league's scores of a new period are never refused for the previous period's close: a member's
 * tier in the new period follows from their final standing in the previous one, which is known only
 * once that period's grace is over and its moves are applied, so until then a new period's scores
 * are <b>held</b> ({@code league_hold.lua}: in arrival order, once per event ID) and answered
 * {@code pending}; the close applies the moves and then replays them to the tiers it gave
 * ({@link HeldReplay}), in order. Once the moves are applied, a score is held only while its user
 * has held scores not yet replayed (it goes after them), so new scores never outrun the replay; when
 * all are replayed the period is settled and scores go to their tier boards at once. A score is checked against the lowest tier's board (tier boards share the league's rules)
 * before it is held, and a banned user's or, without {@code autoJoin}, a non-member's is refused, so a
 * held score is one the replay takes. Once a period is past its grace and not applied, a score of the
 * next one starts its close on this node (under the league's lease, so once). Periods known settled
 * are remembered: they never become unsettled.
 */
final class HeldScores {
  private static final Logger LOG = LoggerFactory.getLogger(HeldScores.class);
  private static final int REMEMBERED = 10_000;
  /** League uid and period of the periods this node knows are settled. */
  private final Set<String> settled = ConcurrentHashMap.newKeySet();
  private final HeldScoreStore store;
  private final ScoreIntake intake;
  private final LeagueCloser closer;
  private final Clock clock;

  HeldScores(HeldScoreStore store, ScoreIntake intake, LeagueCloser closer, Clock clock) {
    this.store = store;
    this.intake = intake;
    this.closer = closer;
    this.clock = clock;
  }

  /**
   * Where checked events go, by batch index: {@code direct} to their tier boards now, {@code held}
   * (the event's period), or refused in themselves, as a banned user's or a non-member's, or not
   * handled ({@code waiting}: the store did not answer; nothing was held).
   */
  record Sorting(List<Integer> direct, Map<Integer, String> held, Map<Integer, LeaderboardException> refused,
      Map<Integer, LeaderboardException> notMembers, Map<Integer, Throwable> waiting) {
  }

  /** Sorts the events at {@code checked}; {@code single}: one score, its fields named without {@code events[i].}. */
  Future<Sorting> sort(League l, Board lowest, List<ScoreEvent> events, List<Integer> checked, boolean single) {
    long now = clock.millis();
    Sorting out = new Sorting(new ArrayList<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(),
        new LinkedHashMap<>());
    Map<Period, List<Integer>> byPeriod = new LinkedHashMap<>();
    for (int i : checked) {
      Long at = events.get(i).at();
      byPeriod.computeIfAbsent(lowest.periodOf(Instant.ofEpochMilli(at == null ? now : at)), p -> new ArrayList<>())
          .add(i);
    }
    List<Future<Void>> holds = new ArrayList<>();
    byPeriod.forEach((period, indexes) -> {
      Period previous = lowest.calendar().previous(period);
      String key = l.uid() + "/" + previous.id();
      if (previous.end().toEpochMilli() <= l.createdAt() || settled.contains(key)) {
        out.direct().addAll(indexes);
      } else {
        holds.add(hold(l, lowest, previous, period, events, indexes, single, now, out));
      }
    });
    return Future.all(holds).map(out);
  }

  private Future<Void> hold(League l, Board lowest, Period previous, Period period, List<ScoreEvent> events,
      List<Integer> indexes, boolean single, long now, Sorting out) {
    List<Integer> offered = new ArrayList<>();
    List<HeldScore> scores = new ArrayList<>();
    for (int i : indexes) {
      ScoreEvent e = events.get(i);
      try {
        intake.check(lowest, e, single ? "" : "events[" + i + "].");
      } catch (LeaderboardException broken) {
        out.refused().put(i, broken);
        continue;
      }
      // replayed as it came, with its event ID (a retry is held once, then a duplicate on the board).
      // An event without a time of its own takes the replay's: the held scores are the period's first
      // to land, replayed in arrival order, so equal scores still rank by who reached them first
      String eventId = e.eventId() == null ? UUID.randomUUID().toString() : e.eventId();
      JsonObject json = e.toJson().copy().put("eventId", eventId);
      offered.add(i);
      scores.add(new HeldScore(e.userId(), eventId, json.encode()));
    }
    if (scores.isEmpty()) {
      return Future.succeededFuture();
    }
    long closesAt = previous.end().toEpochMilli() + lowest.graceSeconds() * 1000L;
    return store.hold(l, previous.id(), scores).transform(ar -> {
      if (ar.failed()) {
        offered.forEach(i -> out.waiting().put(i, ar.cause()));
      } else if (ar.result() == null) {
        remember(l.uid() + "/" + previous.id());
        out.direct().addAll(offered);
      } else {
        for (int k = 0; k < offered.size(); k++) {
          int i = offered.get(k);
          Hold h = ar.result().get(k);
          switch (h) {
            case HELD, HELD_BEFORE, SETTLED -> out.held().put(i, period.id());
            case SEND_NOW -> out.direct().add(i);
            case BANNED -> out.refused().put(i, Refusal.BANNED.exception(events.get(i).userId()));
            case NOT_A_MEMBER -> out.notMembers().put(i, Leagues.notMember(l, events.get(i).userId()));
          }
        }
        if (now >= closesAt) {
          closer.close(l, previous).onFailure(t -> LOG.debug("closing period {} of league {} from a score: {}",
              previous.id(), l.name(), t.getMessage()));
        }
      }
      return Future.succeededFuture();
    });
  }

  private void remember(String key) {
    if (settled.size() > REMEMBERED) {
      settled.clear();
    }
    settled.add(key);
  }
}
