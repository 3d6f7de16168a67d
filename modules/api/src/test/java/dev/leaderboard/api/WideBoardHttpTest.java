package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.friends.FriendRankVerticle;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wide layout over HTTP: boards the packed budget refused are accepted, scores are exact to
 * ±(2^53 - 1), sort keys order equal scores and come back on every read, and bad keys are refused
 * naming the field and change nothing.
 */
class WideBoardHttpTest extends ApiTestSupport {
  private static final long MAX = 9007199254740991L;

  @BeforeEach
  void friends() {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 100))));
  }

  private JsonObject accepted(String board, JsonObject event) {
    return ok(post("/v1/boards/" + board + "/scores", event.encode()), 200);
  }

  private static JsonObject event(String user, long value, JsonObject keys) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    return keys == null ? e : e.put("keys", keys);
  }

  @Test
  void coinTotalsOnAnAllTimeBoardWithMillisecondTiesAreExactAtEitherEndOfTheRange() {
    String board = randomBoard();
    JsonObject def = ok(put("/v1/boards/" + board, "{\"tieResolution\": \"ms\", \"maxScore\": " + MAX
        + ", \"minScore\": " + -MAX + "}"), 201);
    assertThat(def.getJsonObject("limits").getString("layout")).isEqualTo("wide");
    assertThat(def.getLong("maxScore")).isEqualTo(MAX);
    assertThat(def.getLong("minScore")).isEqualTo(-MAX);
    accepted(board, event(board + "-top", MAX, null));
    accepted(board, event(board + "-next", MAX - 1, null));
    accepted(board, event(board + "-low", -MAX, null));
    JsonObject refused = ok(post("/v1/boards/" + board + "/scores", event(board + "-top", 1, null).encode()), 422);
    assertThat(refused.getString("error")).isEqualTo("score_out_of_range");
    JsonArray entries = ok(get("/v1/boards/" + board + "/entries"), 200).getJsonArray("entries");
    assertThat(entries.stream().map(e -> ((JsonObject) e).getLong("score")).toList())
        .containsExactly(MAX, MAX - 1, -MAX);
    assertThat(ok(get("/v1/boards/" + board + "/users/" + board + "-low"), 200).getLong("rank")).isEqualTo(3);
  }

  @Test
  void sortKeysOrderEqualScoresAndComeBackOnEveryRead() {
    String board = randomBoard();
    JsonObject def = ok(put("/v1/boards/" + board, "{\"operator\": \"best\", \"sortKeys\": ["
        + "{\"name\": \"deaths\", \"order\": \"asc\", \"max\": 99}, {\"name\": \"level\", \"order\": \"desc\", \"max\": 9}]}"), 201);
    assertThat(def.getJsonArray("sortKeys")).hasSize(2);
    assertThat(def.getJsonObject("limits").getString("layout")).isEqualTo("wide");
    String ada = board + "-ada";
    String bob = board + "-bob";
    String cyd = board + "-cyd";
    // all three score 100: bob with fewer deaths first, then ada and cyd at equal deaths by the higher level
    accepted(board, event(ada, 100, new JsonObject().put("deaths", 3).put("level", 2)));
    accepted(board, event(cyd, 100, new JsonObject().put("deaths", 3).put("level", 5)));
    JsonObject answer = accepted(board, event(bob, 100, new JsonObject().put("deaths", 1).put("level", 0)));
    assertThat(answer.getJsonObject("keys")).isEqualTo(new JsonObject().put("deaths", 1).put("level", 0));
    assertThat(answer.getLong("rank")).isEqualTo(1);
    ok(put("/v1/users/" + ada + "/friends/" + bob, null), 201);
    JsonArray page = ok(get("/v1/boards/" + board + "/entries"), 200).getJsonArray("entries");
    assertThat(page.stream().map(e -> ((JsonObject) e).getString("userId")).toList()).containsExactly(bob, cyd, ada);
    assertThat(page.getJsonObject(0).getJsonObject("keys")).isEqualTo(new JsonObject().put("deaths", 1).put("level", 0));
    // competition ranks count equal scores only: all three share rank 1
    assertThat(ok(get("/v1/boards/" + board + "/users/" + ada + "?rankMode=competition"), 200).getLong("rank"))
        .isEqualTo(1);
    String b = "/v1/boards/" + board;
    List<JsonArray> reads = List.of(
        new JsonArray().add(ok(get(b + "/users/" + ada), 200)),
        ok(get(b + "/users/" + ada + "/around?limit=3"), 200).getJsonArray("entries"),
        ok(post(b + "/ranks", new JsonObject().put("userIds", new JsonArray().add(ada)).encode()), 200)
            .getJsonArray("entries"),
        ok(get(b + "/users/" + ada + "/friends?limit=5"), 200).getJsonArray("entries"));
    for (JsonArray entries : reads) {
      JsonObject entry = entries.stream().map(e -> (JsonObject) e).filter(e -> e.getString("userId").equals(ada))
          .findFirst().orElseThrow();
      assertThat(entry.getJsonObject("keys")).isEqualTo(new JsonObject().put("deaths", 3).put("level", 2));
      assertThat(entry.getLong("rank")).isEqualTo(entries.size() == 1 ? 3 : entry.getLong("rank"));
    }
    // best: the same score with better keys is a better place; worse keys change nothing
    accepted(board, event(ada, 100, new JsonObject().put("deaths", 0).put("level", 0)));
    accepted(board, event(cyd, 100, new JsonObject().put("deaths", 9).put("level", 9)));
    page = ok(get("/v1/boards/" + board + "/entries"), 200).getJsonArray("entries");
    assertThat(page.stream().map(e -> ((JsonObject) e).getString("userId")).toList()).containsExactly(ada, bob, cyd);
  }

  @Test
  void badKeysAreRefusedNamingTheFieldAndChangeNothing() {
    String board = randomBoard();
    ok(put("/v1/boards/" + board, "{\"sortKeys\": [{\"name\": \"deaths\", \"max\": 99}]}"), 201);
    String plain = randomBoard();
    ok(put("/v1/boards/" + plain, "{}"), 201);
    String user = board + "-ada";
    accepted(board, event(user, 5, new JsonObject().put("deaths", 1)));
    JsonObject before = ok(get("/v1/boards/" + board + "/users/" + user), 200);
    String scores = "/v1/boards/" + board + "/scores";
    assertError(post(scores, event(user, 1, null).encode()), 400, "invalid_field", "keys", "deaths");
    assertError(post(scores, event(user, 1, new JsonObject()).encode()), 400, "invalid_field", "keys.deaths");
    assertError(post(scores, event(user, 1, new JsonObject().put("deaths", 100)).encode()), 400, "invalid_field",
        "keys.deaths", "99");
    assertError(post(scores, event(user, 1, new JsonObject().put("deaths", -1)).encode()), 400, "invalid_field",
        "keys.deaths");
    assertError(post(scores, event(user, 1, new JsonObject().put("deaths", 1).put("colour", 2)).encode()), 400,
        "invalid_field", "keys.colour");
    assertError(post(scores, event(user, 1, new JsonObject().put("deaths", 1.5)).encode()), 400, "invalid_field",
        "keys.deaths");
    assertError(post("/v1/boards/" + plain + "/scores", event(user, 1, new JsonObject().put("deaths", 1)).encode()),
        400, "invalid_field", "keys", "no sortKeys");
    JsonObject batch = ok(post(scores + "/batch", new JsonObject().put("events", new JsonArray()
        .add(event(user, 1, new JsonObject().put("deaths", 100)))).encode()), 200);
    assertThat(batch.getInteger("rejected")).isEqualTo(1);
    assertThat(batch.getJsonArray("rejections").getJsonObject(0).getString("message")).startsWith("events[0].keys.deaths");
    assertThat(ok(get("/v1/boards/" + board + "/users/" + user), 200)).isEqualTo(before);
  }
}
