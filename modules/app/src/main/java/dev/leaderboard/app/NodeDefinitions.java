package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The board and league definitions of a running node, over its HTTP API with an admin key
 * (blocking: each call waits for the node's answer). Tier boards are not among the boards: the
 * node lists a league's tier boards with no board, and its league makes them.
 */
final class NodeDefinitions implements AutoCloseable {
  /** How long the node may stay silent on one call. */
  static final long IDLE_TIMEOUT_MILLIS = 60_000;

  private final Vertx vertx;
  private final WebClient http;
  private final String url;
  private final String authorization;

  /** {@code url}: the node's base URL, such as {@code http://127.0.0.1:8080}. */
  NodeDefinitions(String url, String adminKey) {
    this.vertx = Vertx.vertx();
    this.http = WebClient.create(vertx);
    this.url = url.replaceAll("/+$", "");
    this.authorization = "Bearer " + adminKey;
  }

  /** Every board and league the node has, as definitions. */
  Definitions current() {
    return new Definitions(list(DefinitionKind.BOARD), list(DefinitionKind.LEAGUE));
  }

  /** Creates or changes one; a refusal is a {@link Refused}. */
  void put(DefinitionKind kind, String name, JsonObject definition) {
    answer(request(HttpMethod.PUT, kind.path(name)).sendJsonObject(definition).await());
  }

  /** Deletes one with everything it holds; a refusal is a {@link Refused}. */
  void delete(DefinitionKind kind, String name) {
    answer(request(HttpMethod.DELETE, kind.path(name)).send().await());
  }

  private SortedMap<String, JsonObject> list(DefinitionKind kind) {
    JsonObject page = answer(request(HttpMethod.GET, "/v1/" + kind.plural).send().await());
    SortedMap<String, JsonObject> out = new TreeMap<>();
    for (Object shown : page.getJsonArray(kind.plural)) {
      JsonObject one = (JsonObject) shown;
      out.put(one.getString(kind.noun), kind.definition(one));
    }
    return out;
  }

  private HttpRequest<Buffer> request(HttpMethod method, String path) {
    return http.requestAbs(method, url + path).putHeader("Authorization", authorization)
        .idleTimeout(IDLE_TIMEOUT_MILLIS);
  }

  private static JsonObject answer(HttpResponse<Buffer> r) {
    if (r.statusCode() / 100 == 2) {
      return r.bodyAsJsonObject();
    }
    String code = "";
    String message = r.bodyAsString();
    try {
      JsonObject error = r.bodyAsJsonObject();
      code = error.getString("error", "");
      message = error.getString("message", message);
    } catch (RuntimeException notJson) {
      // the message stays the body as it came
    }
    throw new Refused(r.statusCode(), code, message);
  }

  @Override
  public void close() {
    http.close();
    vertx.close().await();
  }

  /** The node's answer to a call it did not carry out. */
  static final class Refused extends RuntimeException {
    final int status;
    final String code;

    Refused(int status, String code, String message) {
      super(status + (code.isEmpty() ? "" : " " + code) + ": " + message);
      this.status = status;
      this.code = code;
    }

    /** The change touches a field fixed once the board or league exists. */
    boolean fixed() {
      return status == 409 && (code.equals("board_conflict") || code.equals("league_conflict"));
    }

    /** Something about the request, not the node's state or health. */
    boolean byRequest() {
      return status / 100 == 4 && status != 401 && status != 403 && status != 429;
    }
  }
}
