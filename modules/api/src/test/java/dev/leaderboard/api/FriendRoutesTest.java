package dev.leaderboard.api;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.FriendRankService;
import dev.leaderboard.service.friends.FriendRankVerticle;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The friend routes over HTTP: the same answers as the {@link FriendRankService} on the event bus,
 * and 4xx JSON errors that name what was wrong.
 */
class FriendRoutesTest extends ApiTestSupport {
  static final int LIMIT = 3;

  private FriendRankService friends;
  private String run;

  @BeforeEach
  void deployFriends() {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, LIMIT))));
    friends = FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);
    run = "fr" + UUID.randomUUID().toString().substring(0, 8) + "-";
  }

  private String user(String name) {
    return run + name;
  }

  @Test
  void httpAnswersEqualEventBusAnswers() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "incr").put("maxScore", 1000));
    String u = user("u");
    List<String> group = List.of(u, user("a"), user("b"), user("c"));
    long[] scores = {30, 50, 30, 0};
    for (int i = 0; i < 3; i++) {
      submit(board, group.get(i), scores[i]);
    }
    // someone outside the group ranks above everyone, so global ranks differ from group ranks
    submit(board, user("outsider"), 900);

    assertThat(ok(put("/v1/users/" + u + "/friends/" + group.get(1), null), 201))
        .isEqualTo(new JsonObject().put("userId", u).put("friendId", group.get(1)).put("added", true));
    assertThat(ok(put("/v1/users/" + group.get(1) + "/friends/" + u, null), 200).getBoolean("added")).isFalse();
    JsonObject imported = ok(post("/v1/users/" + u + "/friends",
        new JsonObject().put("friendIds", new JsonArray().add(group.get(2)).add(group.get(3)).add(group.get(1))).encode()), 200);
    assertThat(imported).isEqualTo(new JsonObject().put("userId", u).put("added", 2).put("already", 1)
        .put("refused", new JsonArray()));

    for (String member : group) {
      assertThat(ok(get("/v1/users/" + member + "/friends"), 200)).isEqualTo(await(friends.friends(member)).toJson());
    }
    assertThat(ok(get("/v1/users/" + u + "/friends"), 200).getJsonArray("friends"))
        .containsExactlyElementsOf(group.subList(1, 4).stream().sorted().toList());

    String path = "/v1/boards/" + board + "/users/" + u + "/friends";
    JsonObject plain = ok(get(path), 200);
    assertThat(plain).isEqualTo(await(friends.friendBoard(board, u, null, null, null, null, null)).toJson());
    assertThat(plain.getInteger("total")).isEqualTo(3);
    assertThat(plain.getJsonArray("missing")).containsExactly(group.get(3));
    JsonArray entries = plain.getJsonArray("entries");
    assertThat(entries.stream().map(o -> ((JsonObject) o).getString("userId")).toList())
        .containsExactly(group.get(1), group.get(0), group.get(2));
    assertThat(entries.getJsonObject(0).containsKey("globalRank")).isFalse();

    JsonObject global = ok(get(path + "?globalRanks=true&rankMode=competition&limit=2&offset=1&period=current"), 200);
    assertThat(global).isEqualTo(await(friends.friendBoard(board, u, "current", 1L, 2, "competition", true)).toJson());
    assertThat(global.getJsonArray("entries").stream().map(o -> ((JsonObject) o).getLong("rank")).toList())
        .containsExactly(2L, 2L);
    assertThat(global.getJsonArray("entries").stream().map(o -> ((JsonObject) o).getLong("globalRank")).toList())
        .containsExactly(3L, 4L);
    assertThat(ok(get(path + "?globalRanks=false&rankMode=dense"), 200))
        .isEqualTo(await(friends.friendBoard(board, u, null, null, null, "dense", false)).toJson());
    assertThat(ok(get("/v1/boards/" + board + "/users/" + group.get(3) + "/friends?globalRanks=true"), 200))
        .isEqualTo(await(friends.friendBoard(board, group.get(3), null, null, null, null, true)).toJson());

    assertThat(ok(delete("/v1/users/" + group.get(2) + "/friends/" + u), 200))
        .isEqualTo(new JsonObject().put("userId", group.get(2)).put("friendId", u).put("removed", true));
    assertThat(ok(delete("/v1/users/" + u + "/friends/" + group.get(2)), 200).getBoolean("removed")).isFalse();
    assertThat(ok(get(path), 200)).isEqualTo(await(friends.friendBoard(board, u, null, null, null, null, null)).toJson());
    assertThat(ok(get(path), 200).getInteger("total")).isEqualTo(2);
  }

  @Test
  void badRequestsAreAnsweredWithErrorsNamingTheField() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    String u = user("u");
    String path = "/v1/boards/" + board + "/users/" + u + "/friends";
    assertError(get(path + "?globalRanks=yes"), 400, "invalid_field", "globalRanks", "true or false", "yes");
    assertError(get(path + "?globalRanks=TRUE"), 400, "invalid_field", "globalRanks");
    assertError(get(path + "?globalRanks=true&globalRanks=false"), 400, "invalid_field", "globalRanks");
    assertError(get(path + "?limit=abc"), 400, "invalid_field", "limit");
    assertError(get(path + "?limit=0"), 400, "invalid_field", "limit");
    assertError(get(path + "?limit=1001"), 400, "invalid_field", "limit", "1000");
    assertError(get(path + "?offset=-1"), 400, "invalid_field", "offset");
    assertError(get(path + "?rankMode=best"), 400, "invalid_field", "rankMode");
    assertError(get(path + "?period=2025-13-45"), 400, "invalid_field", "period");
    assertError(get(path + "?around=1"), 400, "invalid_field", "around");
    assertError(get("/v1/boards/" + randomBoard() + "/users/" + u + "/friends"), 404, "board_not_found");
    assertError(get("/v1/boards/" + board + "/users/bad%20id/friends"), 400, "invalid_field", "userId");

    assertError(put("/v1/users/" + u + "/friends/" + u, null), 400, "invalid_field", "friendId", "themself");
    assertError(put("/v1/users/bad%20id/friends/" + u, null), 400, "invalid_field", "userId");
    assertError(put("/v1/users/" + u + "/friends/" + "x".repeat(129), null), 400, "invalid_field", "friendId");
    assertError(delete("/v1/users/" + u + "/friends/" + u), 400, "invalid_field", "friendId");
    assertError(get("/v1/users/" + u + "/friends?limit=5"), 400, "invalid_field", "limit");
    assertError(put("/v1/users/" + u + "/friends/" + user("a") + "?force=true", null), 400, "invalid_field", "force");
    assertError(call(HttpMethod.PATCH, "/v1/users/" + u + "/friends/" + user("a"), null), 405, "method_not_allowed");

    String imports = "/v1/users/" + u + "/friends";
    assertError(post(imports, ""), 400, "invalid_json", "body");
    assertError(post(imports, "[\"a\"]"), 400, "invalid_json", "JSON object");
    assertError(post(imports, "{\"friendIds\": 5}"), 400, "invalid_field", "friendIds", "array");
    assertError(post(imports, "{\"friends\": []}"), 400, "invalid_field", "friends");
    JsonArray tooMany = new JsonArray();
    for (int i = 0; i <= LIMIT; i++) {
      tooMany.add(user("t" + i));
    }
    assertError(post(imports, new JsonObject().put("friendIds", tooMany).encode()), 400, "invalid_field", "friendIds",
        Integer.toString(LIMIT));
    assertThat(ok(get(imports), 200).getInteger("count")).isZero();

    // a full list: 422 naming whose list and the limit; nothing changed
    List<String> three = new ArrayList<>();
    for (int i = 0; i < LIMIT; i++) {
      three.add(user("f" + i));
      ok(put("/v1/users/" + u + "/friends/" + three.get(i), null), 201);
    }
    String other = user("other");
    assertError(put("/v1/users/" + other + "/friends/" + u, null), 422, "friend_limit", "'" + u + "'",
        Integer.toString(LIMIT));
    assertThat(ok(get("/v1/users/" + other + "/friends"), 200).getInteger("count")).isZero();
    assertThat(ok(get(imports), 200).getJsonArray("friends")).containsExactlyElementsOf(three);
    // refusals inside an import are per ID, in the 200 answer
    JsonObject partly = ok(post("/v1/users/" + other + "/friends",
        new JsonObject().put("friendIds", new JsonArray().add(u).add("no way").add(user("g"))).encode()), 200);
    assertThat(partly.getInteger("added")).isEqualTo(1);
    JsonArray refused = partly.getJsonArray("refused");
    assertThat(refused).hasSize(2);
    assertThat(refused.getJsonObject(0).getString("error")).isEqualTo("friend_limit");
    assertThat(refused.getJsonObject(1).getString("error")).isEqualTo("invalid_field");
    assertThat(refused.getJsonObject(1).getString("message")).contains("friendIds[1]");
  }
}
