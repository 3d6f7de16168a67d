package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.ReplicaWait;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Submit throughput on a local Redis Cluster of 3 masters with a replica each, with writes
 * acknowledged once the master has them ({@link ReplicaWait#NONE}) and once a replica has them too
 * ({@code WAIT 1}, the default on a cluster with replicas): two stores on the same cluster and board,
 * measured in alternating runs so both see the same machine. Each case keeps a fixed number of calls
 * in flight (closed loop) at the store: no HTTP, no event bus.
 *
 * <p>Usage: {@code ReplicaWaitBenchmark [seconds=10] [runs=3]}: seconds of each measured run, runs per
 * side and case (each side's figure is its median run). See docs/benchmarks.md.
 */
public final class ReplicaWaitBenchmark {
  private static final int MASTERS = 3;
  private static final int PARTITIONS = 8;
  private static final int USERS = 100_000;
  private static final int SINGLES_IN_FLIGHT = 64;
  private static final int BATCH = 100;
  private static final int BATCHES_IN_FLIGHT = 8;
  private static final long WINDOW = 3_600_000;

  private ReplicaWaitBenchmark() {
  }

  /** One measured run: calls answered, events they carried, failed calls, latency per call. */
  private record Run(long calls, long events, long failed, Histogram latency, double seconds) {
    double eventsPerSecond() {
      return events / seconds;
    }
  }

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Path dir = Files.createTempDirectory("leaderboard-wait-bench");
    Vertx vertx = Vertx.vertx();
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir, MASTERS, 1, Duration.ofSeconds(5))) {
      Instant now = Instant.now();
      Board board = Board.define("bench-wait", new JsonObject().put("partitions", PARTITIONS).put("maxScore", 10_000_000),
          null, now.minus(Duration.ofDays(1)), PARTITIONS, "u1");
      RedisPool pool = RedisPool.of(8);
      Shards plain = Shards.connect(vertx,
          RedisTopology.cluster(cluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS, ReplicaWait.NONE), pool);
      Shards waiting = Shards.connect(vertx, RedisTopology.cluster(cluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS,
          new ReplicaWait(1, ReplicaWait.DEFAULT_MILLIS)), pool);
      ScoreStore without = new ScoreStore(plain);
      ScoreStore with = new ScoreStore(waiting);
      without.loadScripts().await();
      with.loadScripts().await();
      new BoardStore(plain).create(board).await();
      new BoardStore(plain).addPeriod(board, "all").await();
      long at = now.toEpochMilli();
      long tie = board.codec().tie(0);
      // calls start on the event loops their answers come on, so each thread draws its own users
      Function<ScoreStore, Supplier<Future<Integer>>> single = s -> () -> s.submit(board,
          new SubmitCommand("all", "u" + ThreadLocalRandom.current().nextInt(USERS), Operator.INCR, 1, tie, null), at,
          WINDOW).map(o -> 1);
      Function<ScoreStore, Supplier<Future<Integer>>> batch = s -> () -> {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        List<SubmitCommand> events = new ArrayList<>(BATCH);
        for (int i = 0; i < BATCH; i++) {
          events.add(new SubmitCommand("all", "u" + r.nextInt(USERS), Operator.INCR, 1, tie, null));
        }
        return s.submitAll(board, events, at, WINDOW).map(outcomes -> {
          if (outcomes.stream().anyMatch(o -> o.status() == SubmitOutcome.Status.FAILED)) {
            throw new IllegalStateException("an event failed: " + outcomes.stream()
                .filter(o -> o.failure() != null).findFirst().orElseThrow().failure());
          }
          return outcomes.size();
        });
      };
      System.out.printf(Locale.ROOT, "%-40s %31s %31s %8s%n", "case (events/s, call p50 / p99)", "master only",
          "WAIT for 1 replica", "ratio");
      compare("single submits, " + SINGLES_IN_FLIGHT + " in flight", SINGLES_IN_FLIGHT, seconds, runs,
          single.apply(without), single.apply(with));
      compare("batches of " + BATCH + " events, " + BATCHES_IN_FLIGHT + " in flight", BATCHES_IN_FLIGHT, seconds, runs,
          batch.apply(without), batch.apply(with));
      // from the nodes' command statistics, so the figures show the waits did happen
      System.out.printf(Locale.ROOT, "WAIT commands the masters ran: %,d%n", cluster.commandCalls("wait"));
      plain.close();
      waiting.close();
    } finally {
      vertx.close().await();
    }
  }

  /** A warm-up run of each side, then {@code runs} runs of each in turn; prints the median run of each. */
  private static void compare(String name, int inFlight, int seconds, int runs, Supplier<Future<Integer>> without,
      Supplier<Future<Integer>> with) {
    closedLoop(without, inFlight, seconds * 500L);
    closedLoop(with, inFlight, seconds * 500L);
    List<Run> a = new ArrayList<>();
    List<Run> b = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      a.add(closedLoop(without, inFlight, seconds * 1000L));
      b.add(closedLoop(with, inFlight, seconds * 1000L));
    }
    Run x = median(a);
    Run y = median(b);
    System.out.printf(Locale.ROOT, "%-40s %10.0f/s %6.2f / %6.2f ms %10.0f/s %6.2f / %6.2f ms %7.2fx%n", name,
        x.eventsPerSecond(), ms(x.latency(), 50), ms(x.latency(), 99), y.eventsPerSecond(), ms(y.latency(), 50),
        ms(y.latency(), 99), y.eventsPerSecond() / x.eventsPerSecond());
    if (x.failed() + y.failed() > 0) {
      System.out.printf(Locale.ROOT, "  failed calls: %d without, %d with the wait%n", x.failed(), y.failed());
    }
  }

  private static Run median(List<Run> runs) {
    List<Run> sorted = new ArrayList<>(runs);
    sorted.sort((p, q) -> Double.compare(p.eventsPerSecond(), q.eventsPerSecond()));
    return sorted.get(sorted.size() / 2);
  }

  private static double ms(Histogram h, double percentile) {
    return h.getValueAtPercentile(percentile) / 1e3;
  }

  /** Keeps {@code inFlight} calls of {@code op} out until {@code millis} have passed; each answer starts the next. */
  private static Run closedLoop(Supplier<Future<Integer>> op, int inFlight, long millis) {
    Recorder latency = new Recorder(3);
    AtomicLong calls = new AtomicLong();
    AtomicLong events = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long start = System.nanoTime();
    long end = start + millis * 1_000_000;
    List<Future<Void>> loops = new ArrayList<>();
    for (int i = 0; i < inFlight; i++) {
      Promise<Void> done = Promise.promise();
      next(op, end, latency, calls, events, failed, done);
      loops.add(done.future());
    }
    Future.all(loops).await();
    double seconds = (System.nanoTime() - start) / 1e9;
    return new Run(calls.get(), events.get(), failed.get(), latency.getIntervalHistogram(), seconds);
  }

  private static void next(Supplier<Future<Integer>> op, long end, Recorder latency, AtomicLong calls,
      AtomicLong events, AtomicLong failed, Promise<Void> done) {
    if (System.nanoTime() - end >= 0) {
      done.complete();
      return;
    }
    long t = System.nanoTime();
    op.get().onComplete(ar -> {
      latency.recordValue((System.nanoTime() - t) / 1_000);
      calls.incrementAndGet();
      if (ar.succeeded()) {
        events.addAndGet(ar.result());
      } else {
        failed.incrementAndGet();
      }
      next(op, end, latency, calls, events, failed, done);
    });
  }
}
