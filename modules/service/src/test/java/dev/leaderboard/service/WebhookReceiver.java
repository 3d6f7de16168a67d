package dev.leaderboard.service;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver for tests: an HTTP server that records every request and answers the statuses
 * it was told, in order (then 200). It checks signatures on its own, as docs/api.md tells receivers
 * to, without the service's code.
 */
public final class WebhookReceiver {
  /** One request as it arrived. */
  public record Request(MultiMap headers, Buffer body) {
    public String header(String name) {
      return headers.get(name);
    }
  }

  private final List<Request> requests = new ArrayList<>();
  private final Deque<Integer> statuses = new ArrayDeque<>();
  private final Map<Integer, Promise<Void>> waiting = new TreeMap<>();
  private HttpServer server;

  /** Starts on a free port of 127.0.0.1; the first requests are answered {@code statuses}, the rest 200. */
  public static WebhookReceiver start(Vertx vertx, Integer... statuses) {
    WebhookReceiver r = new WebhookReceiver();
    r.statuses.addAll(List.of(statuses));
    r.server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      int status;
      synchronized (r) {
        r.requests.add(new Request(MultiMap.caseInsensitiveMultiMap().addAll(req.headers()), body));
        status = r.statuses.isEmpty() ? 200 : r.statuses.poll();
        Promise<Void> p = r.waiting.remove(r.requests.size());
        if (p != null) {
          p.complete();
        }
      }
      req.response().setStatusCode(status).end("answer " + status);
    })).listen(0, "127.0.0.1").await();
    return r;
  }

  public String url(String path) {
    return "http://127.0.0.1:" + server.actualPort() + path;
  }

  /** Completes once {@code n} requests have arrived. */
  public synchronized Future<Void> received(int n) {
    if (requests.size() >= n) {
      return Future.succeededFuture();
    }
    return waiting.computeIfAbsent(n, k -> Promise.promise()).future();
  }

  public synchronized List<Request> requests() {
    return List.copyOf(requests);
  }

  /** Whether the request's signature is the HMAC-SHA256 of {@code <timestamp>.<body>} under {@code secret}. */
  public static boolean signedWith(Request r, String secret) {
    String timestamp = r.header("X-Leaderboard-Timestamp");
    String signature = r.header("X-Leaderboard-Signature");
    if (timestamp == null || signature == null || !signature.startsWith("sha256=")) {
      return false;
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      byte[] expected = mac.doFinal(Buffer.buffer(timestamp + ".").appendBuffer(r.body()).getBytes());
      byte[] given = HexFormat.of().parseHex(signature.substring("sha256=".length()));
      return MessageDigest.isEqual(expected, given);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  public void close() {
    server.close().await();
  }
}
