package dev.leaderboard.bench;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Recorder;

/**
 * Sends submits at a steady rate (a tick every 10 ms sends the ticks' share): submit {@code k} sets
 * user {@code u<k>}'s best score to {@code k}, so every submit takes the lead. Notes the time each
 * answer arrived under its value.
 */
final class SubmitPacer {
  private static final int CONNECTIONS = 64;
  private static final long TICK_MS = 10;
  private final Vertx vertx;
  private final HttpClient client;
  private final String authorization;
  private final String uri;
  private final AtomicLongArray answered;
  private final AtomicLong next = new AtomicLong();
  private final AtomicLong done = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final Recorder latency = new Recorder(3);
  private org.HdrHistogram.Histogram result;

  SubmitPacer(Vertx vertx, int port, String authorization, String board, AtomicLongArray answered) {
    this.vertx = vertx;
    this.client = vertx.createHttpClient(new HttpClientOptions().setDefaultPort(port).setDefaultHost(Local.HOST),
        new PoolOptions().setHttp1MaxSize(CONNECTIONS));
    this.authorization = authorization;
    this.uri = "/v1/boards/" + board + "/scores?rank=false";
    this.answered = answered;
  }

  /** Sends {@code rate} submits a second for {@code seconds}, then waits (at most 30 s) for the last answers. */
  void run(int rate, int seconds) throws InterruptedException {
    long total = (long) rate * seconds;
    CountDownLatch finished = new CountDownLatch(1);
    long start = System.nanoTime();
    vertx.setPeriodic(TICK_MS, id -> {
      long due = Math.min(total, (System.nanoTime() - start) * rate / 1_000_000_000L);
      while (next.get() < due) {
        send(next.incrementAndGet(), total, finished);
      }
      if (next.get() >= total) {
        vertx.cancelTimer(id);
      }
    });
    // a node that cannot keep up leaves answers outstanding: what was answered by then is the result
    finished.await(seconds + 30L, TimeUnit.SECONDS);
    result = latency.getIntervalHistogram();
  }

  private void send(long value, long total, CountDownLatch finished) {
    long sent = System.nanoTime();
    RequestOptions req = new RequestOptions().setMethod(HttpMethod.POST).setURI(uri)
        .putHeader("Authorization", authorization).putHeader("Content-Type", "application/json");
    client.request(req)
        .compose(r -> r.send(new JsonObject().put("userId", "u" + value).put("value", value).encode()))
        .compose(r -> r.body().map(b -> r.statusCode()))
        .onComplete(ar -> {
          long now = System.nanoTime();
          if (ar.succeeded() && ar.result() == 200) {
            answered.set((int) value, now);
            latency.recordValue((now - sent) / 1000);
          } else {
            errors.incrementAndGet();
          }
          if (done.incrementAndGet() == total) {
            finished.countDown();
          }
        });
  }

  long answered() {
    return done.get() - errors.get();
  }

  long errors() {
    return errors.get();
  }

  double ms(double percentile) {
    return result.getValueAtPercentile(percentile) / 1000.0;
  }
}
