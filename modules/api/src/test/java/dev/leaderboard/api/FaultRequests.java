package dev.leaderboard.api;

import dev.leaderboard.api.Outage.Mode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The requests of one {@link FaultWorker}: each is sent and waited for, and its answer comes back
 * with the {@link Mode} it met (the outage's state when it was sent and when it was answered) and a
 * description for failure messages. Counts the answers of every worker, and this worker's requests
 * sent with the shard down.
 */
final class FaultRequests {
  /** An answer, what it met and what it was an answer to. */
  record Answer(HttpResponse<Buffer> response, Mode mode, String what) {
    int status() {
      return response.statusCode();
    }

    JsonObject json() {
      return response.bodyAsJsonObject();
    }
  }

  private final int worker;
  private final Outage outage;
  private final BlockingHttp http;
  private final AtomicInteger answered;
  private int sentWhileDown;

  FaultRequests(int worker, Outage outage, BlockingHttp http, AtomicInteger answered) {
    this.worker = worker;
    this.outage = outage;
    this.http = http;
    this.answered = answered;
  }

  Answer get(String uri) {
    return send("GET " + uri, () -> http.get(uri));
  }

  Answer post(String uri, JsonObject body) {
    return send("POST " + uri + " " + body.encode(), () -> http.post(uri, body));
  }

  int sentWhileDown() {
    return sentWhileDown;
  }

  private Answer send(String request, Supplier<HttpResponse<Buffer>> call) {
    Outage.State sent = outage.state();
    if (sent == Outage.State.DOWN) {
      sentWhileDown++;
    }
    HttpResponse<Buffer> r = call.get();
    Mode mode = Outage.mode(sent, outage.state());
    answered.incrementAndGet();
    return new Answer(r, mode, "worker " + worker + ", " + request + " (mode " + mode + ") -> " + r.statusCode() + " "
        + r.bodyAsString());
  }
}
