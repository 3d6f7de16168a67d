package dev.leaderboard.bench;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.core.Board;
import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.service.request.FriendIds;
import dev.leaderboard.service.FriendRankService;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Measures the read paths on one board of {@code members} users over 4 local shards, each beside its
 * baseline on the same data: a friend board of 1,000 against a ZSCORE per friend, the page at offset
 * 500,000 against the top page, a global rank against ZREVRANK on one unsharded key.
 * Usage: {@code java -jar modules/bench/target/bench.jar [members=1000000] [runs=1000]}.
 */
public final class Benchmark {
  private static final String SINGLE_KEY = "bench:single";

  private Benchmark() {
  }

  public static void main(String[] args) throws Exception {
    int members = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    int partitions = 4;
    Path dir = Files.createTempDirectory("leaderboard-bench");
    try (LocalRedisShards local = LocalRedisShards.start(dir, 4); LocalPostgres pg = LocalPostgres.start(dir)) {
      Vertx vertx = Vertx.vertx();
      try {
        run(vertx, local.endpoints(), pg.uri(), members, runs, partitions);
      } finally {
        vertx.close().await();
      }
    }
  }

  private static void run(Vertx vertx, List<String> endpoints, String pgUri, int members, int runs, int partitions) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(endpoints, pgUri), Clock.systemUTC(), partitions))).await();
    vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(endpoints, pgUri), Clock.systemUTC(), 5000))).await();
    LeaderboardService service = LeaderboardService.createProxy(vertx, BusAddresses.SERVICE);
    FriendRankService friends = FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);
    Shards shards = Shards.connect(vertx, endpoints, 8);
    ScoreStore store = new ScoreStore(shards);
    store.loadScripts().await();

    String name = "bench";
    service.putBoard(name, new JsonObject().put("partitions", partitions).put("maxScore", 10_000_000)).await();
    Board board = new BoardStore(shards).get(name).await();

    long t0 = System.nanoTime();
    Random rnd = new Random(1);
    List<Future<?>> inFlight = new ArrayList<>();
    for (int i = 0; i < members; i += 1000) {
      JsonArray events = new JsonArray();
      for (int k = i; k < Math.min(members, i + 1000); k++) {
        events.add(new JsonObject().put("userId", "u" + k).put("value", rnd.nextInt(1_000_000)));
      }
      inFlight.add(service.submitBatch(name, new ScoreBatch(new JsonObject().put("events", events))));
      if (inFlight.size() == 8) {
        Future.all(inFlight).await();
        inFlight.clear();
      }
    }
    Future.all(inFlight).await();
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(Locale.ROOT, "loaded %,d members over %d shards in %.1f s (%,.0f events/s through the service)%n",
        members, endpoints.size(), loadSeconds, members / loadSeconds);

    copyToSingleKey(shards, board, partitions);

    JsonArray friendIds = new JsonArray();
    for (int k = 1; k <= 1000; k++) {
      friendIds.add("u" + (k * 997 % members));
    }
    friends.importFriends("u0", new FriendIds(new JsonObject().put("friendIds", friendIds))).await();
    List<String> friendList = new ArrayList<>();
    friendIds.forEach(f -> friendList.add((String) f));

    List<Row> rows = new ArrayList<>();
    Random pick = new Random(2);
    rows.add(pair("friend board, 1,000 friends (top 100)", "one ZSCORE per friend, sort in app", "ours >= 20x faster",
        true, Math.max(30, runs / 5),
        () -> friends.friendBoard(name, "u0", null, 0L, 100, null, false),
        () -> naiveFriendBoard(shards, board, friendList)));
    rows.add(pair("page at offset 500,000 (limit 100)", "top page (limit 100)", "<= 3x the top page", false, runs,
        () -> service.entries(name, null, (long) Math.min(500_000, members / 2), 100, null, null),
        () -> service.entries(name, null, 0L, 100, null, null)));
    rows.add(pair("global rank, first ask (store: 2 rounds)", "ZREVRANK on one unsharded key", "<= 1.5x", false, runs,
        () -> store.userRank(board, "all", "u" + pick.nextInt(members), null),
        () -> shards.send(Route.META, Request.cmd(Command.ZREVRANK).arg(SINGLE_KEY).arg("u" + pick.nextInt(members)))));
    // users asking again: the node has seen their composite, so one validated round suffices
    List<StoredEntry> returning = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      String u = "u" + pick.nextInt(members);
      returning.add(store.stored(board, "all", u).await());
    }
    int[] next = {0};
    rows.add(pair("global rank, asking again (store: 1 round)", "ZREVRANK on one unsharded key", "<= 1.5x", false, runs,
        () -> {
          StoredEntry e = returning.get(next[0]++ % returning.size());
          return store.userRank(board, "all", e.userId(), e);
        },
        () -> shards.send(Route.META, Request.cmd(Command.ZREVRANK).arg(SINGLE_KEY).arg("u" + pick.nextInt(members)))));
    int[] again = {0};
    rows.add(pair("global rank via service, asking again", "ZREVRANK on one unsharded key", "(context: event bus, JSON)",
        false, runs,
        () -> service.user(name, returning.get(again[0]++ % returning.size()).userId(), null, null, null),
        () -> shards.send(Route.META, Request.cmd(Command.ZREVRANK).arg(SINGLE_KEY).arg("u" + pick.nextInt(members)))));

    print(rows, "ours");
    memory(shards, board, partitions);
    shards.close();
  }

  /** The rows as a table: each figure, its baseline and their ratio; {@code ours} heads the first column. */
  static void print(List<Row> rows, String ours) {
    System.out.println();
    System.out.printf(Locale.ROOT, "%-44s %22s   %-36s %22s %9s  %s%n", "measurement", ours + " median / p99",
        "baseline", "baseline median / p99", "ratio", "target");
    for (Row r : rows) {
      double ratio = r.inverse ? r.baseline.median / r.ours.median : r.ours.median / r.baseline.median;
      System.out.printf(Locale.ROOT, "%-44s %10.3f / %7.3f ms   %-36s %10.3f / %7.3f ms %8.2fx  %s%n", r.name,
          r.ours.median, r.ours.p99, r.baselineName, r.baseline.median, r.baseline.p99, ratio, r.target);
    }
  }

  record Row(String name, Stats ours, String baselineName, Stats baseline, String target, boolean inverse) {
  }

  record Stats(double median, double p99) {
  }

  /**
   * Sequential latency of an operation and its baseline, measured alternately (one call of each in
   * turn) so that both see the same machine; each call waits for the previous answer.
   */
  static Row pair(String name, String baselineName, String target, boolean inverse, int runs,
      Supplier<Future<?>> ours, Supplier<Future<?>> baseline) {
    for (int i = 0; i < Math.max(10, runs / 5); i++) {
      ours.get().await();
      baseline.get().await();
    }
    double[] a = new double[runs];
    double[] b = new double[runs];
    for (int i = 0; i < runs; i++) {
      a[i] = time(ours);
      b[i] = time(baseline);
    }
    return new Row(name, stats(a), baselineName, stats(b), target, inverse);
  }

  private static double time(Supplier<Future<?>> op) {
    long t = System.nanoTime();
    op.get().await();
    return (System.nanoTime() - t) / 1e6;
  }

  private static Stats stats(double[] ms) {
    Arrays.sort(ms);
    return new Stats(ms[ms.length / 2], ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.99) - 1)]);
  }

  private static Future<List<StoredEntry>> naiveFriendBoard(Shards shards, Board b, List<String> friends) {
    Future<List<StoredEntry>> chain = Future.succeededFuture(new ArrayList<>());
    for (String f : friends) {
      chain = chain.compose(acc -> {
        Route route = Keys.home(shards, b, "all", f);
        return shards.send(route, Request.cmd(Command.ZSCORE).arg(Keys.scores(route)).arg(f))
            .map(r -> {
              if (r != null) {
                acc.add(new StoredEntry(f, StoredEntry.parseComposite(r.toString())));
              }
              return acc;
            });
      });
    }
    return chain.map(acc -> {
      acc.sort(StoredEntry.order(b.order()));
      return acc;
    });
  }

  private static void copyToSingleKey(Shards shards, Board b, int partitions) {
    for (Route r : Keys.keySets(shards, b, "all")) {
      Response all = shards.send(r, Request.cmd(Command.ZRANGE).arg(Keys.scores(r)).arg(0).arg(-1).arg("WITHSCORES"))
          .await();
      List<Request> adds = new ArrayList<>();
      Request add = null;
      for (int i = 0; i + 1 < all.size(); i += 2) {
        if (add == null) {
          add = Request.cmd(Command.ZADD).arg(SINGLE_KEY);
        }
        add.arg(all.get(i + 1).toString()).arg(all.get(i).toString());
        if ((i / 2) % 10_000 == 9_999) {
          adds.add(add);
          add = null;
        }
      }
      if (add != null) {
        adds.add(add);
      }
      shards.dispatch(adds.stream().map(a -> Call.of(Route.META, a)).toList()).await();
    }
  }

  private static void memory(Shards shards, Board b, int partitions) {
    long scores = 0;
    long index = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      scores += usage(shards, r, Keys.scores(r));
      index += usage(shards, r, Keys.distinct(r)) + usage(shards, r, Keys.scoreCounts(r));
    }
    long single = usage(shards, Route.META, SINGLE_KEY);
    System.out.printf(Locale.ROOT, "%nmemory: one unsharded sorted set %,d bytes; the board over %d partitions %,d bytes "
        + "of scores (%.2fx) plus %,d bytes of distinct-score index for dense ranks (%.2fx in all; boards created "
        + "with denseRanks false keep no index)%n", single, partitions, scores, (double) scores / single, index,
        (double) (scores + index) / single);
  }

  private static long usage(Shards shards, Route route, String key) {
    Response r = shards.send(route, Request.cmd(Command.MEMORY).arg("USAGE").arg(key).arg("SAMPLES").arg(0)).await();
    return r == null ? 0 : r.toLong();
  }
}
