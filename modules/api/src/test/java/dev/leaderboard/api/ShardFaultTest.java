package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static dev.leaderboard.api.ApiTestSupport.await;
import static dev.leaderboard.api.ApiTestSupport.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.Outage.Mode;
import dev.leaderboard.api.Outage.State;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.ReferenceBoard.Entry;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard killed with SIGKILL under a seeded random mixed load, over HTTP, against the reference
 * model: concurrent workers submit (incr, set and best boards; with and without event IDs, retries,
 * {@code ?rank=}), send batches and read users, around-me, pages and ranks. After a number of answers
 * one of the test's own redis-server processes (AOF on) is killed; the load goes on for a bounded
 * number of requests with it down, every answer checked as it comes (see {@link FaultWorker}); then it
 * is started again on its port with its AOF, the writes answered 5xx are settled ({@link Settlement}),
 * more load runs, and every board must equal its model exactly: no acknowledged write lost, none
 * applied twice. Shard 0 holds the boards' definitions, which the node has cached by then, so any
 * shard may be the one killed.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ShardFaultTest {
  private static final int SHARDS = 3;
  private static final int PARTITIONS = 6;
  private static final int WORKERS = 6;
  private static final int USERS_PER_WORKER = 10;
  /** Answers before the kill, requests per worker sent with the shard down, and after the restart. */
  private static final int BEFORE_KILL = 180;
  private static final int WHILE_DOWN = 25;
  private static final int AFTER_RESTART = 25;
  private static final int CAP = 2_000;
  private static final Duration PHASE = Duration.ofSeconds(60);

  @Test
  void aShardKilledUnderMixedLoadLosesNoAcknowledgedWrite(Vertx vertx, @TempDir Path dir, Random rnd) throws Exception {
    Phases took = new Phases();
    try (LocalRedisShards shards = LocalRedisShards.start(dir, SHARDS)) {
      took.mark("start the redis-servers");
      int victim = rnd.nextInt(SHARDS);
      Outage outage = new Outage(SHARDS, PARTITIONS, victim, shards.endpoints().get(victim));
      BlockingHttp http = deploy(vertx, shards.endpoints());
      took.mark("start the node (and the module's shared test PostgreSQL, on first use)");
      List<FaultBoard> boards = List.of(
          board(http, "incr", "desc", "daily", "ms", Instant.parse("2025-04-15T00:00:00Z").toEpochMilli()),
          board(http, "set", "asc", "weekly", "s", Instant.parse("2025-04-14T00:00:00Z").toEpochMilli()),
          board(http, "best", "desc", "all-time", "s", -1));
      List<List<String>> users = users(rnd);
      List<List<String>> byShard = new ArrayList<>();
      for (int s = 0; s < SHARDS; s++) {
        int shard = s;
        byShard.add(users.stream().flatMap(List::stream).filter(u -> outage.shardOf(u) == shard).toList());
      }
      AtomicInteger answered = new AtomicInteger();
      List<FaultWorker> workers = new ArrayList<>();
      for (int w = 0; w < WORKERS; w++) {
        workers.add(new FaultWorker(w, new Random(rnd.nextLong()), users.get(w), byShard, boards, outage, http, answered));
      }
      Settlement settlement = new Settlement(http);
      took.mark("boards");
      ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
      try {
        List<Future<Void>> running = start(pool, workers,
            w -> w.runUntil(() -> outage.state() == State.DOWN && w.sentWhileDown() >= WHILE_DOWN, CAP));
        Await.until(BEFORE_KILL + " answers", PHASE,
            () -> answered.get() >= BEFORE_KILL || running.stream().anyMatch(Future::isDone));
        failFast(running);
        took.mark("load until the kill");
        outage.enter(State.KILLING);
        shards.kill(victim);
        outage.enter(State.DOWN);
        join(running);
        took.mark("kill and load while down");
        expectOutageSeen(outage);

        shards.restart(victim);
        Await.until("every board served by every shard again", PHASE,
            () -> boards.stream().allMatch(b -> http.get(b.path() + "/entries?limit=1").statusCode() == 200));
        outage.enter(State.UP);
        took.mark("restart");
        settlement.settle(workers);
        took.mark("settlement");
        join(start(pool, workers, w -> w.runUntil(countdown(AFTER_RESTART), CAP)));
        took.mark("load after the restart");
      } finally {
        pool.shutdownNow();
      }
      List<String> everyone = users.stream().flatMap(List::stream).toList();
      for (FaultBoard b : boards) {
        verify(http, b, everyone);
      }
      took.mark("verification");
      System.out.printf("killed shard %d (%s) after %d answers; seen: %s; settled: %s; took: %s%n", victim,
          outage.victimEndpoint, BEFORE_KILL, outage.summary(), settlement.counts(), took);
    }
  }

  /** What the outage must have shown: (1) and (2) of the failure behaviour, each at least once. */
  private static void expectOutageSeen(Outage outage) {
    for (String what : List.of("write acknowledged on a healthy shard", "batch event answered on a healthy shard",
        "submit applied, rank not read", "write refused", "user of a healthy shard read partial",
        "read over every shard refused")) {
      assertThat(outage.seen(Mode.DOWN, what)).as("with the shard down: %s; seen %s", what, outage.summary())
          .isPositive();
    }
  }

  private static BlockingHttp deploy(Vertx vertx, List<String> endpoints) {
    HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
    await(vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(endpoints, TestPostgres.uri()), ApiTestSupport.CLOCK, PARTITIONS)))
        .compose(id -> ApiTestSupport.deployKeys(vertx, endpoints))
        .compose(id -> vertx.deployVerticle(api)));
    WebClient client = ApiTestSupport.asAdmin(
        WebClient.create(vertx, new WebClientOptions(), new PoolOptions().setHttp1MaxSize(WORKERS + 2)));
    return new BlockingHttp(client, api.actualPort());
  }

  /** {@code periodStart} of the current period, or -1 for an all-time board (its origin). */
  private static FaultBoard board(BlockingHttp http, String operator, String order, String period, String ties,
      long periodStart) {
    JsonObject definition = ok(await(http.client().put(http.port(), "localhost", "/v1/boards/" + ApiTestSupport.randomBoard())
        .sendJsonObject(new JsonObject().put("operator", operator).put("order", order).put("period", period)
            .put("tieResolution", ties).put("partitions", PARTITIONS)
            .put("maxScore", operator.equals("incr") ? 500 : 1000))), 201);
    return new FaultBoard(definition, periodStart >= 0 ? periodStart : definition.getLong("origin"));
  }

  /** Each worker's users: IDs of the characters users may have, none twice. */
  private static List<List<String>> users(Random rnd) {
    String alphabet = "AZaz09._:@-";
    Set<String> taken = new HashSet<>();
    List<List<String>> all = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      List<String> mine = new ArrayList<>();
      while (mine.size() < USERS_PER_WORKER) {
        StringBuilder id = new StringBuilder();
        for (int k = 1 + rnd.nextInt(5); k > 0; k--) {
          id.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        String user = id.append(w).append(mine.size()).toString();
        if (taken.add(user)) {
          mine.add(user);
        }
      }
      all.add(mine);
    }
    return all;
  }

  /** The whole board against its model: the page in order, unique and competition ranks, each user, ranks for all. */
  private static void verify(BlockingHttp http, FaultBoard b, List<String> everyone) {
    List<Entry> expected = b.sorted();
    JsonObject page = ok(http.get(b.path() + "/entries?limit=1000"), 200);
    assertThat(page.getLong("total")).as("entries of %s", b.name).isEqualTo(expected.size());
    assertThat(entries(page.getJsonArray("entries"))).as("%s in rank order", b.name).isEqualTo(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(page.getJsonArray("entries").getJsonObject(i).getLong("rank")).as("rank %d of %s", i + 1, b.name)
          .isEqualTo(i + 1L);
    }
    JsonArray competition = ok(http.get(b.path() + "/entries?limit=1000&rankMode=competition"), 200).getJsonArray("entries");
    for (int i = 0; i < competition.size(); i++) {
      JsonObject e = competition.getJsonObject(i);
      assertThat(e.getLong("rank")).as("competition rank of %s", e).isEqualTo(b.competitionRank(e.getLong("score")));
    }
    for (String user : everyone) {
      Entry want = b.entry(user);
      if (want == null) {
        assertThat(http.get(b.path() + "/users/" + user).statusCode()).as("%s of %s", user, b.name).isEqualTo(404);
        continue;
      }
      JsonObject got = ok(http.get(b.path() + "/users/" + user), 200);
      assertThat(new Entry(user, got.getLong("score"), got.getLong("at"))).as("%s of %s", user, b.name).isEqualTo(want);
      assertThat(got.getLong("rank")).as("rank of %s on %s", user, b.name).isEqualTo(b.uniqueRank(user));
    }
    JsonObject ranks = ok(http.post(b.path() + "/ranks", new JsonObject().put("userIds", new JsonArray(everyone))), 200);
    assertThat(entries(ranks.getJsonArray("entries"))).as("ranks for every user of %s", b.name).isEqualTo(expected);
    assertThat(ranks.getJsonArray("missing")).hasSize(everyone.size() - expected.size());
  }

  private static List<Entry> entries(JsonArray entries) {
    return entries.stream().map(o -> (JsonObject) o)
        .map(e -> new Entry(e.getString("userId"), e.getLong("score"), e.getLong("at"))).toList();
  }

  /** Milliseconds per phase, for the summary. */
  private static final class Phases {
    private final Map<String, Long> ms = new LinkedHashMap<>();
    private long last = System.nanoTime();

    void mark(String phase) {
      long now = System.nanoTime();
      ms.put(phase, (now - last) / 1_000_000);
      last = now;
    }

    @Override
    public String toString() {
      return ms + " ms";
    }
  }

  private static java.util.function.BooleanSupplier countdown(int requests) {
    int[] left = {requests};
    return () -> left[0]-- <= 0;
  }

  private static List<Future<Void>> start(ExecutorService pool, List<FaultWorker> workers,
      Function<FaultWorker, Void> phase) {
    return workers.stream().map(w -> pool.submit(() -> phase.apply(w))).toList();
  }

  /** Surfaces the failure of a worker that stopped early. */
  private static void failFast(List<Future<Void>> running) throws Exception {
    for (Future<Void> f : running) {
      if (f.isDone()) {
        join(List.of(f));
      }
    }
  }

  private static void join(List<Future<Void>> running) throws Exception {
    for (Future<Void> f : running) {
      try {
        f.get(PHASE.toSeconds(), TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw (Exception) e.getCause();
      } catch (TimeoutException e) {
        throw new AssertionError("a worker did not finish within " + PHASE.toSeconds() + " s", e);
      }
    }
  }
}
