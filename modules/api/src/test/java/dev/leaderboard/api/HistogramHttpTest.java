package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.testing.TestSeed;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /v1/boards/{board}/histogram} against a model: random scores on boards of either
 * order and layout and any number of partitions, bucketed the way docs/api.md says; an empty period
 * spans the board's score range; banned users are left out; bad {@code buckets} and archived
 * periods are refused.
 */
@ExtendWith(TestSeed.class)
class HistogramHttpTest extends ApiTestSupport {

  @Test
  void bucketsCountEveryScoreOnceAsTheModelDoes(Random rnd) {
    String[] definitions = {"{\"order\": \"desc\", \"operator\": \"set\", \"partitions\": %d}",
        "{\"order\": \"asc\", \"operator\": \"set\", \"partitions\": %d}",
        "{\"operator\": \"set\", \"minScore\": -1000000000000, \"partitions\": %d}"};
    for (String definition : definitions) {
      for (int round = 0; round < 3; round++) {
        String board = randomBoard();
        JsonObject def = createBoard(board, new JsonObject(String.format(definition, 1 + rnd.nextInt(8))));
        long min = def.getLong("minScore");
        long max = def.getLong("maxScore");
        long base = min + (long) (rnd.nextDouble() * 1_000_000);
        long spread = Math.min(List.of(1L, 7L, 1_000L, 1L << 40).get(rnd.nextInt(4)), max - base);
        List<Long> scores = new ArrayList<>();
        JsonArray events = new JsonArray();
        int users = 1 + rnd.nextInt(300);
        for (int u = 0; u < users; u++) {
          long score = base + (long) (rnd.nextDouble() * spread);
          scores.add(score);
          events.add(new JsonObject().put("userId", "u" + u).put("value", score));
        }
        assertThat(ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode()),
            200).getInteger("applied")).isEqualTo(users);
        int buckets = 1 + rnd.nextInt(100);
        JsonObject answer = ok(get("/v1/boards/" + board + "/histogram?buckets=" + buckets), 200);
        assertThat(answer).as("buckets=%d over %s", buckets, scores).isEqualTo(model(board, scores, buckets));
      }
    }
  }

  /** The documented buckets, counted score by score. */
  private static JsonObject model(String board, List<Long> scores, int n) {
    long low = scores.stream().mapToLong(Long::longValue).min().orElseThrow();
    long high = scores.stream().mapToLong(Long::longValue).max().orElseThrow();
    long span = high - low + 1;
    long width = (span + n - 1) / n;
    int k = (int) ((span + width - 1) / width);
    assertThat(k).isBetween(1, n);
    long[] counts = new long[k];
    scores.forEach(s -> counts[(int) ((s - low) / width)]++);
    JsonArray buckets = new JsonArray();
    for (int i = 0; i < k; i++) {
      buckets.add(new JsonObject().put("from", low + i * width).put("to", Math.min(low + (i + 1) * width, high + 1))
          .put("count", counts[i]));
    }
    return new JsonObject().put("board", board).put("period", "all").put("total", (long) scores.size())
        .put("buckets", buckets);
  }

  @Test
  void anEmptyPeriodSpansTheBoardsScoreRangeInTwentyBuckets() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("minScore", 0).put("maxScore", 999));
    JsonObject answer = ok(get("/v1/boards/" + board + "/histogram"), 200);
    assertThat(answer.getLong("total")).isZero();
    JsonArray buckets = answer.getJsonArray("buckets");
    assertThat(buckets).hasSize(20);
    for (int i = 0; i < 20; i++) {
      assertThat(buckets.getJsonObject(i)).isEqualTo(new JsonObject().put("from", i * 50L).put("to", (i + 1) * 50L)
          .put("count", 0L));
    }
  }

  @Test
  void badBucketsAreRefusedNamingTheFieldAndTheRule() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    submit(board, "someone", 5);
    assertError(get("/v1/boards/" + board + "/histogram?buckets=0"), 400, "invalid_field", "buckets",
        "between 1 and 100", "got 0");
    assertError(get("/v1/boards/" + board + "/histogram?buckets=101"), 400, "invalid_field", "buckets",
        "between 1 and 100", "got 101");
    assertError(get("/v1/boards/" + board + "/histogram?buckets=many"), 400, "invalid_field", "buckets",
        "whole number");
    assertError(get("/v1/boards/" + board + "/histogram?bucket=3"), 400, "invalid_field", "bucket");
    assertError(get("/v1/boards/" + board + "/histogram?period=yesterday"), 400, "invalid_field", "period");
    assertError(get("/v1/boards/" + randomBoard() + "/histogram"), 404, "board_not_found");
  }

  @Test
  void aBannedUserIsNotCountedUntilTheBanIsLifted() {
    String board = randomBoard();
    String banned = board + "-cheat";
    createBoard(board, new JsonObject());
    submit(board, "a", 10);
    submit(board, "b", 20);
    submit(board, banned, 1_000);
    ok(put("/v1/users/" + banned + "/ban", "{\"reason\": \"cheating\"}"), 200);
    assertThat(ok(get("/v1/boards/" + board + "/histogram?buckets=2"), 200).getJsonArray("buckets")).isEqualTo(
        new JsonArray().add(new JsonObject().put("from", 10L).put("to", 16L).put("count", 1L))
            .add(new JsonObject().put("from", 16L).put("to", 21L).put("count", 1L)));
    ok(delete("/v1/users/" + banned + "/ban"), 200);
    assertThat(ok(get("/v1/boards/" + board + "/histogram?buckets=2"), 200).getLong("total")).isEqualTo(3);
  }

  @Test
  void anArchivedPeriodIsRefusedPointingToItsRanking() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily"));
    submit(board, "someone", 5);
    assertThat(ok(get("/v1/boards/" + board + "/histogram?buckets=1"), 200).getLong("total")).isEqualTo(1);
    ok(post("/v1/boards/" + board + "/periods/current/close", null), 200);
    assertError(get("/v1/boards/" + board + "/histogram"), 409, "period_archived", "2025-04-15", "entries?period=");
  }
}
