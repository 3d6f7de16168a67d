package dev.leaderboard.bench;

import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.ScoreEvent;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * League scores sent without pause across a period's end: single scores of random members, each
 * with its own event ID, {@code width} in flight (each lane sends its next once the last is answered), until stopped. Counts what was refused (any
 * failure), held ({@code pending}) and landed, and keeps every answer's latency.
 */
final class BoundaryStream {
  private final Vertx vertx;
  private final LeaderboardServiceImpl service;
  private final String league;
  private final int members;
  private final int width;
  private final SplittableRandom rnd = new SplittableRandom(7);
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong pending = new AtomicLong();
  private final AtomicLong landed = new AtomicLong();
  private final List<Double> millis = Collections.synchronizedList(new ArrayList<>());
  private volatile String firstRefusal;
  private final AtomicLong lanesLeft;
  private final Promise<Void> stopped = Promise.promise();

  private BoundaryStream(Vertx vertx, LeaderboardServiceImpl service, String league, int members, int width) {
    this.vertx = vertx;
    this.service = service;
    this.league = league;
    this.members = members;
    this.width = width;
    this.lanesLeft = new AtomicLong(width);
  }

  /** Starts {@code width} lanes, each sending its next score once the last is answered. */
  static BoundaryStream start(Vertx vertx, LeaderboardServiceImpl service, String league, int members, int width) {
    BoundaryStream s = new BoundaryStream(vertx, service, league, members, width);
    if (width == 0) {
      // no lanes: nothing to wait for when stopped
      s.stopped.complete();
    }
    for (int i = 0; i < width; i++) {
      vertx.runOnContext(v -> s.lane());
    }
    return s;
  }

  private void lane() {
    if (!running.get()) {
      if (lanesLeft.decrementAndGet() == 0) {
        stopped.complete();
      }
      return;
    }
    long n = sent.incrementAndGet();
    int u;
    synchronized (rnd) {
      u = rnd.nextInt(members);
    }
    long t = System.nanoTime();
    service.submitLeague(league, new ScoreEvent(new JsonObject().put("userId", "u" + u).put("value", 1)
        .put("eventId", "boundary-" + n))).onComplete(ar -> {
          millis.add((System.nanoTime() - t) / 1e6);
          if (ar.failed()) {
            refused.incrementAndGet();
            if (firstRefusal == null) {
              firstRefusal = ar.cause().toString();
            }
          } else if (Boolean.TRUE.equals(ar.result().pending())) {
            pending.incrementAndGet();
          } else {
            landed.incrementAndGet();
          }
          // the next score from the event loop's queue, never from inside this answer: one answered at
          // once (a refusal) must not turn the lane into a loop that holds the event loop
          vertx.runOnContext(v -> lane());
        });
  }

  /** Stops sending and waits for the answers in flight. */
  void stop() {
    running.set(false);
    stopped.future().await();
  }

  long refused() {
    return refused.get();
  }

  /** A line of the report: counts and latencies. */
  String summary() {
    List<Double> sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    if (sorted.isEmpty()) {
      return "no scores sent (" + width + " in flight)";
    }
    double p50 = sorted.get(sorted.size() / 2);
    double p99 = sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99)));
    double max = sorted.get(sorted.size() - 1);
    return String.format(Locale.ROOT, "%,d scores sent (%d in flight): %,d refused, %,d held (pending), %,d landed at"
        + " once; latency p50 %.1f ms, p99 %.1f ms, max %.0f ms%s", sorted.size(), width, refused.get(), pending.get(),
        landed.get(), p50, p99, max, firstRefusal == null ? "" : "; first refusal: " + firstRefusal);
  }
}
