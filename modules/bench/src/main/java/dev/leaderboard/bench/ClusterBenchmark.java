package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The store's rank, page and submit paths on a local Redis Cluster of 3 masters beside 4 standalone
 * shards, on the same data (one board of {@code members} users, 8 partitions, same seed), each figure
 * as sequential latency, one call on each in turn ({@link Benchmark#pair}).
 *
 * <p>Usage: {@code ClusterBenchmark [members=1000000] [runs=1000]}. See docs/benchmarks.md.
 */
public final class ClusterBenchmark {
  private static final int SHARDS = 4;
  private static final int MASTERS = 3;
  private static final int PARTITIONS = 8;
  private static final String STANDALONE = "4 standalone shards";

  private ClusterBenchmark() {
  }

  /** One side: a board on its store. */
  private record Side(Shards shards, ScoreStore store, Board board) {
    static Side load(Shards shards, Board board, int members) {
      ScoreStore store = new ScoreStore(shards);
      store.loadScripts().await();
      new BoardStore(shards).create(board).await();
      long t0 = System.nanoTime();
      new BoardLoader(shards).load(board, members, 1, null);
      System.out.printf(Locale.ROOT, "loaded %,d members in %.1f s%n", members, (System.nanoTime() - t0) / 1e9);
      return new Side(shards, store, board);
    }
  }

  public static void main(String[] args) throws Exception {
    int members = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    Path dir = Files.createTempDirectory("leaderboard-cluster-bench");
    Vertx vertx = Vertx.vertx();
    try (LocalRedisShards shards = LocalRedisShards.start(dir.resolve("shards"), SHARDS);
        LocalRedisCluster cluster = LocalRedisCluster.start(dir.resolve("cluster"), MASTERS, 0, Duration.ofSeconds(5))) {
      Instant now = Instant.now();
      Board board = Board.define("bench-cluster", new JsonObject().put("partitions", PARTITIONS).put("maxScore", 10_000_000),
          null, now.minus(Duration.ofDays(1)), PARTITIONS, "u1");
      RedisPool pool = RedisPool.of(8);
      Side standalone = Side.load(Shards.connect(vertx, RedisTopology.standalone(shards.endpoints()), pool), board, members);
      Side onCluster = Side.load(Shards.connect(vertx,
          RedisTopology.cluster(cluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS), pool), board, members);
      run(onCluster, standalone, members, runs, now.toEpochMilli());
      standalone.shards().close();
      onCluster.shards().close();
    } finally {
      vertx.close().await();
    }
  }

  private static void run(Side cluster, Side standalone, int members, int runs, long now) {
    SplittableRandom pick = new SplittableRandom(2);
    List<Benchmark.Row> rows = new ArrayList<>();
    rows.add(both("global rank, first ask (2 rounds)", runs, cluster, standalone,
        s -> () -> s.store().userRank(s.board(), "all", "u" + pick.nextInt(members), null)));
    List<StoredEntry> returning = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      String u = "u" + pick.nextInt(members);
      returning.add(standalone.store().stored(standalone.board(), "all", u).await());
    }
    int[] next = {0};
    rows.add(both("global rank, asking again (1 round)", runs, cluster, standalone, s -> () -> {
      StoredEntry e = returning.get(next[0]++ / 2 % returning.size());
      return s.store().userRank(s.board(), "all", e.userId(), e);
    }));
    rows.add(both("top page (limit 100)", runs, cluster, standalone, s -> () -> s.store().page(s.board(), "all", 0, 100)));
    long deep = Math.min(500_000, members / 2);
    rows.add(both(String.format(Locale.ROOT, "page at offset %,d (limit 100)", deep), runs, cluster, standalone,
        s -> () -> s.store().page(s.board(), "all", deep, 100)));
    long tie = standalone.board().codec().tie(0);
    rows.add(both("submit (incr, the script's one call)", runs, cluster, standalone, s -> () -> s.store().submit(s.board(),
        new SubmitCommand("all", "u" + pick.nextInt(members), Operator.INCR, 1, tie, null), now, 3_600_000)));
    rows.add(both("submit with rank (write, then 1 count round)", runs, cluster, standalone, s -> () -> {
      String user = "u" + pick.nextInt(members);
      return s.store().submit(s.board(), new SubmitCommand("all", user, Operator.INCR, 1, tie, null), now, 3_600_000)
          .compose(o -> s.store().userRank(s.board(), "all", user, o.entry()));
    }));
    Benchmark.print(rows, "cluster (" + MASTERS + " masters)");
  }

  /** The same operation on both sides, the cluster's as "ours" and the shards' as the baseline. */
  private static Benchmark.Row both(String name, int runs, Side cluster, Side standalone,
      Function<Side, Supplier<Future<?>>> op) {
    return Benchmark.pair(name, STANDALONE, "(context)", false, runs, op.apply(cluster), op.apply(standalone));
  }
}
