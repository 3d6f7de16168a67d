package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.testing.TestSeed;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A league of {@value #DEFAULT_MEMBERS} members (system property {@code leagueBoundary.members})
 * streams scores across a period's end on two nodes: late scores of the old period during its
 * grace, the new period's from its first second, during the grace, while the close runs (started by
 * a score and by a request at once) and after it, some sent twice. Nothing is refused; every member
 * moves once, as the model ranks their cohort; every member's new-period score is the sum of what
 * they sent, once, in the tier the model gives.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueBoundaryTest {
  private static final int DEFAULT_MEMBERS = 100_000;
  private static final int MEMBERS = Integer.getInteger("leagueBoundary.members", DEFAULT_MEMBERS);
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final Instant NEXT = DAY.plus(Duration.ofDays(1));
  private static final String OLD = "2025-04-15";
  private static final String NEW = "2025-04-16";
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private static final int COHORT = 50;
  private static final int QUOTA = 5;
  /** Events a batch: the most a batch takes. */
  private static final int BATCH = 1000;
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  @Test
  void scoresAcrossTheBoundaryAreNeverRefusedAndLandOnceInTheTierTheCloseGives(Vertx vertx, Random rnd) {
    List<LeaderboardServiceImpl> nodes = List.of(LeagueNodes.start(vertx, clock, stores),
        LeagueNodes.start(vertx, clock, stores));
    String lg = "lbd-" + UUID.randomUUID().toString().substring(0, 8);
    nodes.get(0).putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS)))
        .put("cohortSize", COHORT).put("promote", QUOTA).put("relegate", QUOTA).put("period", "daily")
        .put("graceSeconds", 10).put("autoJoin", true)).await();
    LeagueStore leagues = new LeagueStore(stores.get(0).shards());
    League l = leagues.get(lg).await();

    // members placed at random; in the old period each sends a score, all distinct (no ties to model)
    Map<String, String> tierOf = new HashMap<>();
    Map<String, Long> oldScore = new HashMap<>();
    List<Long> values = new ArrayList<>();
    for (long v = 1; v <= MEMBERS; v++) {
      values.add(v);
    }
    Collections.shuffle(values, rnd);
    List<String> users = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      String u = "m" + i;
      users.add(u);
      tierOf.put(u, TIERS.get(rnd.nextInt(TIERS.size())));
      oldScore.put(u, values.get(i));
    }
    for (int from = 0; from < MEMBERS; from += 200) {
      List<Future<?>> joins = new ArrayList<>();
      users.subList(from, Math.min(MEMBERS, from + 200)).forEach(u -> joins.add(leagues.join(l, u, tierOf.get(u), true)));
      Future.all(joins).await();
    }
    List<JsonObject> old = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      old.add(new JsonObject().put("userId", users.get(i)).put("value", oldScore.get(users.get(i)))
          .put("at", DAY.toEpochMilli() + 60_000 + i).put("eventId", "o-" + i));
    }
    Totals sent = send(nodes, lg, old, rnd);
    assertThat(sent.applied).isEqualTo(MEMBERS);

    // the new period's scores, one or two a member, in random order; and late scores of the old one
    List<JsonObject> fresh = new ArrayList<>();
    Map<String, Long> newScore = new HashMap<>();
    for (String u : users) {
      int n = 1 + rnd.nextInt(2);
      for (int k = 0; k < n; k++) {
        long v = 1 + rnd.nextInt(9);
        newScore.merge(u, v, Long::sum);
        fresh.add(new JsonObject().put("userId", u).put("value", v).put("eventId", "n-" + u + "-" + k));
      }
    }
    Collections.shuffle(fresh, rnd);
    List<JsonObject> late = new ArrayList<>();
    for (String u : users) {
      if (rnd.nextInt(100) == 0) {
        // shifted past every first score: scores stay distinct
        late.add(new JsonObject().put("userId", u).put("value", MEMBERS).put("at", NEXT.toEpochMilli() - 1)
            .put("eventId", "late-" + u));
        oldScore.merge(u, (long) MEMBERS, Long::sum);
      }
    }
    int first = fresh.size() * 2 / 5;
    int second = fresh.size() * 7 / 10;

    // within the grace: held, as late scores of the old period land
    clock.set(NEXT.plusSeconds(2));
    List<JsonObject> inGrace = new ArrayList<>(fresh.subList(0, first));
    inGrace.addAll(late);
    Collections.shuffle(inGrace, rnd);
    Totals grace = send(nodes, lg, inGrace, rnd);
    assertThat(grace.pending).as("every new-period score within the grace is held").isEqualTo(first);
    assertThat(grace.applied).as("the late ones land").isEqualTo(late.size());

    // past the grace: a request closes the period while scores (which also start the close) keep coming
    clock.set(NEXT.plusSeconds(20));
    Future<LeagueClosed> closing = nodes.get(0).closeLeague(lg, OLD);
    Totals during = send(nodes, lg, fresh.subList(first, second), rnd);
    closing.transform(ar -> Future.succeededFuture()).await();
    if (closing.failed()) {
      assertThat(((LeaderboardException) closing.cause()).code()).as("%s", closing.cause()).isEqualTo("period_closing");
    }
    HeldScoreStore held = new HeldScoreStore(stores.get(0).shards());
    Await.until("the period settled", Duration.ofMinutes(3), () -> held.settled(l, OLD).await());
    Totals after = send(nodes, lg, fresh.subList(second, fresh.size()), rnd);
    assertThat(after.pending).as("once settled, nothing is held").isZero();
    assertThat(during.applied + during.pending + after.applied + grace.pending)
        .as("every new-period score taken").isEqualTo(fresh.size());

    // every member moved once, as the model ranks their cohort
    Map<String, Move> moves = moves(nodes.get(1), lg);
    assertThat(moves.keySet()).as("one move a member").hasSize(MEMBERS);
    // the set's own lookup: AssertJ's containsAll scans the set once for each user
    assertThat(users.stream().filter(u -> !moves.containsKey(u)).toList()).as("members without a move").isEmpty();
    Map<String, List<Move>> cohorts = new HashMap<>();
    moves.values().forEach(m -> cohorts.computeIfAbsent(m.from() + "/" + m.cohort(), c -> new ArrayList<>()).add(m));
    Map<String, String> want = new HashMap<>();
    for (List<Move> c : cohorts.values()) {
      assertThat(c.size()).as("cohort size").isLessThanOrEqualTo(COHORT);
      c.sort(Comparator.comparingLong((Move m) -> -oldScore.get(m.userId())));
      int n = c.size();
      int level = TIERS.indexOf(c.get(0).from());
      // the first QUOTA move up (not from the top); of the rest, the last QUOTA move down (not from the lowest)
      int up = level == TIERS.size() - 1 ? 0 : Math.min(QUOTA, n);
      int down = level == 0 ? 0 : Math.min(QUOTA, n - up);
      for (int r = 0; r < n; r++) {
        Move m = c.get(r);
        String to = r < up ? TIERS.get(level + 1) : r >= n - down ? TIERS.get(level - 1) : m.from();
        assertThat(m.from()).as("%s's tier in the old period", m.userId()).isEqualTo(tierOf.get(m.userId()));
        assertThat(m.score()).as("%s's old score", m.userId()).isEqualTo(oldScore.get(m.userId()));
        assertThat(m.cohortRank()).as("%s's cohort rank", m.userId()).isEqualTo(r + 1L);
        assertThat(m.to()).as("%s moves as the model says", m.userId()).isEqualTo(to);
        want.put(m.userId(), to);
      }
    }
    assertThat(leagues.members(l).await()).as("every member's tier is their move's").isEqualTo(want);

    // every new-period score counted once, in the tier the close gave
    Map<String, String> landedIn = new HashMap<>();
    Map<String, Long> landedScore = new HashMap<>();
    LeagueTiers tiers = nodes.get(0).leagueTiers(lg, NEW).await();
    List<Future<LeagueCohort>> reads = new ArrayList<>();
    for (LeagueTiers.Tier t : tiers.tiers()) {
      for (long c = 1; c <= t.cohorts(); c++) {
        reads.add(nodes.get((int) (c % 2)).leagueCohort(lg, t.tier(), c, NEW));
        if (reads.size() == 200) {
          collect(reads, landedIn, landedScore);
        }
      }
    }
    collect(reads, landedIn, landedScore);
    assertThat(landedIn).as("each member's new tier").isEqualTo(want);
    assertThat(landedScore).as("each member's new-period score").isEqualTo(newScore);
  }

  /** What the batches answered, summed; no event refused, failed or in conflict. */
  private static final class Totals {
    long applied;
    long pending;
  }

  /**
   * Sends the events in batches from both nodes, one batch at a time; one batch in ten is sent a
   * second time once answered (a retry: held once, or a duplicate), which the totals leave out.
   */
  private static Totals send(List<LeaderboardServiceImpl> nodes, String lg, List<JsonObject> events, Random rnd) {
    Totals t = new Totals();
    List<Sent> flight = new ArrayList<>();
    for (int from = 0; from < events.size(); from += BATCH) {
      JsonArray batch = new JsonArray(new ArrayList<Object>(events.subList(from, Math.min(events.size(), from + BATCH))));
      flight.add(new Sent(submit(nodes.get(rnd.nextInt(2)), lg, batch), true));
      drain(flight, t);
      if (rnd.nextInt(10) == 0) {
        flight.add(new Sent(submit(nodes.get(rnd.nextInt(2)), lg, batch), false));
        drain(flight, t);
      }
    }
    return t;
  }

  /** A batch in flight; {@code counted}: a first send, not a retry. */
  private record Sent(Future<LeagueBatchResult> answer, boolean counted) {
  }

  private static Future<LeagueBatchResult> submit(LeaderboardServiceImpl node, String lg, JsonArray batch) {
    return node.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", batch.copy())));
  }

  private static void drain(List<Sent> flight, Totals t) {
    for (Sent s : flight) {
      LeagueBatchResult r = s.answer().await();
      assertThat(r.batch().rejected()).as("first of %s", r.batch().rejections().stream().findFirst()).isZero();
      assertThat(r.batch().failed()).as("first of %s", r.batch().failures().stream().findFirst()).isZero();
      assertThat(r.batch().conflict()).isZero();
      if (s.counted()) {
        t.applied += r.batch().applied();
        t.pending += r.pending();
      }
    }
    flight.clear();
  }

  private static Map<String, Move> moves(LeaderboardServiceImpl node, String lg) {
    Map<String, Move> out = new HashMap<>();
    String after = null;
    do {
      LeagueMovePage page = node.leagueMoves(lg, OLD, null, null, 1000, after).await();
      for (Move m : page.moves()) {
        assertThat(out.put(m.userId(), m)).as("%s moved once", m.userId()).isNull();
      }
      after = page.next();
    } while (after != null);
    return out;
  }

  private static void collect(List<Future<LeagueCohort>> reads, Map<String, String> landedIn,
      Map<String, Long> landedScore) {
    for (Future<LeagueCohort> f : reads) {
      LeagueCohort c = f.await();
      c.entries().forEach(e -> {
        assertThat(landedIn.put(e.entry().userId(), c.tier())).as("%s in one cohort", e.entry().userId()).isNull();
        landedScore.put(e.entry().userId(), e.entry().score());
      });
    }
    reads.clear();
  }
}
