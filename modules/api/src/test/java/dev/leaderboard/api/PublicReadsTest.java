package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A board created with {@code "publicReads": true} is readable without a credential; nothing else
 * is, and turning the field off closes the reads again at once.
 */
class PublicReadsTest extends ApiTestSupport {
  @Test
  void readsOfAPublicBoardNeedNoKey() {
    String board = randomBoard();
    assertThat(createBoard(board, new JsonObject().put("publicReads", true)).getBoolean("publicReads")).isTrue();
    submit(board, "alice", 7);
    for (String[] read : reads(board)) {
      HttpResponse<Buffer> r = send(read[0], read[1], read[2]);
      assertThat(r.statusCode()).as("%s %s without a key: %s", read[0], read[1], r.bodyAsString()).isEqualTo(200);
    }
    assertThat(send("GET", "/v1/boards/" + board + "/users/alice", null).bodyAsJsonObject().getLong("score")).isEqualTo(7);

    // writes, friend boards, administration and the list of every board still need a key
    String event = new JsonObject().put("userId", "mallory").put("value", 1000).encode();
    assertError(send("POST", "/v1/boards/" + board + "/scores", event), 401, "unauthenticated", "submit needs an API key");
    assertError(send("POST", "/v1/boards/" + board + "/scores/batch", "{\"events\": []}"), 401, "unauthenticated");
    assertError(send("GET", "/v1/boards/" + board + "/users/alice/friends", null), 401, "unauthenticated");
    assertError(send("PUT", "/v1/boards/" + board, "{\"publicReads\": false}"), 401, "unauthenticated");
    assertError(send("DELETE", "/v1/boards/" + board, null), 401, "unauthenticated");
    assertError(send("POST", "/v1/boards/" + board + "/periods/current/close", null), 401, "unauthenticated");
    assertError(send("GET", "/v1/boards", null), 401, "unauthenticated");
    assertThat(ok(get("/v1/boards/" + board + "/users/mallory"), 404).getString("error")).isEqualTo("user_not_found");

    // a credential that is sent is checked, public board or not
    assertError(send("GET", "/v1/boards/" + board + "/entries", null, "Bearer nonsense"), 401, "unauthenticated");
    // a player token on a node that takes none (this one has no LB_JWT_* keys)
    assertError(send("GET", "/v1/boards/" + board + "/entries", null, "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln"), 401,
        "unauthenticated", "this node takes no player tokens");
  }

  @Test
  void closedBoardsUnknownBoardsAndABoardClosedAgainNeedAKey() {
    String closed = randomBoard();
    createBoard(closed, new JsonObject());
    String open = randomBoard();
    createBoard(open, new JsonObject().put("publicReads", true));
    for (String board : List.of(closed, "t-no-such-board")) {
      for (String[] read : reads(board)) {
        // the same answer whether or not the board exists
        assertError(send(read[0], read[1], read[2]), 401, "unauthenticated", "'" + board + "'", "publicReads");
      }
    }
    assertThat(send("GET", "/v1/boards/" + open + "/entries", null).statusCode()).isEqualTo(200);
    assertThat(ok(put("/v1/boards/" + open, "{\"publicReads\": false}"), 200).getBoolean("publicReads")).isFalse();
    assertError(send("GET", "/v1/boards/" + open + "/entries", null), 401, "unauthenticated");
    assertThat(ok(put("/v1/boards/" + closed, "{\"publicReads\": true}"), 200).getBoolean("publicReads")).isTrue();
    assertThat(send("GET", "/v1/boards/" + closed + "/entries", null).statusCode()).isEqualTo(200);
  }

  /** Method, URI and body of every read of a board. */
  private static List<String[]> reads(String board) {
    String b = "/v1/boards/" + board;
    return List.of(new String[] {"GET", b, null}, new String[] {"GET", b + "/entries?limit=5", null},
        new String[] {"GET", b + "/users/alice", null}, new String[] {"GET", b + "/users/alice/around", null},
        new String[] {"POST", b + "/ranks", "{\"userIds\": [\"alice\"]}"}, new String[] {"GET", b + "/periods", null},
        new String[] {"GET", b + "/histogram", null});
  }

  private HttpResponse<Buffer> send(String method, String uri, String body) {
    return send(method, uri, body, null);
  }

  private HttpResponse<Buffer> send(String method, String uri, String body, String authorization) {
    return callWith(authorization, HttpMethod.valueOf(method), uri, body);
  }
}
