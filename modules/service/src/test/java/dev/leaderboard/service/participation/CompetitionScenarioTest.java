package dev.leaderboard.service.participation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
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
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.JoinResult;
import dev.leaderboard.service.result.ParticipantList;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserBoards;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.BatchResult;

/**
 * Competitions end to end on two nodes (services with stores of their own over the same Redis and
 * PostgreSQL): random joins and submits checked against a reference model of participants,
 * attempts, cohorts and scores, with cohort ranks and board ranks exact, live and archived; and the
 * limits under concurrency from both nodes.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class CompetitionScenarioTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl a;
  private LeaderboardServiceImpl b;
  private Vertx vertx;

  RedisTopology redis() {
    return RedisTopology.standalone(TestShards.endpoints());
  }

  int users() {
    return 120;
  }

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    a = node();
    b = node();
  }

  private LeaderboardServiceImpl node() {
    NodeStore store = NodeStore.connect(vertx, new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(NodeStore.POOL_SIZE)))
        .await();
    stores.add(store);
    return new ServiceGraph(vertx, store, clock, 4, PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS).service();
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  private String board(JsonObject spec) {
    String name = "cmp-" + UUID.randomUUID().toString().substring(0, 8);
    a.putBoard(name, spec.put("partitions", 4)).await();
    return name;
  }

  private static JsonObject join(String user, String bracket) {
    JsonObject j = new JsonObject().put("userId", user);
    return bracket == null ? j : j.put("attributes", new JsonObject().put("bracket", bracket));
  }

  private static String code(Throwable t) {
    return ((LeaderboardException) t).code();
  }

  /** The participants, attempts and cohorts a board should hold, decided in arrival order. */
  private static final class Model {
    final boolean joinRequired;
    final int maxSize;
    final int maxAttempts;
    final int cohortSize;
    final CohortPlacements placements;
    final Map<String, Long> cohortOf;
    final Map<String, Integer> attempts = new HashMap<>();

    Model(boolean joinRequired, int maxSize, int maxAttempts, int cohortSize) {
      this.joinRequired = joinRequired;
      this.maxSize = maxSize;
      this.maxAttempts = maxAttempts;
      this.cohortSize = cohortSize;
      this.placements = new CohortPlacements(cohortSize);
      this.cohortOf = placements.cohortOf();
    }

    /** {@code null} when full; the cohort otherwise. */
    Long join(String user, String bracket) {
      if (!cohortOf.containsKey(user) && cohortOf.size() >= maxSize) {
        return null;
      }
      return placements.place(user, bracket);
    }

    List<String> members(long cohort) {
      return cohortOf.entrySet().stream().filter(e -> e.getValue() == cohort).map(Map.Entry::getKey).toList();
    }
  }

  @Test
  void randomJoinsAndSubmitsMatchTheModelLiveAndArchived(Random rnd) {
    for (boolean joinRequired : List.of(true, false)) {
      runScenario(rnd, joinRequired);
    }
  }

  private void runScenario(Random rnd, boolean joinRequired) {
    clock.set(DAY.plusSeconds(3600));
    int maxSize = users() * 2 / 3;
    int maxAttempts = 2 + rnd.nextInt(4);
    int cohortSize = 2 + rnd.nextInt(6);
    String name = board(new JsonObject().put("period", "daily").put("operator", "incr").put("joinRequired", joinRequired)
        .put("maxSize", maxSize).put("maxAttempts", maxAttempts).put("cohortSize", cohortSize)
        .put("cohortBy", "bracket").put("activeFor", "PT12H"));
    JsonObject def = a.getBoard(name).await().toJson();
    ReferenceBoard scores = new ReferenceBoard(def, DAY.toEpochMilli());
    Model model = new Model(joinRequired, maxSize, maxAttempts, cohortSize);
    String[] brackets = {"gold", "silver", null};
    Map<String, String> bracketOf = new HashMap<>();
    for (int i = 0; i < users(); i++) {
      bracketOf.put("p" + i, brackets[rnd.nextInt(brackets.length)]);
    }
    List<String> users = new ArrayList<>(bracketOf.keySet());
    int steps = users() * 8;
    for (int step = 0; step < steps; step++) {
      clock.set(clock.instant().plusMillis(1 + rnd.nextInt(5)));
      LeaderboardServiceImpl node = rnd.nextBoolean() ? a : b;
      String user = users.get(rnd.nextInt(users.size()));
      if (joinRequired && rnd.nextInt(4) == 0) {
        Long expected = model.join(user, bracketOf.get(user));
        Future<JoinResult> answer = node.join(name, new JoinRequest(join(user, bracketOf.get(user))));
        if (expected == null) {
          assertThat(code(catchThrowable(answer::await))).as("join of %s", user).isEqualTo("board_full");
        } else {
          JoinResult r = answer.await();
          assertThat(r.cohort()).as("cohort of %s", user).isEqualTo(expected);
        }
        continue;
      }
      long value = rnd.nextInt(20) - 4;
      long at = clock.millis();
      JsonObject event = new JsonObject().put("userId", user).put("value", value).put("at", at);
      if (rnd.nextInt(3) == 0) {
        event.put("eventId", "e" + rnd.nextInt(steps / 2));
      }
      String expectedCode = expectedRefusal(model, scores, user, value, at, event.getString("eventId"));
      if (rnd.nextInt(4) == 0) {
        BatchResult r = node.submitBatch(name, new ScoreBatch(new JsonObject().put("events", new JsonArray()
            .add(event)))).await();
        if (expectedCode == null) {
          assertThat(r.rejected() + r.conflict()).as("batch %s: %s", event, r).isZero();
        } else if (expectedCode.equals("event_id_conflict")) {
          assertThat(r.conflict()).as("batch %s: %s", event, r).isEqualTo(1);
        } else {
          assertThat(r.rejections().get(0).refusal().code()).as("batch %s", event).isEqualTo(expectedCode);
        }
        continue;
      }
      Future<SubmitResult> answer = node.submit(name, new ScoreEvent(event), false);
      if (expectedCode != null) {
        assertThat(code(catchThrowable(answer::await))).as("submit %s", event).isEqualTo(expectedCode);
      } else {
        SubmitResult r = answer.await();
        assertThat(r.score()).as("score after %s", event).isEqualTo(scores.get(user).score());
        if (r.applied()) {
          assertThat(r.attemptsLeft()).as("attemptsLeft after %s", event)
              .isEqualTo(maxAttempts - model.attempts.get(user));
        }
      }
    }
    verify(rnd, name, scores, model, null);

    // after the period's first activeFor nothing is taken, and nothing changes
    clock.set(DAY.plusSeconds(12 * 3600));
    String someone = model.cohortOf.keySet().iterator().next();
    assertThat(code(catchThrowable(() -> a.submit(name, new ScoreEvent(new JsonObject().put("userId", someone)
        .put("value", 1)), false).await()))).isEqualTo("not_running");
    assertThat(code(catchThrowable(() -> b.join(name, new JoinRequest(join("late", null))).await())))
        .isEqualTo("not_running");
    verify(rnd, name, scores, model, null);

    // archived, the period answers as at its close
    a.closePeriod(name, "2025-04-15").await();
    clock.set(DAY.plusSeconds(36 * 3600));
    verify(rnd, name, scores, model, "2025-04-15");
  }

  /** The refusal the event should meet ({@code null}: taken), applied to the models when taken. */
  private static String expectedRefusal(Model model, ReferenceBoard scores, String user, long value, long at,
      String eventId) {
    if (!model.cohortOf.containsKey(user)) {
      if (model.joinRequired) {
        return "not_joined";
      }
      if (model.join(user, null) == null) {
        return "board_full";
      }
    }
    ReferenceBoard probe = scores.copy();
    ReferenceBoard.Outcome o = probe.apply(user, value, at, eventId);
    if (o == ReferenceBoard.Outcome.DUPLICATE) {
      scores.apply(user, value, at, eventId);
      return null;
    }
    if (o == ReferenceBoard.Outcome.CONFLICT) {
      return "event_id_conflict";
    }
    if (model.attempts.getOrDefault(user, 0) >= model.maxAttempts) {
      return "attempts_exhausted";
    }
    if (o == ReferenceBoard.Outcome.REJECTED) {
      return "score_out_of_range";
    }
    scores.apply(user, value, at, eventId);
    model.attempts.merge(user, 1, Integer::sum);
    return null;
  }

  /** Participants, every cohort's board (both rank modes), users' entries and boards, against the models. */
  private void verify(Random rnd, String name, ReferenceBoard scores, Model model, String period) {
    LeaderboardServiceImpl node = rnd.nextBoolean() ? a : b;
    ParticipantList list = node.participants(name, period, 0L, 1000).await();
    assertThat(list.total()).isEqualTo(model.cohortOf.size());
    List<String> order = new ArrayList<>();
    list.participants().forEach(o -> {
      order.add(o.userId());
      assertThat(o.cohort()).isEqualTo(model.cohortOf.get(o.userId()));
    });
    assertThat(order).isEqualTo(new ArrayList<>(model.cohortOf.keySet()));
    Set<Long> cohorts = new HashSet<>(model.cohortOf.values());
    for (long cohort : cohorts) {
      List<String> members = model.members(cohort);
      assertThat(members.size()).isLessThanOrEqualTo(model.cohortSize);
      ReferenceBoard within = scores.only(members);
      for (String mode : List.of("unique", "competition")) {
        CohortBoard got = node.cohort(name, cohort, period, mode, false).await();
        List<CohortBoard.Member> entries = got.entries();
        List<ReferenceBoard.Entry> expected = within.sorted();
        assertThat(entries.size()).as("cohort %d", cohort).isEqualTo(expected.size());
        assertThat(got.size()).isEqualTo(members.size());
        for (int k = 0; k < expected.size(); k++) {
          CohortBoard.Member e = entries.get(k);
          ReferenceBoard.Entry x = expected.get(k);
          assertThat(e.userId()).as("cohort %d at %d", cohort, k).isEqualTo(x.userId());
          assertThat(e.score()).isEqualTo(x.score());
          boolean unique = mode.equals("unique");
          assertThat(e.rank()).as("cohort rank of %s (%s)", x.userId(), mode)
              .isEqualTo(unique ? k + 1 : within.competitionRank(x.score()));
          assertThat(e.globalRank()).as("board rank of %s (%s)", x.userId(), mode)
              .isEqualTo(unique ? scores.uniqueRank(x.userId()) : scores.competitionRank(x.score()));
        }
        assertThat(got.missing()).containsExactlyInAnyOrderElementsOf(
            members.stream().filter(u -> within.get(u) == null).toList());
      }
    }
    for (int q = 0; q < 10; q++) {
      List<String> joined = new ArrayList<>(model.cohortOf.keySet());
      String user = joined.get(rnd.nextInt(joined.size()));
      ReferenceBoard within = scores.only(model.members(model.cohortOf.get(user)));
      CohortBoard mine = node.userCohort(name, user, period, null, false).await();
      assertThat(mine.cohort()).isEqualTo(model.cohortOf.get(user));
      if (scores.get(user) != null) {
        UserEntry entry = node.user(name, user, period, null, false).await();
        assertThat(entry.entry().rank()).isEqualTo(scores.uniqueRank(user));
        assertThat(entry.cohort().cohort()).isEqualTo(model.cohortOf.get(user));
        assertThat(entry.cohort().cohortRank()).isEqualTo(within.uniqueRank(user));
        if (period == null) {
          UserBoards boards = node.userBoards(user).await();
          UserBoards.Item mineHere = boards.boards().stream().filter(o -> o.board().equals(name)).findFirst()
              .orElseThrow();
          assertThat(mineHere.standing().rank()).isEqualTo(scores.uniqueRank(user));
          assertThat(mineHere.cohort().cohortRank()).isEqualTo(within.uniqueRank(user));
          assertThat(mineHere.attemptsLeft()).isEqualTo(model.maxAttempts - model.attempts.getOrDefault(user, 0));
          assertThat(mineHere.participant()).isTrue();
        }
      }
    }
  }

  @Test
  void twoHundredConcurrentJoinsFromTwoNodesAdmitExactlyFifty(Random rnd) {
    String name = board(new JsonObject().put("joinRequired", true).put("maxSize", 50).put("cohortSize", 7)
        .put("cohortBy", "bracket"));
    String[] brackets = {"a", "b", "c"};
    List<Future<JoinResult>> joins = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      joins.add((rnd.nextBoolean() ? a : b).join(name, new JoinRequest(join("j" + i, brackets[rnd.nextInt(3)]))));
    }
    Future.join(joins).otherwise(ignored -> null).await();
    Map<Long, Integer> sizes = new HashMap<>();
    int admitted = 0;
    for (Future<JoinResult> f : joins) {
      if (f.succeeded()) {
        admitted++;
        sizes.merge(f.result().cohort(), 1, Integer::sum);
      } else {
        assertThat(code(f.cause())).isEqualTo("board_full");
      }
    }
    assertThat(admitted).isEqualTo(50);
    assertThat(sizes.values()).allMatch(n -> n <= 7);
    assertThat(a.participants(name, null, 0L, 1000).await().total()).isEqualTo(50);
  }

  @Test
  void concurrentSubmitsOfOneUserFromTwoNodesAreAdmittedExactlyMaxAttempts(Random rnd) {
    int max = 2 + rnd.nextInt(6);
    String name = board(new JsonObject().put("maxAttempts", max).put("maxSize", 10));
    List<Future<SubmitResult>> submits = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      submits.add((rnd.nextBoolean() ? a : b).submit(name, new ScoreEvent(new JsonObject().put("userId", "solo")
          .put("value", 1).put("eventId", "s" + i)), false));
    }
    Future.join(submits).otherwise(ignored -> null).await();
    long taken = submits.stream().filter(Future::succeeded).count();
    assertThat(taken).isEqualTo(max);
    submits.stream().filter(Future::failed).forEach(f -> {
      assertThat(code(f.cause())).isEqualTo("attempts_exhausted");
      assertThat(((LeaderboardException) f.cause()).getDebugInfo().getInteger("attemptsLeft")).isZero();
    });
    assertThat(a.user(name, "solo", null, null, false).await().entry().score()).isEqualTo(max);
    assertThat(b.participants(name, null, 0L, 10).await().total()).isEqualTo(1);
  }

  @Test
  void anErasureRemovesTheUsersParticipationAndKeepsTheCohortsSize() {
    String name = board(new JsonObject().put("joinRequired", true).put("maxAttempts", 3).put("cohortSize", 2));
    String gone = "gone-" + UUID.randomUUID().toString().substring(0, 6);
    for (String u : List.of("x1", gone, "x3")) {
      a.join(name, new JoinRequest(join(u, null))).await();
      b.submit(name, new ScoreEvent(new JsonObject().put("userId", u).put("value", 5)), false).await();
    }
    assertThat(a.erase(gone).await().participations()).isEqualTo(1);
    List<ParticipantList.Participant> left = b.participants(name, null, 0L, 10).await().participants();
    assertThat(left.stream().map(ParticipantList.Participant::userId).toList()).containsExactly("x1", "x3");
    assertThat(code(catchThrowable(() -> a.submit(name, new ScoreEvent(new JsonObject().put("userId", gone)
        .put("value", 1)), false).await()))).isEqualTo("not_joined");
    assertThat(b.cohort(name, 1L, null, null, false).await().entries()).hasSize(1);
    // joining again places the user anew: cohort 1 still counts two places, so the one being filled
    assertThat(a.join(name, new JoinRequest(join(gone, null))).await().cohort()).isEqualTo(2);
  }

  /** Cohorts placed by real joins pay each cohort's winner at the close, by cohort rank. */
  @Test
  void eachCohortsBestIsRewardedAtTheClose(Random rnd) {
    String name = board(new JsonObject().put("period", "daily").put("joinRequired", true).put("cohortSize", 3)
        .put("rewards", new JsonArray().add(new JsonObject().put("ranks", new JsonArray().add(1).add(1))
            .put("reward", new JsonObject().put("gold", 1)))));
    Map<Long, String> best = new HashMap<>();
    Map<Long, Long> bestScore = new HashMap<>();
    for (int i = 0; i < 10; i++) {
      String user = "r" + i;
      long cohort = (rnd.nextBoolean() ? a : b).join(name, new JoinRequest(join(user, null))).await().cohort();
      long score = 1000 - i * 7 + rnd.nextInt(5);
      clock.set(clock.instant().plusMillis(1));
      a.submit(name, new ScoreEvent(new JsonObject().put("userId", user).put("value", score)), false).await();
      if (score > bestScore.getOrDefault(cohort, Long.MIN_VALUE)) {
        bestScore.put(cohort, score);
        best.put(cohort, user);
      }
    }
    b.closePeriod(name, "2025-04-15").await();
    List<RewardList.Item> rewards = a.periodRewards(name, "2025-04-15", 0L, 100).await().rewards();
    Map<Long, String> paid = new HashMap<>();
    rewards.forEach(r -> {
      assertThat(r.rank()).isEqualTo(1);
      assertThat(paid.put(r.cohort(), r.userId())).isNull();
    });
    assertThat(paid).isEqualTo(best);
  }

  @Test
  void theWindowRefusesBeforeStartsAtAndFromEndsAt() {
    String name = board(new JsonObject().put("startsAt", "2025-04-15T02:00:00Z").put("endsAt", "2025-04-15T03:00:00Z")
        .put("joinRequired", true));
    clock.set(Instant.parse("2025-04-15T01:59:59.999Z"));
    Throwable early = catchThrowable(() -> a.join(name, new JoinRequest(join("w", null))).await());
    assertThat(code(early)).isEqualTo("not_running");
    assertThat(early.getMessage()).contains("startsAt 2025-04-15T02:00:00Z");
    clock.set(Instant.parse("2025-04-15T02:00:00Z"));
    a.join(name, new JoinRequest(join("w", null))).await();
    a.submit(name, new ScoreEvent(new JsonObject().put("userId", "w").put("value", 3)), false).await();
    clock.set(Instant.parse("2025-04-15T03:00:00Z"));
    Throwable late = catchThrowable(() -> b.submit(name, new ScoreEvent(new JsonObject().put("userId", "w")
        .put("value", 3)), false).await());
    assertThat(code(late)).isEqualTo("not_running");
    assertThat(late.getMessage()).contains("endsAt 2025-04-15T03:00:00Z");
    assertThat(a.user(name, "w", null, null, false).await().entry().score()).isEqualTo(3);
    BoardDefinition def = a.getBoard(name).await();
    assertThat(def.toJson().getString("endsAt")).isEqualTo("2025-04-15T03:00:00Z");
  }
}
