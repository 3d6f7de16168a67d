package dev.leaderboard.bench;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.SplittableRandom;

/**
 * One connection of a load run: a closed loop sending a request, waiting for the whole answer and
 * sending the next until the deadline; a paced run waits for the connection's staggered turn. A
 * {@code Retry-After} is honoured as a well-behaved client would. A failure ends the loop (counted),
 * so a broken server shows as errors, not as a spin.
 */
final class LoadConnection {
  private static final String HOST = "127.0.0.1";
  private static final long REQUEST_IDLE_TIMEOUT_MS = 30_000;

  private final Vertx vertx;
  private final HttpClientAgent client;
  private final LoadSpec spec;
  private final int index;
  private final long deadline;
  private final Promise<LoadResult> done;
  private final SplittableRandom random;
  private final String eventPrefix;
  private final LoadResult result = new LoadResult();
  private HttpClientConnection connection;
  private long sent;
  /** Paced runs: when this connection's request number 0 was due, and how many it has sent. */
  private long firstDue;
  private long requests;

  LoadConnection(Vertx vertx, HttpClientAgent client, LoadSpec spec, int index, long deadline,
      Promise<LoadResult> done) {
    this.vertx = vertx;
    this.client = client;
    this.spec = spec;
    this.index = index;
    this.deadline = deadline;
    this.done = done;
    this.random = new SplittableRandom(spec.seed() * 1_000_003L + index);
    this.eventPrefix = "e" + spec.seed() + "-" + index + "-";
  }

  void start() {
    client.connect(new HttpConnectOptions().setHost(HOST).setPort(spec.port())).onComplete(ar -> {
      if (ar.failed()) {
        result.record("connect-failed", false, 0, 0);
        result.error(ar.cause().toString());
        done.complete(result);
      } else {
        connection = ar.result();
        firstDue = System.nanoTime() + (long) (interval() * index / spec.connections());
        next();
      }
    });
  }

  private void next() {
    if (System.nanoTime() >= deadline) {
      connection.close();
      done.complete(result);
      return;
    }
    long wait = untilDue();
    if (wait > 0) {
      Vertx.currentContext().owner().setTimer(Math.max(1, wait / 1_000_000), id -> next());
      return;
    }
    requests++;
    RequestOptions options = new RequestOptions().setIdleTimeout(REQUEST_IDLE_TIMEOUT_MS);
    if (spec.authorization() != null) {
      options.putHeader("Authorization", spec.authorization());
    }
    Buffer body = request(options);
    long t0 = System.nanoTime();
    connection.request(options)
        .compose(req -> body == null ? req.send() : req.send(body))
        .compose(resp -> resp.body().map(b -> {
          answered(resp.statusCode(), b, t0);
          return resp.getHeader("Retry-After");
        }))
        .onComplete(ar -> {
          if (ar.failed()) {
            result.record(ar.cause().getClass().getSimpleName(), false, 0, (System.nanoTime() - t0) / 1000);
            result.error(ar.cause().toString());
            connection.close();
            done.complete(result);
          } else if (ar.result() != null) {
            long waitMillis = Math.min(Long.parseLong(ar.result().trim()) * 1000,
                Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
            vertx.setTimer(Math.max(1, waitMillis), id -> next());
          } else {
            next();
          }
        });
  }

  private void answered(int status, Buffer body, long t0) {
    long micros = (System.nanoTime() - t0) / 1000;
    boolean success = status == 200 || status == 201;
    long events = 1;
    if (success && spec.kind() == LoadSpec.Kind.BATCH) {
      events = new JsonObject(body).getLong("applied", 0L);
    }
    result.record(Integer.toString(status), success, events, micros);
    if (!success) {
      String text = body.toString();
      result.error(status + " " + text.substring(0, Math.min(200, text.length())));
    }
  }

  /** Nanoseconds between two requests of one connection in a paced run (0: unpaced). */
  private double interval() {
    return spec.perSecond() <= 0 ? 0 : 1e9 * spec.connections() / spec.perSecond();
  }

  /**
   * Nanoseconds until this connection's next request is due (0 or less: now). A connection more
   * than a second behind its turns (a slow server) starts counting its turns again from now
   * rather than sending a burst to catch up.
   */
  private long untilDue() {
    double interval = interval();
    if (interval == 0) {
      return 0;
    }
    long now = System.nanoTime();
    long due = firstDue + (long) (requests * interval);
    if (now - due > 1_000_000_000L) {
      firstDue = now - (long) (requests * interval);
      return 0;
    }
    return due - now;
  }

  /** Sets method, URI and headers of the next request; its body, or {@code null}. */
  private Buffer request(RequestOptions options) {
    if (spec.kind() != LoadSpec.Kind.MIXED) {
      return request(options, spec.kind(), spec.rank());
    }
    int k = random.nextInt(100);
    if (k < 40) {
      return request(options, LoadSpec.Kind.SUBMIT, k < 25);
    }
    LoadSpec.Kind kind = k < 45 ? LoadSpec.Kind.BATCH : k < 75 ? LoadSpec.Kind.USER
        : k < 90 ? LoadSpec.Kind.TOP : LoadSpec.Kind.AROUND;
    return request(options, kind, false);
  }

  private Buffer request(RequestOptions options, LoadSpec.Kind kind, boolean rank) {
    String base = "/v1/boards/" + spec.board();
    switch (kind) {
      case SUBMIT -> {
        options.setMethod(HttpMethod.POST).setURI(base + "/scores?rank=" + rank)
            .putHeader("content-type", "application/json");
        return new JsonObject().put("userId", user()).put("value", 1 + random.nextInt(100)).toBuffer();
      }
      case BATCH -> {
        options.setMethod(HttpMethod.POST).setURI(base + "/scores/batch").putHeader("content-type", "application/json");
        JsonArray events = new JsonArray();
        for (int i = 0; i < spec.batchSize(); i++) {
          events.add(new JsonObject().put("userId", user()).put("value", 1 + random.nextInt(100))
              .put("eventId", eventPrefix + sent++));
        }
        return new JsonObject().put("events", events).toBuffer();
      }
      case USER -> options.setMethod(HttpMethod.GET).setURI(base + "/users/" + user());
      case TOP -> options.setMethod(HttpMethod.GET).setURI(base + "/entries?limit=10");
      case AROUND -> options.setMethod(HttpMethod.GET).setURI(base + "/users/" + user() + "/around?limit=11");
      default -> throw new IllegalArgumentException("not one request: " + kind);
    }
    return null;
  }

  private String user() {
    return "u" + random.nextInt(spec.users());
  }
}
