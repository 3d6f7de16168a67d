package dev.leaderboard.bench;

import dev.leaderboard.store.scripts.StoreScripts;
import dev.leaderboard.app.LeaderboardApp;
import dev.leaderboard.core.Board;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Competitions under load, each beside its baseline in the same run ({@link Contest}, load from
 * {@code wrk}): a user's cohort board (cohorts of 50 on a board of {@code members} participants)
 * against the same user's friend board of 50 on the same board (readers from the first cohorts, whose
 * boards concurrent reads often share, then readers from every cohort), and joins (each by a user never seen
 * before, on a board with cohorts) against single submits without the rank on a board without
 * competition fields. A 503's {@code Retry-After} is waited out, as a client does, and the 503s are
 * counted.
 *
 * <p>Usage: {@code CompetitionBenchmark [members=1000000] [seconds=10]}; needs {@code wrk} and
 * {@code /usr/bin/time}. See docs/benchmarks.md.
 */
public final class CompetitionBenchmark {
  private static final int SHARDS = 4;
  private static final int CONNECTIONS = 64;
  private static final int COHORT_SIZE = 50;
  /** Users whose cohort and friend boards are read: each has {@link #COHORT_SIZE} friends. */
  private static final int READERS = 1000;
  private static final int JOINS_IN_FLIGHT = 256;

  private CompetitionBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Wrk.requireInstalled();
    int members = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    double warmup = Math.max(1, Math.round(seconds / 2.0));
    Path dir = Files.createTempDirectory("leaderboard-competition-bench");
    Report report = new Report();
    long t0 = System.nanoTime();
    try (LocalRedisShards redis = LocalRedisShards.start(dir, SHARDS)) {
      int port = Local.freePort();
      LeaderboardApp app = HttpBenchmark.node(redis, dir, port, Map.of());
      Vertx bench = Vertx.vertx();
      try {
        String authorization = "Bearer " + Files.readString(app.adminKeyFile()).strip();
        Shards shards = Shards.connect(bench, redis.endpoints(), 16);
        shards.loadScripts(StoreScripts.ALL).await();
        HttpClient http = bench.createHttpClient();
        BoardAdmin boards = new BoardAdmin(http, port, shards, authorization);
        RedisNodes nodes = new RedisNodes(shards, SHARDS);
        long jvm = ProcessHandle.current().pid();

        report.section("setup");
        Board cohorts = boards.create("cohorts", new JsonObject().put("cohortSize", COHORT_SIZE));
        Board open = boards.create("open", new JsonObject());
        boards.create("joins", new JsonObject().put("cohortSize", COHORT_SIZE));
        // as a node does before a period's first write: the scripts write only to live partitions
        new BoardStore(shards).addPeriod(cohorts, "all").await();
        long t = System.nanoTime();
        join(new ParticipationStore(shards), cohorts, members);
        report.line("%,d joins of the cohort board in process, %d in flight: %.0f s", members, JOINS_IN_FLIGHT,
            (System.nanoTime() - t) / 1e9);
        t = System.nanoTime();
        new BoardLoader(shards).load(cohorts, members, 1, null);
        new BoardLoader(shards).load(open, members, 2, null);
        report.line("scores of both boards (%,d members each): %.0f s", members, (System.nanoTime() - t) / 1e9);
        t = System.nanoTime();
        friends(http, port, authorization, members);
        report.line("%,d friend lists of %d: %.0f s", READERS, COHORT_SIZE, (System.nanoTime() - t) / 1e9);
        nodes.rewriteAof();

        Contest contest = new Contest(nodes::settle, new CpuMeter(HttpBenchmark.redisPids(dir)), new Wrk(dir));
        LoadSpec cohortRead = LoadSpec.of(LoadSpec.Kind.COHORT, port, "cohorts", READERS, CONNECTIONS)
            .withAuthorization(authorization);
        // the same read for users of every cohort: concurrent reads rarely share a cohort, so no count is shared
        LoadSpec cohortReadAll = LoadSpec.of(LoadSpec.Kind.COHORT, port, "cohorts", members, CONNECTIONS)
            .withAuthorization(authorization);
        LoadSpec friendRead = LoadSpec.of(LoadSpec.Kind.FRIENDS, port, "cohorts", READERS, CONNECTIONS)
            .withAuthorization(authorization);
        LoadSpec joins = LoadSpec.of(LoadSpec.Kind.JOIN, port, "joins", members, CONNECTIONS)
            .withAuthorization(authorization);
        LoadSpec submits = LoadSpec.of(LoadSpec.Kind.SUBMIT, port, "open", members, CONNECTIONS).withRank(false)
            .withAuthorization(authorization);
        // a benchmark of refusals would measure nothing: one request of each read must answer 200
        for (String path : List.of("/v1/boards/cohorts/users/u1/cohort", "/v1/boards/cohorts/users/u1/friends")) {
          expectOk(http, port, authorization, path);
        }
        for (LoadSpec spec : List.of(cohortRead, cohortReadAll, friendRead, joins, submits)) {
          contest.unmeasured(new Target("jit", jvm, spec), warmup);
        }

        report.section("competitions: " + members + " participants, cohorts of " + COHORT_SIZE + ", "
            + CONNECTIONS + " connections, wrk (machine: " + Runtime.getRuntime().availableProcessors()
            + " cores, JDK " + System.getProperty("java.version") + ", redis-server " + nodes.version() + " x "
            + SHARDS + ")");
        report.line("| case | target | req/s | p50 ms | p99 ms | non-2xx | CPU ms per answer: server / shards / wrk "
            + "| vs baseline | other processes' CPU |");
        report.line("|---|---|---:|---:|---:|---:|---|---:|---:|");
        compare(report, contest, "a user's board of 50", new Target("cohort board", jvm, cohortRead, true),
            new Target("friend board (baseline)", jvm, friendRead, true), warmup, seconds);
        compare(report, contest, "a user's board of 50, readers from every cohort", new Target("cohort board", jvm,
            cohortReadAll, true), new Target("friend board (baseline)", jvm, friendRead, true), warmup, seconds);
        compare(report, contest, "writes", new Target("joins (new users, cohorts of 50)", jvm, joins, true),
            new Target("single submits, ?rank=false (baseline)", jvm, submits, true), warmup, seconds);
      } finally {
        bench.close().await();
        app.stop().await();
      }
    } finally {
      Local.deleteTree(dir);
    }
    System.out.printf("benchmark took %.0f s%n", (System.nanoTime() - t0) / 1e9);
  }

  private static void compare(Report report, Contest contest, String name, Target measured, Target baseline,
      double warmup, double seconds) {
    Map<String, WrkResult> r = contest.run(List.of(measured, baseline), warmup, seconds);
    WrkResult base = r.get(baseline.label());
    r.forEach((target, x) -> report.line("| %s | %s | %,.0f | %.2f | %.2f | %d | %s | %.2fx | %.0f %% |%s", name,
        target, x.perSecond(), x.p50Ms(), x.p99Ms(), x.non2xx(), x.cpuPerAnswer(), x.perSecond() / base.perSecond(),
        100 * x.otherShare(), x.errors()));
  }

  private static void expectOk(HttpClient http, int port, String authorization, String path) {
    String answer = http.request(HttpMethod.GET, port, Local.HOST, path)
        .compose(req -> req.putHeader("Authorization", authorization).send())
        .compose(resp -> resp.body().map(body -> resp.statusCode() + " " + body)).await();
    if (!answer.startsWith("200 ")) {
      throw new IllegalStateException("GET " + path + ": " + answer);
    }
  }

  /** Users {@code u0 .. u<members-1>} join {@code b}'s all-time period, {@link #JOINS_IN_FLIGHT} at a time. */
  private static void join(ParticipationStore store, Board b, int members) {
    List<Future<?>> inFlight = new ArrayList<>(JOINS_IN_FLIGHT);
    long now = System.currentTimeMillis();
    for (int u = 0; u < members; u++) {
      inFlight.add(store.join(b, "all", "u" + u, "", now + u));
      if (inFlight.size() == JOINS_IN_FLIGHT || u == members - 1) {
        Future.all(inFlight).await();
        inFlight.clear();
      }
    }
  }

  /** Each of the first {@link #READERS} users gets {@link #COHORT_SIZE} friends spread over the board. */
  private static void friends(HttpClient http, int port, String authorization, int members) {
    for (int u = 0; u < READERS; u++) {
      JsonArray ids = new JsonArray();
      for (int k = 1; k <= COHORT_SIZE; k++) {
        ids.add("u" + ((u + (long) k * 19_997) % members));
      }
      String path = "/v1/users/u" + u + "/friends";
      int status = http.request(HttpMethod.POST, port, Local.HOST, path)
          .compose(req -> req.putHeader("content-type", "application/json").putHeader("Authorization", authorization)
              .send(new JsonObject().put("friendIds", ids).toBuffer()))
          .compose(resp -> resp.body().map(body -> resp.statusCode())).await();
      if (status >= 300) {
        throw new IllegalStateException("POST " + path + ": " + status);
      }
    }
  }
}
