package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.auth.TestTokens;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewards over HTTP: recorded at the close, read and claimed by their users (players only their
 * own), claimed once however many claims race, erased with their user; a board's reward rules
 * refused field by field.
 */
class RewardsHttpTest extends ApiTestSupport {
  private byte[] secret;

  @BeforeEach
  void players(@TempDir Path dir) throws Exception {
    secret = TestTokens.secret(RANDOM);
    Path secretFile = Files.write(dir.resolve("jwt.secret"), secret);
    NodeKeys.of(vertx).offerPlayers(PlayerTokens.load(vertx, new PlayerTokenSettings(secretFile, null, null, null)));
  }

  private String player(String userId) {
    return "Bearer " + TestTokens.hs256(secret, TestTokens.claims(userId));
  }

  /** A daily board whose ranks 1 to 2 get gold and the top half silver; users a (30), b (20), c (10), d (5), closed. */
  private String closedBoard() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily").put("rewards", new JsonArray()
        .add(new JsonObject().put("ranks", new JsonArray().add(1).add(1)).put("reward", new JsonObject().put("chest", "gold")))
        .add(new JsonObject().put("topPercent", 50).put("reward", new JsonObject().put("chest", "silver")))));
    Map<String, Long> scores = Map.of("a", 30L, "b", 20L, "c", 10L, "d", 5L);
    scores.forEach((user, score) -> submit(board, board + "-" + user, score));
    ok(post("/v1/boards/" + board + "/periods/current/close", null), 200);
    return board;
  }

  @Test
  void theCloseRecordsEachUsersRewardAndPlayersReadAndClaimOnlyTheirOwn() {
    String board = closedBoard();
    String a = board + "-a";
    String b = board + "-b";
    JsonObject page = ok(get("/v1/boards/" + board + "/periods/2025-04-15/rewards"), 200);
    assertThat(page.getLong("total")).isEqualTo(2);
    assertThat(page.getJsonArray("rewards").stream().map(r -> ((JsonObject) r).getString("userId") + ":"
        + ((JsonObject) r).getJsonObject("reward").getString("chest") + ":" + ((JsonObject) r).getLong("rank")))
        .containsExactly(a + ":gold:1", b + ":silver:2");

    JsonObject mine = ok(callWith(player(a), HttpMethod.GET, "/v1/users/" + a + "/rewards", null), 200);
    JsonObject reward = mine.getJsonArray("rewards").getJsonObject(0);
    assertThat(reward.getString("board")).isEqualTo(board);
    assertThat(reward.getString("period")).isEqualTo("2025-04-15");
    assertThat(reward.getLong("rank")).isEqualTo(1);
    assertThat(reward.getJsonObject("reward")).isEqualTo(new JsonObject().put("chest", "gold"));
    assertThat(reward.containsKey("claimedAt")).isTrue();
    assertThat(reward.getValue("claimedAt")).isNull();
    long id = reward.getLong("id");
    long bId = ok(get("/v1/users/" + b + "/rewards"), 200).getJsonArray("rewards").getJsonObject(0).getLong("id");

    assertError(callWith(player(b), HttpMethod.GET, "/v1/users/" + a + "/rewards", null), 403, "forbidden");
    assertError(callWith(player(b), HttpMethod.POST, "/v1/users/" + a + "/rewards/" + id + "/claim", null), 403,
        "forbidden");
    // another user's reward id under the player's own path is not theirs
    assertError(callWith(player(b), HttpMethod.POST, "/v1/users/" + b + "/rewards/" + id + "/claim", null), 404,
        "reward_not_found");
    assertThat(ok(get("/v1/users/" + a + "/rewards?state=unclaimed"), 200).getJsonArray("rewards")).hasSize(1);

    JsonObject claimed = ok(callWith(player(a), HttpMethod.POST, "/v1/users/" + a + "/rewards/" + id + "/claim", null), 200);
    assertThat(claimed.getLong("claimedAt")).isEqualTo(CLOCK.millis());
    assertError(callWith(player(a), HttpMethod.POST, "/v1/users/" + a + "/rewards/" + id + "/claim", null), 409,
        "already_claimed");
    assertThat(ok(get("/v1/users/" + a + "/rewards?state=unclaimed"), 200).getJsonArray("rewards")).isEmpty();
    assertThat(ok(get("/v1/users/" + a + "/rewards?state=claimed"), 200).getJsonArray("rewards").getJsonObject(0)
        .getLong("claimedAt")).isEqualTo(CLOCK.millis());
    assertThat(ok(get("/v1/users/" + b + "/rewards?state=unclaimed"), 200).getJsonArray("rewards"))
        .extracting(r -> ((JsonObject) r).getLong("id")).containsExactly(bId);

    assertError(get("/v1/users/" + a + "/rewards?state=open"), 400, "invalid_field", "state");
    assertError(post("/v1/users/" + a + "/rewards/x1/claim", null), 400, "invalid_field", "rewardId");
    assertError(post("/v1/users/" + a + "/rewards/0/claim", null), 400, "invalid_field", "rewardId");

    JsonObject history = ok(callWith(player(b), HttpMethod.GET, "/v1/boards/" + board + "/users/" + a + "/history", null), 200);
    assertThat(history.getJsonArray("periods")).isEqualTo(new JsonArray().add(new JsonObject().put("period", "2025-04-15")
        .put("rank", 1).put("score", 30).put("total", 4).put("percentile", 100.0)
        .put("reward", new JsonObject().put("chest", "gold"))));
  }

  @Test
  void sixtyConcurrentClaimsOfOneRewardGiveExactlyOne200() {
    String board = closedBoard();
    String a = board + "-a";
    long id = ok(get("/v1/users/" + a + "/rewards"), 200).getJsonArray("rewards").getJsonObject(0).getLong("id");
    List<Future<HttpResponse<Buffer>>> claims = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      claims.add(client.request(HttpMethod.POST, port, "localhost", "/v1/users/" + a + "/rewards/" + id + "/claim").send());
    }
    await(Future.all(claims));
    Map<Integer, Long> statuses = claims.stream().map(f -> f.result().statusCode())
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    assertThat(statuses).isEqualTo(Map.of(200, 1L, 409, 59L));
    assertThat(claims.stream().filter(f -> f.result().statusCode() == 409)
        .map(f -> f.result().bodyAsJsonObject().getString("error"))).containsOnly("already_claimed");
  }

  @Test
  void erasingAUserErasesTheirRewards() {
    String board = closedBoard();
    String b = board + "-b";
    assertThat(ok(get("/v1/users/" + b + "/rewards"), 200).getJsonArray("rewards")).hasSize(1);
    assertThat(ok(delete("/v1/users/" + b), 200).getLong("rewards")).isEqualTo(1);
    assertThat(ok(get("/v1/users/" + b + "/rewards"), 200).getJsonArray("rewards")).isEmpty();
    assertThat(ok(get("/v1/boards/" + board + "/periods/2025-04-15/rewards"), 200).getLong("total")).isEqualTo(1);
  }

  @Test
  void brokenRewardRulesAreRefusedNamingTheFieldAndNothingChanges() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily"));
    JsonObject before = ok(get("/v1/boards/" + board), 200);
    assertError(put("/v1/boards/" + board, "{\"rewards\": [{\"topPercent\": 0, \"reward\": {}}]}"), 400,
        "invalid_field", "rewards[0].topPercent");
    assertError(put("/v1/boards/" + board, "{\"rewards\": [{\"ranks\": [2, 1], \"reward\": {}}]}"), 400,
        "invalid_field", "rewards[0].ranks");
    assertError(put("/v1/boards/" + board, "{\"rewardRankMode\": \"dense\"}"), 400, "invalid_field", "rewardRankMode");
    assertThat(ok(get("/v1/boards/" + board), 200)).isEqualTo(before);
  }
}
