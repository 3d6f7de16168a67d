package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.ApiKeyToken;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code /v1/keys}: a created key works at once, is listed without its secret, and is refused once revoked. */
class KeyRoutesTest extends ApiTestSupport {

  @Test
  void aCreatedKeyWorksIsListedWithoutItsSecretAndIsRefusedOnceRevoked() {
    String board = randomBoard();
    String other = randomBoard();
    createBoard(board, new JsonObject());
    createBoard(other, new JsonObject());
    long expiresAt = CLOCK.millis() + 3_600_000;
    HttpResponse<Buffer> made = post("/v1/keys", new JsonObject().put("name", "game server " + board)
        .put("scopes", new JsonArray().add("submit").add("read")).put("boards", new JsonArray().add(board))
        .put("expiresAt", expiresAt).encode());
    JsonObject created = ok(made, 201);
    assertThat(made.getHeader("Cache-Control")).isEqualTo("no-store");
    String key = created.getString("key");
    ApiKeyToken token = ApiKeyToken.parse(key);
    assertThat(token).as("key %s has the key format", token).isNotNull();
    assertThat(created.fieldNames()).containsExactlyInAnyOrder("id", "name", "scopes", "boards", "expiresAt", "createdAt", "key");
    assertThat(created.getString("id")).isEqualTo(token.id());
    assertThat(created.getJsonArray("scopes")).containsExactly("read", "submit");
    assertThat(created.getJsonArray("boards")).containsExactly(board);
    assertThat(created.getLong("expiresAt")).isEqualTo(expiresAt);
    assertThat(created.getLong("createdAt")).isEqualTo(CLOCK.millis());

    String bearer = "Bearer " + key;
    String event = new JsonObject().put("userId", "alice").put("value", 3).encode();
    assertThat(callWith(bearer, HttpMethod.POST, "/v1/boards/" + board + "/scores", event).statusCode()).isEqualTo(200);
    assertThat(callWith(bearer, HttpMethod.GET, "/v1/boards/" + board + "/users/alice", null).bodyAsJsonObject()
        .getLong("score")).isEqualTo(3);
    assertError(callWith(bearer, HttpMethod.POST, "/v1/boards/" + other + "/scores", event), 403, "forbidden", board, other);
    assertError(callWith(bearer, HttpMethod.DELETE, "/v1/boards/" + board, null), 403, "forbidden", "'admin'");
    assertError(callWith(bearer, HttpMethod.GET, "/v1/keys", null), 403, "forbidden", "'admin'");
    // the scheme name is case-insensitive
    assertThat(callWith("bearer " + key, HttpMethod.GET, "/v1/boards/" + board, null).statusCode()).isEqualTo(200);

    HttpResponse<Buffer> list = get("/v1/keys");
    JsonObject listed = ok(list, 200).getJsonArray("keys").stream().map(k -> (JsonObject) k)
        .filter(k -> k.getString("id").equals(token.id())).findFirst().orElseThrow();
    JsonObject expected = created.copy();
    expected.remove("key");
    assertThat(listed).isEqualTo(expected);
    assertThat(list.bodyAsString()).doesNotContain(key).doesNotContain(key.substring(20))
        .doesNotContain(HexFormat.of().formatHex(token.hash())).doesNotContain("hash");

    assertThat(ok(delete("/v1/keys/" + token.id()), 200))
        .isEqualTo(new JsonObject().put("id", token.id()).put("revoked", true));
    assertError(callWith(bearer, HttpMethod.GET, "/v1/boards/" + board, null), 401, "unauthenticated", "revoked");
    assertThat(ok(get("/v1/keys"), 200).getJsonArray("keys").stream()
        .noneMatch(k -> ((JsonObject) k).getString("id").equals(token.id()))).isTrue();
    assertError(delete("/v1/keys/" + token.id()), 404, "key_not_found", token.id());
    assertError(delete("/v1/keys/NOT-AN-ID"), 400, "invalid_field", "id must be 16 characters");
  }

  @Test
  void aKeyRequestIsReadStrictly() {
    String future = String.valueOf(CLOCK.millis() + 1000);
    List<String[]> cases = List.of(
        new String[] {"{\"scopes\": [\"read\"]}", "name", "required"},
        new String[] {"{\"name\": \"   \", \"scopes\": [\"read\"]}", "name", "not only spaces"},
        new String[] {"{\"name\": \"a/b\", \"scopes\": [\"read\"]}", "name", "1-64 characters"},
        new String[] {"{\"name\": 5, \"scopes\": [\"read\"]}", "name", "must be a string"},
        new String[] {"{\"name\": \"k\"}", "scopes", "required"},
        new String[] {"{\"name\": \"k\", \"scopes\": []}", "scopes", "1 to 4 items"},
        new String[] {"{\"name\": \"k\", \"scopes\": \"read\"}", "scopes", "array"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"write\"]}", "scopes[0]", "read, submit, friends, admin"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\", \"read\"]}", "scopes[1]", "repeats"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"boards\": []}", "boards", "1 to 100"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"boards\": [\"Bad Name\"]}", "boards[0]", "a-z"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"boards\": [\"a\", \"a\"]}", "boards[1]", "repeats"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"expiresAt\": " + CLOCK.millis() + "}", "expiresAt", "later than now"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"expiresAt\": \"soon\"}", "expiresAt", "number"},
        new String[] {"{\"name\": \"k\", \"scopes\": [\"read\"], \"expiresAt\": " + future + ", \"hash\": \"00\"}", "hash", "not a known field"});
    int before = ok(get("/v1/keys"), 200).getJsonArray("keys").size();
    for (String[] c : cases) {
      JsonObject error = assertError(post("/v1/keys", c[0]), 400, "invalid_field", c[2]);
      assertThat(error.getString("message")).as("message for %s", c[0]).startsWith(c[1] + " ");
    }
    assertError(post("/v1/keys", "[]"), 400, "invalid_json");
    assertThat(ok(get("/v1/keys"), 200).getJsonArray("keys")).as("keys after refused requests").hasSize(before);
  }

  @Test
  void aMalformedAuthorizationHeaderIsRefusedWithoutEchoingIt() {
    String key = ADMIN_KEY.value();
    List<String> malformed = List.of("", "Bearer", "Bearer ", "Basic YWRtaW46c2VjcmV0", key, "Bearer " + key + "x",
        "Bearer " + key.substring(0, key.length() - 1), "Bearer " + key.toUpperCase(), "Token " + key);
    for (String header : malformed) {
      HttpResponse<Buffer> r = callWith(header, HttpMethod.GET, "/v1/boards", null);
      assertError(r, 401, "unauthenticated", "Authorization");
      assertThat(r.getHeader("WWW-Authenticate")).isEqualTo("Bearer realm=\"leaderboard\"");
      if (!header.isBlank() && !header.trim().equals("Bearer")) {
        assertThat(r.bodyAsString()).as("answer to '%s'", header).doesNotContain(header.trim());
      }
    }
    // a random key of the right form is unknown: refused like a revoked one
    ApiKeyToken unknown = ApiKeyToken.generate(RANDOM);
    assertError(callWith("Bearer " + unknown.value(), HttpMethod.GET, "/v1/boards", null), 401, "unauthenticated",
        "unknown, revoked or mistyped");
    assertThat(callWith("Bearer " + key, HttpMethod.GET, "/v1/boards", null).statusCode()).isEqualTo(200);
  }
}
