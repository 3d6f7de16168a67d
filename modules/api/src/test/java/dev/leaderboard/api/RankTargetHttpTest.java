package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/boards/{board}/ranks/{rank}} and {@code GET /v1/boards/{board}/rank-of} over HTTP:
 * the answers' shapes as openapi.yaml gives them, a closed period's target read from its final
 * ranking, and bad input refused naming the field and the rule (the ranks themselves are checked
 * against the reference model in the service's read tests).
 */
class RankTargetHttpTest extends ApiTestSupport {

  @Test
  void theScoreARankNeedsAndTheRankAScoreGets() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "set").put("maxScore", 1000));
    // bo reaches 300 before cy
    long at = CLOCK.millis();
    submit(board, new JsonObject().put("userId", "ana").put("value", 500).put("at", at));
    submit(board, new JsonObject().put("userId", "bo").put("value", 300).put("at", at + 1000));
    submit(board, new JsonObject().put("userId", "cy").put("value", 300).put("at", at + 2000));
    submit(board, new JsonObject().put("userId", "di").put("value", 100).put("at", at + 3000));

    JsonObject second = ok(get("/v1/boards/" + board + "/ranks/2?userId=di"), 200);
    assertThat(second.getJsonObject("entry").getString("userId")).isEqualTo("bo");
    assertThat(second.getLong("score")).isEqualTo(300);
    assertThat(second.getLong("needed")).as("one better than bo, who reached 300 first").isEqualTo(301);
    assertThat(second.getJsonObject("user")).isEqualTo(new JsonObject().put("userId", "di").put("score", 100L)
        .put("rank", 4L).put("toReach", 201L));
    JsonObject third = ok(get("/v1/boards/" + board + "/ranks/3?rankMode=competition"), 200);
    assertThat(third.getJsonObject("entry").getLong("rank")).as("cy ties bo at rank 2").isEqualTo(2);
    assertThat(third.getLong("needed")).isEqualTo(300);
    assertThat(third.containsKey("user")).isFalse();
    JsonObject fifth = ok(get("/v1/boards/" + board + "/ranks/5"), 200);
    assertThat(fifth.getValue("entry")).isNull();
    assertThat(fifth.getLong("needed")).as("any score ranks fifth of four").isEqualTo(0);
    JsonObject first = ok(get("/v1/boards/" + board + "/ranks/1"), 200);
    assertThat(first.getLong("needed")).isEqualTo(501);

    assertThat(ok(get("/v1/boards/" + board + "/rank-of?score=300"), 200)).isEqualTo(new JsonObject()
        .put("board", board).put("period", "all").put("rankMode", "unique").put("score", 300L).put("rank", 4L)
        .put("total", 4L));
    assertThat(ok(get("/v1/boards/" + board + "/rank-of?score=300&rankMode=competition&userId=bo"), 200)
        .getLong("rank")).as("bo's own 300 left out").isEqualTo(2);
    // the top score the board takes ranks first, and the bottom one last
    assertThat(ok(get("/v1/boards/" + board + "/rank-of?score=1000"), 200).getLong("rank")).isEqualTo(1);
    assertThat(ok(get("/v1/boards/" + board + "/rank-of?score=0"), 200).getLong("rank")).isEqualTo(5);
  }

  @Test
  void badInputIsRefusedNamingTheFieldAndTheRule() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("maxScore", 1000));
    submit(board, "someone", 5);
    assertError(get("/v1/boards/" + board + "/ranks/0"), 400, "invalid_field", "rank");
    assertError(get("/v1/boards/" + board + "/ranks/first"), 400, "invalid_field", "rank", "whole number");
    assertError(get("/v1/boards/" + board + "/ranks/1?rankMode=best"), 400, "invalid_field", "rankMode");
    assertError(get("/v1/boards/" + board + "/ranks/1?userId=" + "x".repeat(200)), 400, "invalid_field", "userId");
    assertError(get("/v1/boards/" + board + "/ranks/1?limit=3"), 400, "invalid_field", "limit");
    assertError(get("/v1/boards/" + board + "/rank-of"), 400, "invalid_field", "score");
    assertError(get("/v1/boards/" + board + "/rank-of?score=1001"), 400, "invalid_field", "score", "maxScore 1000",
        "got 1001");
    assertError(get("/v1/boards/" + board + "/rank-of?score=-1"), 400, "invalid_field", "score", "minScore 0");
    assertError(get("/v1/boards/" + board + "/rank-of?score=ten"), 400, "invalid_field", "score", "whole number");
    assertError(get("/v1/boards/" + board + "/rank-of?score=5&rankMode=dense"), 400, "invalid_field", "rankMode",
        "denseRanks");
    assertError(get("/v1/boards/" + randomBoard() + "/rank-of?score=5"), 404, "board_not_found");
    assertError(get("/v1/boards/" + randomBoard() + "/ranks/1"), 404, "board_not_found");
  }

  @Test
  void aClosedPeriodAnswersItsTargetsFromTheArchiveAndRefusesTheRankOfAScore() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily"));
    submit(board, "ana", 50);
    submit(board, "bo", 20);
    ok(post("/v1/boards/" + board + "/periods/current/close", null), 200);
    JsonObject second = ok(get("/v1/boards/" + board + "/ranks/2?period=2025-04-15&userId=ana"), 200);
    assertThat(second.getJsonObject("entry").getString("userId")).isEqualTo("bo");
    assertThat(second.getJsonObject("user").getLong("toReach")).isZero();
    assertError(get("/v1/boards/" + board + "/rank-of?score=5&period=2025-04-15"), 409, "period_archived",
        "2025-04-15", "entries?period=");
  }
}
