package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * Competitions over HTTP: the board fields' refusals name the field and rule and change nothing, a
 * join answers 201 then 200 with the same body, and submits meet the limits with the codes and
 * fields the contract gives.
 */
class CompetitionHttpTest extends ApiTestSupport {

  @Test
  void brokenCompetitionFieldsAreRefusedNamingTheFieldAndNothingChanges() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("maxAttempts", 2));
    JsonObject before = ok(get("/v1/boards/" + board), 200);
    assertError(put("/v1/boards/" + board, "{\"maxSize\": 0}"), 400, "invalid_field", "maxSize");
    assertError(put("/v1/boards/" + board, "{\"startsAt\": \"2025-05-02T00:00:00Z\", \"endsAt\": \"2025-05-01T00:00:00Z\"}"),
        400, "invalid_field", "endsAt", "after startsAt");
    assertError(put("/v1/boards/" + board, "{\"activeFor\": \"two days\"}"), 400, "invalid_field", "activeFor",
        "ISO-8601");
    assertError(put("/v1/boards/" + board, "{\"cohortBy\": \"bracket\"}"), 400, "invalid_field", "cohortBy",
        "cohortSize");
    assertError(put("/v1/boards/" + board, "{\"cohortSize\": 10001}"), 400, "invalid_field", "cohortSize");
    assertThat(ok(get("/v1/boards/" + board), 200)).isEqualTo(before);
    assertThat(before.getInteger("maxAttempts")).isEqualTo(2);
    assertThat(before.getBoolean("joinRequired")).isFalse();
  }

  @Test
  void aJoinIs201Then200WithTheSameBodyAndSubmitsMeetTheLimits() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("joinRequired", true).put("maxSize", 2).put("maxAttempts", 2)
        .put("cohortSize", 2).put("cohortBy", "bracket"));
    String join = "{\"userId\": \"ann\", \"attributes\": {\"bracket\": \"gold\"}}";
    JsonObject first = ok(post("/v1/boards/" + board + "/participants", join), 201);
    assertThat(first).isEqualTo(new JsonObject().put("userId", "ann").put("period", "all").put("cohort", 1));
    assertThat(ok(post("/v1/boards/" + board + "/participants", join), 200)).isEqualTo(first);
    assertError(post("/v1/boards/" + board + "/participants", "{\"userId\": \"ann\", \"attributes\": {\"a b\": \"x\"}}"),
        400, "invalid_field", "attributes.a b");
    assertError(post("/v1/boards/" + board + "/participants", "{\"userId\": \"bo\", \"attributes\": {\"bracket\": 3}}"),
        400, "invalid_field", "attributes.bracket");
    assertThat(ok(post("/v1/boards/" + board + "/participants", "{\"userId\": \"bo\"}"), 201).getLong("cohort"))
        .as("another bracket value, another cohort").isEqualTo(2);
    assertError(post("/v1/boards/" + board + "/participants", "{\"userId\": \"cy\"}"), 409, "board_full", "maxSize");

    assertError(post("/v1/boards/" + board + "/scores", "{\"userId\": \"cy\", \"value\": 1}"), 403, "not_joined");
    assertThat(ok(post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 4}"), 200)
        .getInteger("attemptsLeft")).isEqualTo(1);
    assertThat(ok(post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 4, \"eventId\": \"e\"}"), 200)
        .getInteger("attemptsLeft")).isZero();
    JsonObject again = ok(post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 4, \"eventId\": \"e\"}"),
        200);
    assertThat(again.getBoolean("applied")).as("a duplicate is no attempt").isFalse();
    io.vertx.ext.web.client.HttpResponse<io.vertx.core.buffer.Buffer> refused =
        post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 4}");
    assertThat(refused.statusCode()).isEqualTo(409);
    JsonObject exhausted = refused.bodyAsJsonObject();
    assertThat(exhausted.fieldNames()).containsExactlyInAnyOrder("error", "message", "attemptsLeft");
    assertThat(exhausted.getString("error")).isEqualTo("attempts_exhausted");
    assertThat(exhausted.getInteger("attemptsLeft")).isZero();
    assertThat(ok(get("/v1/boards/" + board + "/users/ann"), 200).getLong("score")).isEqualTo(8);

    JsonObject cohort = ok(get("/v1/boards/" + board + "/users/ann/cohort"), 200);
    assertThat(cohort.getLong("cohort")).isEqualTo(1);
    assertThat(cohort.getJsonArray("entries").getJsonObject(0).getLong("globalRank")).isEqualTo(1);
    assertThat(ok(get("/v1/boards/" + board + "/cohorts/2"), 200).getJsonArray("missing")).containsExactly("bo");
    assertError(get("/v1/boards/" + board + "/cohorts/9"), 404, "cohort_not_found");
    assertError(get("/v1/boards/" + board + "/cohorts/x"), 400, "invalid_field", "cohort");
    JsonObject list = ok(get("/v1/boards/" + board + "/participants?limit=1&offset=1"), 200);
    assertThat(list.getLong("total")).isEqualTo(2);
    assertThat(list.getJsonArray("participants").getJsonObject(0).getString("userId")).isEqualTo("bo");
    // other tests' boards may hold an "ann" too: this board's line
    JsonObject mine = ok(get("/v1/users/ann/boards"), 200).getJsonArray("boards").stream().map(JsonObject.class::cast)
        .filter(line -> board.equals(line.getString("board"))).findFirst().orElseThrow();
    assertThat(mine.getInteger("attemptsLeft")).isZero();
    assertThat(mine.getLong("cohortRank")).isEqualTo(1);
  }

  @Test
  void aFirstSubmitJoinsAndANewUserBeyondMaxSizeIsRefused() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("maxSize", 1));
    ok(post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 1}"), 200);
    ok(post("/v1/boards/" + board + "/scores", "{\"userId\": \"ann\", \"value\": 1}"), 200);
    assertError(post("/v1/boards/" + board + "/scores", "{\"userId\": \"bo\", \"value\": 1}"), 409, "board_full");
    JsonObject batch = ok(post("/v1/boards/" + board + "/scores/batch", "{\"events\": [{\"userId\": \"bo\", \"value\": 1},"
        + " {\"userId\": \"ann\", \"value\": 1}]}"), 200);
    assertThat(batch.getInteger("applied")).isEqualTo(1);
    assertThat(batch.getJsonArray("rejections").getJsonObject(0).getString("error")).isEqualTo("board_full");
    assertError(get("/v1/boards/" + board + "/users/bo"), 404, "user_not_found");
    assertError(get("/v1/boards/" + board + "/users/ann/cohort"), 400, "no_cohorts");
  }
}
