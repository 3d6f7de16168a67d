package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

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

  /** {@code Bearer <the key in file>}. */
  static String bearer(Path file) {
    try {
      return "Bearer " + Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
