package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** HTTP clients of the app tests: every request carries the node's admin key, read from its file. */
final class AdminClients {
  private AdminClients() {
  }

  /** A client for {@code app}, sending its admin key with every request. */
  static WebClient of(Vertx vertx, LeaderboardApp app) {
    return withAuthorization(vertx, bearer(app.adminKeyFile()));
  }

  /** A client sending {@code authorization} as the Authorization header of every request. */
  static WebClient withAuthorization(Vertx vertx, String authorization) {
    return WebClientSession.create(WebClient.create(vertx)).addHeader("Authorization", authorization);
  }

  /** Each path's answer as {@code <status> <body>}, by path. */
  static Map<String, String> answers(WebClient http, int port, List<String> paths) {
    Map<String, String> out = new TreeMap<>();
    for (String path : paths) {
      HttpResponse<Buffer> r = http.get(port, "localhost", path).send().await();
      out.put(path, r.statusCode() + " " + r.bodyAsString());
    }
    return out;
  }

  /** {@code Bearer <the key in file>}. */
  static String bearer(Path file) {
    try {
      return "Bearer " + Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
