package dev.leaderboard.bench;

import io.vertx.core.Future;
import io.vertx.core.Promise;
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
 * One connection of a load run: a closed loop on its event loop that sends a request, waits for
 * the whole answer, records it and sends the next, until the run's deadline. A connection that
 * fails ends its loop (the failure is counted), so a broken server shows as errors, not as a spin.
 */
final class LoadConnection {
  private static final String HOST = "127.0.0.1";
  private static final long REQUEST_IDLE_TIMEOUT_MS = 30_000;

  private final HttpClientAgent client;
  private final LoadSpec spec;
  private final long deadline;
  private final Promise<LoadResult> done;
  private final SplittableRandom random;
  private final String eventPrefix;
  private final LoadResult result = new LoadResult();
  private HttpClientConnection connection;
  private long sent;

  LoadConnection(HttpClientAgent client, LoadSpec spec, int index, long deadline, Promise<LoadResult> done) {
    this.client = client;
    this.spec = spec;
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
          return null;
        }))
        .onComplete(ar -> {
          if (ar.failed()) {
            result.record(ar.cause().getClass().getSimpleName(), false, 0, (System.nanoTime() - t0) / 1000);
            result.error(ar.cause().toString());
            connection.close();
            done.complete(result);
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

  /** Sets method, URI and headers of the next request; its body, or {@code null}. */
  private Buffer request(RequestOptions options) {
    String base = "/v1/boards/" + spec.board();
    switch (spec.kind()) {
      case SUBMIT -> {
        options.setMethod(HttpMethod.POST).setURI(base + "/scores?rank=" + spec.rank())
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
      default -> throw new IllegalArgumentException("unknown kind " + spec.kind());
    }
    return null;
  }

  private String user() {
    return "u" + random.nextInt(spec.users());
  }
}
