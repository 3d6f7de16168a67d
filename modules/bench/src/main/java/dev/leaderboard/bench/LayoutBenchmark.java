package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Layout;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The packed layout against the wide one on the same data: two all-time boards of {@code members}
 * users (8 partitions, second ties, maxScore 10,000,000), loaded with the same seed on the same 4
 * shards. Prints side by side Redis memory per member, submit throughput ({@link ScoreStore#submitAll}
 * batches in turn) and a user's global rank latency, first ask and with a hint.
 *
 * <p>Usage: {@code LayoutBenchmark [members=1000000] [runs=1000]}. See docs/benchmarks.md.
 */
public final class LayoutBenchmark {
  private static final int SHARDS = 4;
  private static final int PARTITIONS = 8;
  private static final int SUBMIT_EVENTS = 100_000;
  private static final int SUBMIT_BATCH = 500;
  private static final int WARMUP_EVENTS = 10_000;
  private static final long DEDUPE_MILLIS = 3_600_000;
  private static final int HINTS = 1000;
  private static final double MEMORY_TARGET = 1.6;

  private LayoutBenchmark() {
  }

  /** One side: a board of one layout on the shared store. */
  private record Side(String name, ScoreStore store, Board board) {
    /** The {@code incr} by 1 of {@code user} at {@code atMillis}, as the service builds it for this layout. */
    SubmitCommand incr(String user, long atMillis) {
      if (board.wide()) {
        return new SubmitCommand("all", user, Operator.INCR, 1, 0, null, null, null,
            board.tieCodec().encode(new long[0], atMillis));
      }
      long offset = Math.floorDiv(atMillis - board.origin(), board.tieResolution().millis());
      return new SubmitCommand("all", user, Operator.INCR, 1, board.codec().tie(offset), null);
    }
  }

  public static void main(String[] args) throws Exception {
    int members = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    Path dir = Files.createTempDirectory("leaderboard-layout-bench");
    Vertx vertx = Vertx.vertx();
    try (LocalRedisShards local = LocalRedisShards.start(dir.resolve("shards"), SHARDS)) {
      Shards shards = Shards.connect(vertx, RedisTopology.standalone(local.endpoints()), RedisPool.of(8));
      ScoreStore store = new ScoreStore(shards);
      store.loadScripts().await();
      Instant now = Instant.now();
      JsonObject spec = new JsonObject().put("partitions", PARTITIONS).put("tieResolution", "s")
          .put("maxScore", 10_000_000);
      Board packed = Board.define("bench-packed", spec.copy(), null, now.minus(Duration.ofDays(1)), PARTITIONS, "u1");
      Board wide = Board.define("bench-wide", spec.copy().put("layout", "wide"), null, now.minus(Duration.ofDays(1)),
          PARTITIONS, "u2");
      if (packed.layout() != Layout.PACKED || wide.layout() != Layout.WIDE) {
        throw new IllegalStateException("expected a packed and a wide board, got " + packed.layout() + " and "
            + wide.layout());
      }
      Side p = load(shards, new Side("packed", store, packed), members);
      Side w = load(shards, new Side("wide", store, wide), members);
      memory(shards, p, w, members);
      submits(p, w, members, now.toEpochMilli());
      ranks(p, w, members, runs);
      shards.close();
    } finally {
      vertx.close().await();
    }
  }

  private static Side load(Shards shards, Side side, int members) {
    new BoardStore(shards).create(side.board()).await();
    long t0 = System.nanoTime();
    new BoardLoader(shards).load(side.board(), members, 1, null);
    System.out.printf(Locale.ROOT, "loaded %,d members into the %s board in %.1f s%n", members, side.name(),
        (System.nanoTime() - t0) / 1e9);
    return side;
  }

  private static void memory(Shards shards, Side packed, Side wide, int members) {
    long packedScores = scoreSets(shards, packed.board());
    long wideScores = scoreSets(shards, wide.board());
    long[] userMap = userMaps(shards, wide.board(), members);
    double p = (double) packedScores / members;
    double w = (double) (wideScores + userMap[0]) / members;
    System.out.printf(Locale.ROOT, "%nmemory (MEMORY USAGE key SAMPLES 0), %,d members over %d partitions:%n", members,
        PARTITIONS);
    System.out.printf(Locale.ROOT, "  packed: score sorted sets %,d bytes = %.1f bytes/member%n", packedScores, p);
    System.out.printf(Locale.ROOT, "  wide:   score sorted sets %,d bytes (%.1f bytes/member) + user map %,d bytes "
        + "in %,d buckets (%.1f bytes/member) = %,d bytes = %.1f bytes/member%n", wideScores,
        (double) wideScores / members, userMap[0], userMap[1], (double) userMap[0] / members,
        wideScores + userMap[0], w);
    System.out.printf(Locale.ROOT, "  wide / packed %.2fx   target wide <= %.1fx packed: %s%n", w / p, MEMORY_TARGET,
        w / p <= MEMORY_TARGET ? "met" : "not met");
  }

  /** The bytes of the board's score sorted sets, all partitions. */
  private static long scoreSets(Shards shards, Board b) {
    long sum = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      sum += usage(shards, List.of(Call.of(r, memoryUsage(Keys.scores(r)))));
    }
    return sum;
  }

  /**
   * The bytes of every bucket of the wide board's user maps and the number of buckets: the buckets
   * are the keys {@link Keys#users} gives for the loaded users of each partition.
   */
  private static long[] userMaps(Shards shards, Board b, int members) {
    List<Route> routes = Keys.keySets(shards, b, "all");
    List<Set<String>> buckets = new ArrayList<>();
    for (int i = 0; i < routes.size(); i++) {
      buckets.add(new LinkedHashSet<>());
    }
    for (int k = 0; k < members; k++) {
      String user = "u" + k;
      int p = Keys.home(shards, b, "all", user).partition();
      buckets.get(p).add(Keys.users(routes.get(p), user));
    }
    long bytes = 0;
    long keys = 0;
    for (int p = 0; p < routes.size(); p++) {
      Route r = routes.get(p);
      bytes += usage(shards, buckets.get(p).stream().map(key -> Call.of(r, memoryUsage(key))).toList());
      keys += buckets.get(p).size();
    }
    return new long[] {bytes, keys};
  }

  private static Request memoryUsage(String key) {
    return Request.cmd(Command.MEMORY).arg("USAGE").arg(key).arg("SAMPLES").arg(0);
  }

  /** The sum of the {@code MEMORY USAGE} answers of {@code calls}, sent in one dispatch. */
  private static long usage(Shards shards, List<Call> calls) {
    long sum = 0;
    for (Response r : shards.dispatch(calls).await()) {
      sum += r == null ? 0 : r.toLong();
    }
    return sum;
  }

  /**
   * The same {@code incr} events (the same users in the same order) on both boards, a batch on one,
   * then the same batch on the other, the board that goes first changing every batch; after a
   * warm-up of {@link #WARMUP_EVENTS} per board, each board's events/s is its events over the sum of
   * its batches' wall times.
   */
  private static void submits(Side packed, Side wide, int members, long at) {
    SplittableRandom pick = new SplittableRandom(3);
    Map<SubmitOutcome.Status, Integer> packedOutcomes = new EnumMap<>(SubmitOutcome.Status.class);
    Map<SubmitOutcome.Status, Integer> wideOutcomes = new EnumMap<>(SubmitOutcome.Status.class);
    long[] nanos = new long[2];
    int batches = (WARMUP_EVENTS + SUBMIT_EVENTS) / SUBMIT_BATCH;
    int warmup = WARMUP_EVENTS / SUBMIT_BATCH;
    for (int i = 0; i < batches; i++) {
      List<String> users = new ArrayList<>(SUBMIT_BATCH);
      for (int j = 0; j < SUBMIT_BATCH; j++) {
        users.add("u" + pick.nextInt(members));
      }
      boolean measured = i >= warmup;
      boolean packedFirst = i % 2 == 0;
      for (int turn = 0; turn < 2; turn++) {
        boolean isPacked = (turn == 0) == packedFirst;
        Side s = isPacked ? packed : wide;
        List<SubmitCommand> batch = users.stream().map(u -> s.incr(u, at)).toList();
        long t0 = System.nanoTime();
        List<SubmitOutcome> out = s.store().submitAll(s.board(), batch, at, DEDUPE_MILLIS).await();
        long t = System.nanoTime() - t0;
        if (measured) {
          nanos[isPacked ? 0 : 1] += t;
          Map<SubmitOutcome.Status, Integer> counts = isPacked ? packedOutcomes : wideOutcomes;
          out.forEach(o -> counts.merge(o.status(), 1, Integer::sum));
        }
      }
    }
    double p = SUBMIT_EVENTS / (nanos[0] / 1e9);
    double w = SUBMIT_EVENTS / (nanos[1] / 1e9);
    System.out.printf(Locale.ROOT, "%nsubmit (incr by 1 of a random existing user, %,d events per board in batches "
        + "of %d through ScoreStore.submitAll, the boards in turn, after %,d warm-up events each):%n", SUBMIT_EVENTS,
        SUBMIT_BATCH, WARMUP_EVENTS);
    System.out.printf(Locale.ROOT, "  packed: %,.0f events/s %s%n", p, packedOutcomes);
    System.out.printf(Locale.ROOT, "  wide:   %,.0f events/s %s%n", w, wideOutcomes);
    System.out.printf(Locale.ROOT, "  wide / packed %.2fx%n", w / p);
  }

  /**
   * A user's global rank on both boards, the same users in the same order on each: first ask (no
   * hint: the user's entry, then the counts) and asked again (the entry read beforehand as the hint).
   */
  private static void ranks(Side packed, Side wide, int members, int runs) {
    SplittableRandom pick = new SplittableRandom(2);
    int warmups = Math.max(10, runs / 5);
    List<String> users = new ArrayList<>();
    for (int i = 0; i < warmups + runs; i++) {
      users.add("u" + pick.nextInt(members));
    }
    List<Benchmark.Row> rows = new ArrayList<>();
    rows.add(both("global rank, first ask (2 rounds)", runs, packed, wide, s -> {
      int[] next = {0};
      return () -> s.store().userRank(s.board(), "all", users.get(next[0]++ % users.size()), null);
    }));
    List<String> returning = new ArrayList<>();
    for (int i = 0; i < HINTS; i++) {
      returning.add("u" + pick.nextInt(members));
    }
    rows.add(both("global rank, asking again (1 round, hint)", runs, packed, wide, s -> {
      List<StoredEntry> hints = new ArrayList<>();
      for (String u : returning) {
        hints.add(s.store().stored(s.board(), "all", u).await());
      }
      int[] next = {0};
      return () -> {
        StoredEntry e = hints.get(next[0]++ % hints.size());
        return s.store().userRank(s.board(), "all", e.userId(), e);
      };
    }));
    Benchmark.print(rows, "wide");
  }

  /** The same operation on both boards, the wide board's as "ours" and the packed board's as the baseline. */
  private static Benchmark.Row both(String name, int runs, Side packed, Side wide,
      Function<Side, Supplier<Future<?>>> op) {
    return Benchmark.pair(name, "packed", "<= 1.2x", false, runs, op.apply(wide), op.apply(packed));
  }
}
