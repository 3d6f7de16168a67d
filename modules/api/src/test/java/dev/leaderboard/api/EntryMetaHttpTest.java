package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.friends.FriendRankVerticle;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Entry metadata and the plausibility limit over HTTP: {@code meta} on every read's entries and
 * left out with {@code meta=false}, {@code PATCH} of a user, the refusals with their status and code.
 */
class EntryMetaHttpTest extends ApiTestSupport {

  @BeforeEach
  void friends() {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 100))));
  }

  private JsonObject submit(String board, String user, long value, JsonObject meta) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    return ok(post("/v1/boards/" + board + "/scores", (meta == null ? e : e.put("meta", meta)).encode()), 200);
  }

  /** The entries of every read kind, with the query {@code q} appended. */
  private List<JsonArray> reads(String board, String ada, String q) {
    String b = "/v1/boards/" + board;
    return List.of(
        ok(get(b + "/entries?limit=10" + q), 200).getJsonArray("entries"),
        new JsonArray().add(ok(get(b + "/users/" + ada + "?rankMode=unique" + q), 200)),
        ok(get(b + "/users/" + ada + "/around?limit=3" + q), 200).getJsonArray("entries"),
        ok(post(b + "/ranks?rankMode=unique" + q, new JsonObject().put("userIds", new JsonArray().add(ada)).encode()),
            200).getJsonArray("entries"),
        ok(get(b + "/users/" + ada + "/friends?limit=5" + q), 200).getJsonArray("entries"));
  }

  @Test
  void everyReadCarriesMetaUnlessToldNotTo() {
    String board = randomBoard();
    ok(put("/v1/boards/" + board, "{\"operator\": \"set\"}"), 201);
    // friend sets are not per board: users of this test's own
    String user = board + "-ada";
    JsonObject ada = new JsonObject().put("name", "Ada").put("country", "GB");
    submit(board, user, 7, ada);
    submit(board, board + "-bob", 5, null);
    ok(put("/v1/users/" + user + "/friends/" + board + "-bob", null), 201);
    for (JsonArray entries : reads(board, user, "")) {
      assertThat(entries.getJsonObject(0).getJsonObject("meta")).isEqualTo(ada);
    }
    for (JsonArray entries : reads(board, user, "&meta=false")) {
      entries.forEach(e -> assertThat(((JsonObject) e).containsKey("meta")).isFalse());
    }
    JsonObject page = ok(get("/v1/boards/" + board + "/entries"), 200);
    assertThat(page.getJsonArray("entries").getJsonObject(1).containsKey("meta")).as("bob sent none").isFalse();
    assertError(get("/v1/boards/" + board + "/entries?meta=maybe"), 400, "invalid_field", "meta");
  }

  @Test
  void patchReplacesTheMetadataOfAUserWithAnEntry() {
    String board = randomBoard();
    ok(put("/v1/boards/" + board, "{\"operator\": \"incr\", \"period\": \"daily\"}"), 201);
    submit(board, "ada", 7, new JsonObject().put("name", "Ada"));
    String uri = "/v1/boards/" + board + "/users/ada";
    JsonObject stored = ok(call(HttpMethod.PATCH, uri, "{\"meta\": {\"name\": \"Countess\"}}"), 200);
    assertThat(stored.getJsonObject("meta")).isEqualTo(new JsonObject().put("name", "Countess"));
    assertThat(stored.getString("period")).isEqualTo("2025-04-15");
    JsonObject entry = ok(get(uri), 200);
    assertThat(entry.getJsonObject("meta")).isEqualTo(new JsonObject().put("name", "Countess"));
    assertThat(entry.getLong("score")).isEqualTo(7);
    ok(call(HttpMethod.PATCH, uri + "?period=2025-04-15", "{\"meta\": {\"name\": \"Ada\"}}"), 200);

    assertError(call(HttpMethod.PATCH, "/v1/boards/" + board + "/users/nobody", "{\"meta\": {}}"), 404,
        "user_not_found");
    assertError(call(HttpMethod.PATCH, uri, "{\"meta\": \"Ada\"}"), 400, "invalid_field", "meta", "JSON object");
    assertError(call(HttpMethod.PATCH, uri, "{\"meta\": {\"s\": \"" + "x".repeat(1020) + "\"}}"), 400,
        "invalid_field", "meta", "1024 bytes");
    assertError(call(HttpMethod.PATCH, uri, "{}"), 400, "invalid_field", "meta");
    assertThat(ok(get(uri), 200).getJsonObject("meta")).isEqualTo(new JsonObject().put("name", "Ada"));
  }

  @Test
  void eventsBeyondMaxStepAre422AndChangeNothing() {
    String board = randomBoard();
    JsonObject def = ok(put("/v1/boards/" + board, "{\"operator\": \"set\", \"maxStep\": 50}"), 201);
    assertThat(def.getLong("maxStep")).isEqualTo(50);
    assertThat(ok(get("/v1/boards/" + board), 200).getLong("maxStep")).isEqualTo(50);
    submit(board, "ada", 40, new JsonObject().put("name", "Ada"));
    String scores = "/v1/boards/" + board + "/scores";
    assertError(post(scores, "{\"userId\": \"ada\", \"value\": 91, \"meta\": {\"name\": \"x\"}}"), 422,
        "step_too_large", "maxStep 50", "by 51");
    JsonObject ada = ok(get("/v1/boards/" + board + "/users/ada"), 200);
    assertThat(ada.getLong("score")).isEqualTo(40);
    assertThat(ada.getJsonObject("meta")).isEqualTo(new JsonObject().put("name", "Ada"));
    JsonObject batch = ok(post(scores + "/batch",
        "{\"events\": [{\"userId\": \"ada\", \"value\": 90}, {\"userId\": \"ada\", \"value\": 141}]}"), 200);
    assertThat(batch.getInteger("applied")).isEqualTo(1);
    assertThat(batch.getJsonArray("rejections").getJsonObject(0).getString("error")).isEqualTo("step_too_large");
    assertError(put("/v1/boards/" + board, "{\"maxStep\": 0}"), 400, "invalid_field", "maxStep");
    assertThat(ok(put("/v1/boards/" + board, "{\"maxStep\": null}"), 200).containsKey("maxStep")).isFalse();
  }
}
