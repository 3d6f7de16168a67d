package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A test client of one {@code text/event-stream}: parses events as they arrive into a queue the test
 * takes them from (waiting at most a bound for each, never sleeping), and notices when the server
 * ends the stream.
 */
final class SseClient implements AutoCloseable {
  static final long WAIT_SECONDS = 20;

  /** One event: its {@code id}, {@code event} type and the JSON of its {@code data} line. */
  record Event(long id, String type, JsonObject data) {
  }

  private final HttpClient http;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final StringBuilder pending = new StringBuilder();
  private final List<String> comments = new ArrayList<>();
  final HttpClientResponse response;
  /** The body of an answer that is not a stream. */
  final String refusal;

  private SseClient(HttpClient http, HttpClientResponse response, String refusal) {
    this.http = http;
    this.response = response;
    this.refusal = refusal;
  }

  /** Opens {@code uri} (with {@code authorization} unless {@code null}); the answer's status is {@link #status}. */
  static SseClient open(Vertx vertx, int port, String uri, String authorization, String... headers) {
    HttpClient http = vertx.createHttpClient();
    RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setPort(port).setHost("localhost").setURI(uri);
    if (authorization != null) {
      options.putHeader("Authorization", authorization);
    }
    for (int i = 0; i + 1 < headers.length; i += 2) {
      options.putHeader(headers[i], headers[i + 1]);
    }
    CompletableFuture<SseClient> opened = new CompletableFuture<>();
    http.request(options).compose(req -> req.send()).onComplete(ar -> {
      if (ar.failed()) {
        opened.completeExceptionally(ar.cause());
        return;
      }
      HttpClientResponse r = ar.result();
      if (r.statusCode() != 200) {
        r.body().onComplete(body -> opened.complete(new SseClient(http, r, body.succeeded() ? body.result().toString() : "")));
        return;
      }
      SseClient client = new SseClient(http, r, null);
      r.handler(client::received);
      r.endHandler(v -> client.ended.complete(null));
      r.exceptionHandler(t -> client.ended.complete(null));
      opened.complete(client);
    });
    try {
      return opened.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the stream " + uri + " did not answer: " + (e.getCause() != null ? e.getCause() : e), e);
    }
  }

  int status() {
    return response.statusCode();
  }

  private synchronized void received(Buffer chunk) {
    pending.append(chunk.toString(StandardCharsets.UTF_8));
    int end;
    while ((end = pending.indexOf("\n\n")) >= 0) {
      String block = pending.substring(0, end);
      pending.delete(0, end + 2);
      parse(block);
    }
  }

  private void parse(String block) {
    long id = -1;
    String type = "message";
    String data = null;
    for (String line : block.split("\n")) {
      if (line.startsWith(":")) {
        comments.add(line);
      } else if (line.startsWith("id: ")) {
        id = Long.parseLong(line.substring(4));
      } else if (line.startsWith("event: ")) {
        type = line.substring(7);
      } else if (line.startsWith("data: ")) {
        assertThat(data).as("one data line per event").isNull();
        data = line.substring(6);
      }
    }
    if (data != null) {
      events.add(new Event(id, type, new JsonObject(data)));
    }
  }

  /** The next event, whatever it is; fails the test when none comes in time. */
  Event next() {
    try {
      Event e = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(e).as("an event within %d s", WAIT_SECONDS).isNotNull();
      return e;
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** The next event of {@code type}, skipping others. */
  Event next(String type) {
    return next(e -> e.type().equals(type));
  }

  /** The next event that matches, skipping others. */
  Event next(Predicate<Event> wanted) {
    while (true) {
      Event e = next();
      if (wanted.test(e)) {
        return e;
      }
    }
  }

  /** Every event received and not yet taken. */
  List<Event> drain() {
    List<Event> out = new ArrayList<>();
    events.drainTo(out);
    return out;
  }

  /** Waits until the server ends the stream; fails the test when it does not in time. */
  void awaitEnd() {
    try {
      ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the stream did not end within " + WAIT_SECONDS + " s", e);
    }
  }

  boolean ended() {
    return ended.isDone();
  }

  @Override
  public void close() {
    http.close();
  }
}
