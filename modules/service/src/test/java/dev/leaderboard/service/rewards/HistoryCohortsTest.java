package dev.leaderboard.service.rewards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.CohortPlacements;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.ReferenceBoard;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.ServiceGraph;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A user's history on a board with cohorts, over several archived periods and the live one: every
 * row's rank, score, total, percentile, cohort, cohort rank (unique, among the entries of the
 * user's cohort) and reward match a reference built from the modelled entries and placements, for
 * every user and period, those who won nothing and those who joined without scoring included.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class HistoryCohortsTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final int DAYS = 4;
  private static final int USERS = 40;
  private static final JsonObject PRIZE = new JsonObject().put("trophy", "cohort");

  private final TestClock clock = new TestClock(DAY);
  private NodeStore store;
  private LeaderboardServiceImpl service;

  @BeforeEach
  void start(Vertx vertx) {
    store = NodeStore.connect(vertx, new NodeStore.Options(RedisTopology.standalone(TestShards.endpoints()),
        TestPostgres.uri(), RedisPool.of(8))).await();
    service = new ServiceGraph(vertx, store, clock, 4, PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS).service();
  }

  @AfterEach
  void stop() {
    store.close().await();
  }

  @Test
  void historyCarriesEachPeriodsCohortAndCohortRankForEveryUser(Random rnd) {
    for (int round = 0; round < 2; round++) {
      run(rnd, round);
    }
  }

  private void run(Random rnd, int round) {
    clock.set(DAY);
    int cohortSize = 2 + rnd.nextInt(5);
    boolean competition = rnd.nextBoolean();
    boolean desc = rnd.nextBoolean();
    String name = "hc-" + UUID.randomUUID().toString().substring(0, 8);
    // only each cohort's first is rewarded, so most users with a cohort win nothing
    service.putBoard(name, new JsonObject().put("period", "daily").put("operator", "set")
        .put("order", desc ? "desc" : "asc").put("cohortSize", cohortSize).put("cohortBy", "bracket")
        .put("rewardRankMode", competition ? "competition" : "unique").put("partitions", 4)
        .put("rewards", new JsonArray().add(new JsonObject().put("ranks", new JsonArray().add(1).add(1))
            .put("reward", PRIZE)))).await();
    JsonObject def = service.getBoard(name).await().toJson();
    String[] brackets = {"gold", "silver", null};
    List<String> users = new ArrayList<>();
    for (int i = 0; i < USERS; i++) {
      users.add(name + "-" + i);
    }
    // per user, the expected rows newest first
    Map<String, List<JsonObject>> expected = new HashMap<>();
    int unrewardedWithCohort = 0;
    int joinedWithoutEntry = 0;
    for (int day = 0; day < DAYS; day++) {
      Instant start = DAY.plus(Duration.ofDays(day));
      String period = start.toString().substring(0, 10);
      clock.set(start.plus(Duration.ofHours(1)));
      ReferenceBoard scores = new ReferenceBoard(def, start.toEpochMilli());
      CohortPlacements placements = new CohortPlacements(cohortSize);
      for (int step = 0; step < USERS * 2; step++) {
        clock.set(clock.instant().plusMillis(1 + rnd.nextInt(3)));
        String user = users.get(rnd.nextInt(users.size()));
        if (rnd.nextInt(3) == 0) {
          String bracket = brackets[rnd.nextInt(brackets.length)];
          long cohort = placements.place(user, bracket);
          JsonObject join = new JsonObject().put("userId", user);
          if (bracket != null) {
            join.put("attributes", new JsonObject().put("bracket", bracket));
          }
          assertThat(service.join(name, new JoinRequest(join)).await().cohort())
              .as("round %d, %s: cohort of %s", round, period, user).isEqualTo(cohort);
          continue;
        }
        // a first submit places the user as a join without attributes would
        placements.place(user, null);
        long value = rnd.nextInt(8);
        scores.apply(user, value, clock.millis(), null);
        service.submit(name, new ScoreEvent(new JsonObject().put("userId", user).put("value", value)
            .put("at", clock.millis())), false).await();
      }
      boolean archived = day < DAYS - 1;
      List<ReferenceBoard.Entry> sorted = scores.sorted();
      for (int k = 0; k < sorted.size(); k++) {
        ReferenceBoard.Entry e = sorted.get(k);
        long cohort = placements.cohortOf().get(e.userId());
        List<ReferenceBoard.Entry> mates = sorted.stream()
            .filter(x -> placements.cohortOf().get(x.userId()) == cohort).toList();
        long cohortRank = mates.indexOf(e) + 1;
        long rewardRank = competition
            ? 1 + mates.stream().filter(x -> desc ? x.score() > e.score() : x.score() < e.score()).count()
            : cohortRank;
        JsonObject row = new JsonObject().put("period", period).put("rank", (long) k + 1).put("score", e.score())
            .put("total", (long) sorted.size()).put("percentile", scores.percentile("unique", k, e.score()))
            .put("cohort", cohort).put("cohortRank", cohortRank);
        if (archived && rewardRank == 1) {
          row.put("reward", PRIZE);
        } else if (archived) {
          unrewardedWithCohort++;
        }
        expected.computeIfAbsent(e.userId(), u -> new ArrayList<>()).add(0, row);
      }
      joinedWithoutEntry += (int) placements.cohortOf().keySet().stream().filter(u -> scores.get(u) == null).count();
      if (archived) {
        clock.set(start.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(1)));
        service.closePeriod(name, period).await();
      }
    }
    assertThat(unrewardedWithCohort).as("users placed in a cohort who won nothing").isPositive();
    assertThat(joinedWithoutEntry).as("users who joined without scoring").isPositive();
    for (String user : users) {
      JsonArray got = service.history(name, user, null).await().toJson().getJsonArray("periods");
      assertThat(got).as("round %d (cohorts of %d, %s order, %s rewards): history of %s", round, cohortSize,
          desc ? "desc" : "asc", competition ? "competition" : "unique", user)
          .isEqualTo(new JsonArray(expected.getOrDefault(user, List.of())));
    }
  }
}
