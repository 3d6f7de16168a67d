package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;

/**
 * Creates the boards of a benchmark over the node's HTTP API and reads each back from the store (for
 * the loaders, which write its partitions directly). Blocking: the benchmark's main thread only.
 */
final class BoardAdmin {
  private static final String HOST = "127.0.0.1";

  private final HttpClient http;
  private final int port;
  private final Shards shards;
  private final String authorization;

  /** @param authorization the {@code Authorization} header of an admin key ({@code Bearer <key>}) */
  BoardAdmin(HttpClient http, int port, Shards shards, String authorization) {
    this.http = http;
    this.port = port;
    this.shards = shards;
    this.authorization = authorization;
  }

  /** A new board {@code name} from {@code spec} (a board definition); fails if it exists. */
  Board create(String name, JsonObject spec) {
    int status = http.request(HttpMethod.PUT, port, HOST, "/v1/boards/" + name)
        .compose(req -> req.putHeader("content-type", "application/json").putHeader("Authorization", authorization)
            .send(spec.toBuffer()))
        .compose(resp -> resp.body().map(body -> {
          if (resp.statusCode() >= 300) {
            throw new IllegalStateException("PUT board " + name + ": " + resp.statusCode() + " " + body);
          }
          return resp.statusCode();
        })).await();
    if (status != 201) {
      throw new IllegalStateException("board " + name + " already existed");
    }
    return new BoardStore(shards).get(name).await();
  }
}
