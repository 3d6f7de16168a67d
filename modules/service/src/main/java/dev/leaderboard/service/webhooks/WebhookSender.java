package dev.leaderboard.service.webhooks;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Webhook;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;
import java.time.Clock;

/**
 * One signed POST of an event to a webhook, on the non-blocking Vert.x WebClient. Redirects are not
 * followed (a 3xx is a failed attempt); the answer's body is read and dropped, never kept; the
 * attempt fails when connecting takes longer than the timeout, when the receiver goes quiet that
 * long, or when the whole answer has not come within it.
 */
final class WebhookSender {
  private final Vertx vertx;
  private final WebClient client;
  private final Clock clock;
  private final long timeoutMillis;

  WebhookSender(Vertx vertx, Clock clock, WebhookSettings settings) {
    this.vertx = vertx;
    this.clock = clock;
    this.timeoutMillis = settings.timeoutMillis();
    this.client = WebClient.create(vertx, new WebClientOptions()
        .setFollowRedirects(false)
        .setUserAgent("leaderboard-webhook/1")
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis))
        .setKeepAlive(false));
  }

  /** Succeeds with {@code null} on a 2xx answer, else with what went wrong (never the secret). */
  Future<String> post(Webhook hook, String eventId, Buffer body) {
    long timestamp = clock.millis() / 1000;
    Promise<String> outcome = Promise.promise();
    long deadline = vertx.setTimer(timeoutMillis, id -> outcome.tryComplete("no complete answer within "
        + timeoutMillis + " ms"));
    Future<HttpResponse<Void>> sent;
    try {
      sent = send(hook, eventId, timestamp, body);
    } catch (RuntimeException e) {
      sent = Future.failedFuture(e);
    }
    sent.onComplete(answer -> {
      vertx.cancelTimer(deadline);
      if (answer.failed()) {
        outcome.tryComplete(describe(answer.cause()));
      } else {
        int status = answer.result().statusCode();
        outcome.tryComplete(status >= 200 && status < 300 ? null : "HTTP " + status);
      }
    });
    return outcome.future();
  }

  private Future<HttpResponse<Void>> send(Webhook hook, String eventId, long timestamp,
      Buffer body) {
    return client.postAbs(hook.url())
        .followRedirects(false)
        .idleTimeout(timeoutMillis)
        .as(BodyCodec.none())
        .putHeader("Content-Type", "application/json")
        .putHeader(WebhookSignature.EVENT, BusAddresses.PERIOD_ARCHIVED)
        .putHeader(WebhookSignature.EVENT_ID, eventId)
        .putHeader(WebhookSignature.TIMESTAMP, Long.toString(timestamp))
        .putHeader(WebhookSignature.SIGNATURE, WebhookSignature.sign(hook.secret(), timestamp, body.getBytes()))
        .sendBuffer(body);
  }

  private static String describe(Throwable t) {
    String message = t.getMessage();
    return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  void close() {
    client.close();
  }
}
