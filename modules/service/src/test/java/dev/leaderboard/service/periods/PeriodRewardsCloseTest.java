package dev.leaderboard.service.periods;

import dev.leaderboard.core.BusAddresses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Period;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.JsonService;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.ReferenceBoard;
import dev.leaderboard.service.RewardReference;
import dev.leaderboard.service.RewardReference.Expected;
import dev.leaderboard.service.RewardReference.Final;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.pgclient.PgConnection;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.sqlclient.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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

/**
 * Rewards recorded at the close, on the real stores: they match {@link RewardReference} on random
 * final boards (banned users left out), a close killed inside its archive transaction and run again
 * records each reward once, claims racing on two nodes succeed once, erasure removes a user's
 * rewards, and a user's history reads as the archive holds it.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class PeriodRewardsCloseTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final String PERIOD = "2025-04-15";

  private final TestClock clock = new TestClock(DAY.plus(Duration.ofHours(20)));
  private Vertx vertx;
  private JsonService service;
  private LeaderboardServiceImpl impl;
  private ArchiveStore archive;

  /** The Redis the service runs on: the standalone test shards here, a Redis Cluster in {@link ClusterPeriodRewardsCloseTest}. */
  RedisTopology redis() {
    return RedisTopology.standalone(TestShards.endpoints());
  }

  private NodeStore.Options stores() {
    return new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(NodeStore.POOL_SIZE));
  }

  private Shards shards() {
    return Shards.connect(vertx, redis(), RedisPool.of(2));
  }

  @BeforeEach
  void deploy(Vertx vertx) {
    this.vertx = vertx;
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(stores(), clock, 4))).await();
    service = JsonService.proxy(vertx);
    impl = (LeaderboardServiceImpl) NodeServices.of(vertx).leaderboards();
    archive = ArchiveStore.connect(vertx, TestPostgres.uri());
  }

  @AfterEach
  void close() {
    archive.close();
  }

  @Test
  void rewardsOfRandomFinalBoardsMatchTheReference(Random rnd) {
    for (int round = 0; round < 6; round++) {
      int users = 20 + rnd.nextInt(250);
      List<RewardReference.Rule> rules = RewardReference.randomRules(rnd, users / 3);
      boolean competition = rnd.nextBoolean();
      JsonObject def = new JsonObject().put("period", "daily").put("operator", "set")
          .put("order", rnd.nextBoolean() ? "desc" : "asc").put("rewards", RewardReference.json(rules))
          .put("rewardRankMode", competition ? "competition" : "unique");
      Scenario s = scenario(rnd, def, users, rnd.nextInt(8));
      Promise<JsonObject> event = Promise.promise();
      var consumer = vertx.eventBus().<JsonObject>consumer(BusAddresses.PERIOD_ARCHIVED, m -> {
        if (s.name.equals(m.body().getString("board"))) {
          event.tryComplete(m.body());
        }
      });
      service.closePeriod(s.name, PERIOD).await();

      List<Expected> expected = RewardReference.expected(rules, competition, s.finals(), Map.of());
      List<Reward> recorded = archive.rewards().period(s.uid, PERIOD, 0, 100_000).await();
      assertThat(got(recorded)).as("round %d: %d users, rules %s, %s", round, users, RewardReference.json(rules),
          def.getString("rewardRankMode")).isEqualTo(expected);
      assertThat(recorded).allSatisfy(r -> {
        assertThat(s.banned).doesNotContain(r.userId());
        assertThat(r.claimedAt()).isNull();
        assertThat(r.board()).isEqualTo(s.name);
      });

      JsonObject rewards = event.future().await().getJsonObject("rewards");
      consumer.unregister().await();
      assertThat(rewards.getLong("total")).isEqualTo(expected.size());
      JsonArray top = rewards.getJsonArray("top");
      assertThat(top).hasSize(Math.min(PeriodArchivedEvent.TOP_REWARDS, expected.size()));
      for (int i = 0; i < top.size(); i++) {
        JsonObject r = top.getJsonObject(i);
        Expected e = expected.stream().filter(x -> x.userId().equals(r.getString("userId"))).findFirst().orElseThrow();
        assertThat(r.getLong("rank")).isEqualTo(e.rank());
        assertThat(r.getJsonObject("reward").encode()).isEqualTo(e.reward());
        if (i > 0) {
          assertThat(r.getLong("rank")).isGreaterThanOrEqualTo(top.getJsonObject(i - 1).getLong("rank"));
        }
      }
      JsonObject page = service.periodRewards(s.name, PERIOD, 0L, 1000).await();
      assertThat(page.getLong("total")).isEqualTo(expected.size());
    }
  }

  /**
   * The closing node's PostgreSQL session ends (the node is killed) while its transaction has
   * written the entries and waits to write the rewards: nothing is recorded; the close run again
   * records each reward once, and a third run adds nothing.
   */
  @Test
  void aCloseKilledInsideItsTransactionRecordsEachRewardOnceWhenRunAgain(Random rnd) {
    List<RewardReference.Rule> rules = List.of(new RewardReference.Rule(0, 0, 100, new JsonObject().put("coins", 5)),
        new RewardReference.Rule(1, 10, 0, new JsonObject().put("coins", 100)));
    JsonObject def = new JsonObject().put("period", "daily").put("operator", "set").put("rewards",
        RewardReference.json(rules));
    Scenario s = scenario(rnd, def, 600, 5);
    Shards shards = shards();
    PgConnection gate = PgConnection.connect(vertx, TestPostgres.uri()).await();
    try {
      BoardStore boardStore = new BoardStore(shards);
      BoardRegistry registry = new BoardRegistry(vertx, boardStore,
          new PeriodStore(boardStore.shards(), new ModerationStore(boardStore.shards())));
      registry.start().await();
      PeriodStore periods = new PeriodStore(shards, new ModerationStore(shards));
      // the dying node's own pool: its connections die with it
      ArchiveStore dyingArchive = ArchiveStore.connect(vertx, TestPostgres.uri() + "?application_name=dying");
      PeriodCloser dying = new PeriodCloser(vertx, registry, boardStore, periods, new DeliveryStore(shards),
          new ParticipationStore(shards), dyingArchive, clock, PeriodCloser.DEFAULT_LEASE_MILLIS);
      Board b = boardStore.get(s.name).await();
      Period day = b.parsePeriod(PERIOD);

      gate.query("begin").execute().await();
      gate.query("lock table reward in share mode").execute().await();
      Future<ArchivedPeriod> cut = dying.freezeAndArchive(b, day);
      List<Integer> waiting = new ArrayList<>();
      Await.until("the close waiting to write its rewards", Duration.ofSeconds(30), () -> {
        waiting.clear();
        for (Row row : gate.query("select pid from pg_locks where relation = 'reward'::regclass and not granted")
            .execute().await()) {
          waiting.add(row.getInteger(0));
        }
        return waiting.size() == 1;
      });
      int pid = waiting.get(0);
      int entriesSeen = gate.query("select count(*) from archived_entry where board_uid = '" + s.uid + "'").execute()
          .await().iterator().next().getInteger(0);
      assertThat(entriesSeen).as("uncommitted rows are not seen").isZero();
      gate.preparedQuery("select pg_terminate_backend($1)").execute(io.vertx.sqlclient.Tuple.of(pid)).await();
      gate.query("rollback").execute().await();
      assertThat(catchThrowable(cut::await)).isNotNull();
      dyingArchive.close();
      assertThat(archive.period(s.uid, PERIOD).await()).isNull();
      assertThat(archive.rewards().count(s.uid, PERIOD).await()).isZero();

      List<Expected> expected = RewardReference.expected(rules, false, s.finals(), Map.of());
      PeriodCloser next = new PeriodCloser(vertx, registry, boardStore, periods, new DeliveryStore(shards),
          new ParticipationStore(shards), archive, clock, PeriodCloser.DEFAULT_LEASE_MILLIS);
      next.close(b, day).await();
      assertThat(got(archive.rewards().period(s.uid, PERIOD, 0, 10_000).await())).isEqualTo(expected);
      next.close(b, day).await();
      assertThat(archive.archive(new ArchivedPeriod(s.uid, s.name, PERIOD, 0, clock.millis(), null), List.of(),
          List.of(Reward.of(s.finals().get(0).userId(), null, 1, 0, "{}"))).await()).isFalse();
      assertThat(archive.rewards().count(s.uid, PERIOD).await()).isEqualTo(expected.size());
      registry.stop().await();
    } finally {
      gate.close().await();
      shards.close();
    }
  }

  /**
   * On a period with cohort placements (the join hash of the cohort contract, written here as the
   * joins write it), ranks and top-percent counts are within each cohort; users placed in no
   * cohort get nothing; the history shows the reward (its cohorts, which come from the joins'
   * archived participants, are {@code HistoryCohortsTest}'s).
   */
  @Test
  void rewardsByCohortRankFollowThePeriodsPlacements(Random rnd) {
    for (int round = 0; round < 3; round++) {
      int users = 30 + rnd.nextInt(150);
      List<RewardReference.Rule> rules = RewardReference.randomRules(rnd, 6);
      boolean competition = rnd.nextBoolean();
      JsonObject def = new JsonObject().put("period", "daily").put("operator", "set")
          .put("rewards", RewardReference.json(rules)).put("rewardRankMode", competition ? "competition" : "unique");
      Scenario s = scenario(rnd, def, users, rnd.nextInt(4));
      Map<String, Long> cohorts = new java.util.HashMap<>();
      Route join = Keys.participation(impl.board(s.name).await(), PERIOD);
      List<Call> placements = new ArrayList<>();
      int size = 2 + rnd.nextInt(7);
      for (int i = 0; i < users; i++) {
        String user = s.name + "-" + i;
        long cohort = rnd.nextInt(25) == 0 ? 0 : 1 + i / size;
        if (cohort > 0) {
          cohorts.put(user, cohort);
        }
        // as the join script places them: the join hash and the join order
        String seat = DAY.toEpochMilli() + i + ":" + cohort;
        placements.add(Call.of(join, Request.cmd(Command.HSET).arg(Keys.joined(join)).arg(user).arg(seat)));
        placements.add(Call.of(join, Request.cmd(Command.RPUSH).arg(Keys.joinOrder(join)).arg(user + "\n" + seat)));
      }
      Shards shards = shards();
      try {
        shards.dispatch(placements).await();
      } finally {
        shards.close();
      }
      service.closePeriod(s.name, PERIOD).await();

      List<Expected> expected = RewardReference.expected(rules, competition, s.finals(), cohorts);
      assertThat(got(archive.rewards().period(s.uid, PERIOD, 0, 100_000).await()))
          .as("round %d: cohorts of %d, rules %s", round, size, RewardReference.json(rules)).isEqualTo(expected);
      for (Expected e : expected.subList(0, Math.min(3, expected.size()))) {
        JsonObject standing = service.history(s.name, e.userId(), 1).await().getJsonArray("periods").getJsonObject(0);
        assertThat(standing.getJsonObject("reward").encode()).isEqualTo(e.reward());
      }
    }
  }

  @Test
  void claimsRacingOnTwoNodesSucceedOnce(Random rnd) throws Exception {
    JsonObject def = new JsonObject().put("period", "daily").put("operator", "set").put("rewards",
        RewardReference.json(List.of(new RewardReference.Rule(1, 3, 0, new JsonObject().put("chest", "gold")))));
    Scenario s = scenario(rnd, def, 10, 0);
    service.closePeriod(s.name, PERIOD).await();
    String winner = s.finals().get(0).userId();
    JsonArray mine = service.rewards(winner, "unclaimed", null).await().getJsonArray("rewards");
    assertThat(mine).hasSize(1);
    long id = mine.getJsonObject(0).getLong("id");
    assertThat(mine.getJsonObject(0).getValue("claimedAt")).isNull();

    Vertx other = Vertx.vertx();
    try {
      other.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(stores(), clock, 4))).await();
      LeaderboardServiceImpl second = (LeaderboardServiceImpl) NodeServices.of(other).leaderboards();
      List<Future<?>> claims = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        claims.add((i % 2 == 0 ? impl : second).claimReward(winner, id));
      }
      Future.join(claims).otherwiseEmpty().await();
      assertThat(claims.stream().filter(Future::succeeded).count()).isEqualTo(1);
      assertThat(claims.stream().filter(Future::failed).map(f -> ((LeaderboardException) f.cause()).code()))
          .hasSize(59).containsOnly("already_claimed");
    } finally {
      other.close().await();
    }
    assertThat(service.rewards(winner, "unclaimed", null).await().getJsonArray("rewards")).isEmpty();
    JsonObject claimed = service.rewards(winner, "claimed", null).await().getJsonArray("rewards").getJsonObject(0);
    assertThat(claimed.getLong("claimedAt")).isEqualTo(clock.millis());
    // another user's reward is not this user's to claim
    assertThat(((LeaderboardException) catchThrowable(() -> impl.claimReward(s.finals().get(1).userId(), id).await()))
        .code()).isEqualTo("reward_not_found");
  }

  @Test
  void erasingAUserErasesTheirRewards(Random rnd) {
    JsonObject def = new JsonObject().put("period", "daily").put("operator", "set").put("rewards",
        RewardReference.json(List.of(new RewardReference.Rule(0, 0, 200, new JsonObject().put("coins", 1)))));
    Scenario s = scenario(rnd, def, 5, 0);
    service.closePeriod(s.name, PERIOD).await();
    String gone = s.finals().get(2).userId();
    assertThat(service.rewards(gone, null, null).await().getJsonArray("rewards")).hasSize(1);
    assertThat(impl.erase(gone).await().rewards()).isEqualTo(1);
    assertThat(service.rewards(gone, null, null).await().getJsonArray("rewards")).isEmpty();
    assertThat(archive.rewards().count(s.uid, PERIOD).await()).isEqualTo(4);
  }

  @Test
  void historyReadsTheCurrentPeriodAndEachArchivedOneNewestFirst(Random rnd) {
    String name = "hist-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily").put("operator", "set").put("rewards",
        RewardReference.json(List.of(new RewardReference.Rule(1, 2, 0, new JsonObject().put("medal", 1)))))).await();
    String me = name + "-me";
    List<JsonObject> expected = new ArrayList<>();
    for (int day = 0; day < 4; day++) {
      Instant start = DAY.plus(Duration.ofDays(day));
      clock.set(start.plus(Duration.ofHours(12)));
      int others = 1 + rnd.nextInt(6);
      List<Long> scores = new ArrayList<>();
      for (int i = 0; i < others; i++) {
        long v = rnd.nextInt(10);
        scores.add(v);
        service.submit(name, new JsonObject().put("userId", name + "-" + i).put("value", v)
            .put("at", start.toEpochMilli() + i)).await();
      }
      long mine = rnd.nextInt(10);
      service.submit(name, new JsonObject().put("userId", me).put("value", mine).put("at", start.toEpochMilli() + 100))
          .await();
      // ties go to who reached the score first: the others did
      long rank = 1 + scores.stream().filter(v -> v >= mine).count();
      long total = others + 1;
      String period = start.toString().substring(0, 10);
      JsonObject row = new JsonObject().put("period", period).put("rank", rank).put("score", mine).put("total", total)
          .put("percentile", Math.round(10000.0 * (total - (rank - 1)) / total) / 100.0);
      if (day < 3) {
        service.closePeriod(name, period).await();
        if (rank <= 2) {
          row.put("reward", new JsonObject().put("medal", 1));
        }
      }
      expected.add(0, row);
    }
    assertThat(service.history(name, me, null).await().getJsonArray("periods")).isEqualTo(new JsonArray(expected));
    assertThat(service.history(name, me, 2).await().getJsonArray("periods"))
        .isEqualTo(new JsonArray(new ArrayList<>(expected.subList(0, 2))));
    assertThat(service.history(name, name + "-nobody", null).await().getJsonArray("periods")).isEmpty();
  }

  /** A board of {@code users} users with random scores in the period, {@code bans} of them banned before the close. */
  private Scenario scenario(Random rnd, JsonObject definition, int users, int bans) {
    String name = "prize-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(name, definition).await();
    ReferenceBoard model = new ReferenceBoard(def, DAY.toEpochMilli());
    List<Future<?>> submits = new ArrayList<>();
    for (int i = 0; i < users; i++) {
      String user = name + "-" + i;
      long value = rnd.nextInt(12);
      long at = DAY.toEpochMilli() + rnd.nextInt(3_600_000);
      model.apply(user, value, at, null);
      submits.add(service.submit(name, new JsonObject().put("userId", user).put("value", value).put("at", at)));
    }
    Future.all(submits).await();
    Set<String> banned = new HashSet<>();
    for (int i = 0; i < bans; i++) {
      String user = name + "-" + rnd.nextInt(users);
      if (banned.add(user)) {
        impl.ban(user, new BanRequest(new JsonObject().put("reason", "cheat"))).await();
        model.remove(user);
      }
    }
    String uid = impl.board(name).await().uid();
    return new Scenario(name, uid, model, banned);
  }

  private record Scenario(String name, String uid, ReferenceBoard model, Set<String> banned) {
    List<Final> finals() {
      return model.sorted().stream().map(e -> new Final(e.userId(), e.score())).toList();
    }
  }

  private static List<Expected> got(List<Reward> rewards) {
    return rewards.stream().map(r -> new Expected(r.userId(), r.cohort(), r.rank(), r.score(), r.reward()))
        .sorted(Comparator.comparing(Expected::userId)).toList();
  }
}
