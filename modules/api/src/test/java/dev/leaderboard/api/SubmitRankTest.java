package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * The rank in a submit's answer: on by default, off with {@code ?rank=false} or a board's
 * {@code rankOnSubmit: false} (and back on with {@code ?rank=true}).
 */
class SubmitRankTest extends ApiTestSupport {

  @Test
  void theRankIsAnsweredUnlessTheRequestOrTheBoardSaysOtherwise() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    submit(board, "a", 10);
    JsonObject ranked = ok(post("/v1/boards/" + board + "/scores", "{\"userId\":\"b\",\"value\":5}"), 200);
    assertThat(ranked.getLong("rank")).isEqualTo(2);
    JsonObject unranked = ok(post("/v1/boards/" + board + "/scores?rank=false", "{\"userId\":\"c\",\"value\":7}"), 200);
    assertThat(unranked.getValue("rank")).isNull();
    assertThat(unranked.getLong("score")).isEqualTo(7);
    assertThat(unranked.getBoolean("applied")).isTrue();
    assertThat(unranked.containsKey("rankError")).isFalse();
    assertError(post("/v1/boards/" + board + "/scores?rank=yes", "{\"userId\":\"c\",\"value\":7}"), 400,
        "invalid_field", "rank must be true or false");
    assertThat(ok(get("/v1/boards/" + board + "/users/c"), 200).getLong("score")).as("the refused one changed nothing")
        .isEqualTo(7);

    String quiet = randomBoard();
    JsonObject def = createBoard(quiet, new JsonObject().put("rankOnSubmit", false));
    assertThat(def.getBoolean("rankOnSubmit")).isFalse();
    assertThat(ok(post("/v1/boards/" + quiet + "/scores", "{\"userId\":\"a\",\"value\":3}"), 200).getValue("rank"))
        .isNull();
    assertThat(ok(post("/v1/boards/" + quiet + "/scores?rank=true", "{\"userId\":\"b\",\"value\":4}"), 200)
        .getLong("rank")).isEqualTo(1);
  }

}
