package dev.leaderboard.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Sends calls to the node: the credential on each, a JSON body, the answer read as its record or
 * as an {@link ApiException}, a 429 or 503 sent again as the {@link RetryPolicy} allows. A retry
 * sends the very same request (a submit keeps its event ID), so it is applied at most once.
 */
final class Transport {
  private final HttpClient http;
  private final URI base;
  private final Credential credential;
  private final RetryPolicy retries;
  private final RetryListener listener;
  private final Duration timeout;

  Transport(HttpClient http, URI base, Credential credential, RetryPolicy retries, RetryListener listener,
      Duration timeout) {
    this.http = http;
    this.base = base;
    this.credential = credential;
    this.retries = retries;
    this.listener = listener;
    this.timeout = timeout;
  }

  /** The answer of {@code call} as {@code type} ({@code String} for a non-JSON answer). */
  <T> T send(Call call, Class<T> type) {
    HttpRequest request = request(call).build();
    Duration waited = Duration.ZERO;
    for (int attempt = 1; ; attempt++) {
      HttpResponse<String> answer = exchange(call, request);
      if (answer.statusCode() / 100 == 2) {
        return read(call, answer, type);
      }
      ApiException refusal = refusal(answer.statusCode(), answer.body(), answer.headers().firstValue("Retry-After"));
      Optional<Duration> wait = retries.nextWait(refusal, attempt, waited);
      if (wait.isEmpty()) {
        throw refusal;
      }
      listener.retrying(call.operation, attempt, refusal, wait.get());
      pause(wait.get());
      waited = waited.plus(wait.get());
    }
  }

  private static <T> T read(Call call, HttpResponse<String> answer, Class<T> type) {
    if (type == String.class) {
      return type.cast(answer.body());
    }
    try {
      return Json.read(answer.body(), type);
    } catch (IllegalStateException e) {
      // not the node's answer (a proxy's page, a cut body): as much a failed call as a refusal
      throw new ApiException(answer.statusCode(), "invalid_answer", call.operation + ": " + e.getMessage(), null,
          null, null, null, e);
    }
  }

  /** Opens a streamed answer ({@code text/event-stream}); a refusal is thrown as it is, never retried here. */
  HttpResponse<InputStream> open(Call call, Map<String, String> headers) {
    HttpRequest.Builder b = request(call).header("Accept", "text/event-stream");
    headers.forEach(b::header);
    HttpResponse<InputStream> answer;
    try {
      answer = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw ApiException.unreachable(call.operation, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ApiException.unreachable(call.operation, e);
    }
    if (answer.statusCode() / 100 != 2) {
      String body;
      try (InputStream in = answer.body()) {
        body = new String(in.readNBytes(64 * 1024), java.nio.charset.StandardCharsets.UTF_8);
      } catch (IOException e) {
        body = "";
      }
      throw refusal(answer.statusCode(), body, answer.headers().firstValue("Retry-After"));
    }
    return answer;
  }

  private HttpRequest.Builder request(Call call) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + call.pathAndQuery())).timeout(timeout);
    credential.authorization().ifPresent(a -> b.header("Authorization", a));
    if (call.body != null) {
      b.header("Content-Type", "application/json")
          .method(call.method, HttpRequest.BodyPublishers.ofString(Json.write(call.body)));
    } else {
      b.method(call.method, HttpRequest.BodyPublishers.noBody());
    }
    return b;
  }

  private HttpResponse<String> exchange(Call call, HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw ApiException.unreachable(call.operation, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ApiException.unreachable(call.operation, e);
    }
  }

  /**
   * The node's JSON error as an exception. The node's {@code invalid_field} message starts with the
   * field it names ("value must be ..."), so that is the field when the body names none itself.
   */
  static ApiException refusal(int status, String body, Optional<String> retryAfter) {
    JsonNode error = Json.tree(body);
    String code = text(error, "error");
    String message = text(error, "message");
    if (code == null) {
      code = "http_" + status;
      message = "HTTP " + status + (body == null || body.isBlank() ? "" : ": " + body.strip());
    }
    String field = text(error, "field");
    if (field == null && "invalid_field".equals(code) && message != null && message.indexOf(' ') > 0) {
      field = message.substring(0, message.indexOf(' '));
    }
    Integer attemptsLeft = error != null && error.hasNonNull("attemptsLeft") ? error.get("attemptsLeft").asInt() : null;
    return new ApiException(status, code, message, field, text(error, "limit"), attemptsLeft,
        retryAfter.flatMap(Transport::seconds).orElse(null), null);
  }

  private static String text(JsonNode node, String name) {
    return node != null && node.hasNonNull(name) ? node.get(name).asText() : null;
  }

  private static Optional<Duration> seconds(String header) {
    try {
      long s = Long.parseLong(header.strip());
      return s < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(s));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static void pause(Duration wait) {
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ApiException.unreachable("interrupted while waiting to retry", e);
    }
  }
}
