package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.Keys;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Board definitions through the HTTP API: create, update, read, list, delete, recreate. */
class HttpApiBoardsTest extends ApiTestSupport {

  /**
   * Identical pages asked at once share a round and one encoded answer: every request still gets the
   * whole page, and a page asked after a write shows it.
   */
  @Test
  void identicalPagesAskedAtOnceEachGetTheWholePage() {
    String board = randomBoard();
    ok(put("/v1/boards/" + board, new JsonObject().put("operator", "set").encode()), 201);
    for (int u = 0; u < 30; u++) {
      submit(board, "user-" + u, 1000 - 7L * u);
    }
    String uri = "/v1/boards/" + board + "/entries?limit=10";
    for (int round = 0; round < 2; round++) {
      List<Future<HttpResponse<Buffer>>> answers = new ArrayList<>();
      for (int q = 0; q < 300; q++) {
        answers.add(client.request(HttpMethod.GET, port, "localhost", uri).send());
      }
      await(Future.all(answers));
      String leader = round == 0 ? "user-0" : "late";
      for (Future<HttpResponse<Buffer>> answer : answers) {
        JsonObject page = ok(answer.result(), 200);
        JsonArray entries = page.getJsonArray("entries");
        assertThat(page.getLong("total")).isEqualTo(30 + round);
        assertThat(entries).hasSize(10);
        assertThat(entries.getJsonObject(0).getString("userId")).isEqualTo(leader);
        for (int i = 1; i < 10; i++) {
          assertThat(entries.getJsonObject(i).getString("userId")).isEqualTo("user-" + (i - round));
          assertThat(entries.getJsonObject(i).getLong("rank")).isEqualTo(i + 1);
        }
      }
      submit(board, "late", 5000);
    }
  }

  @Test
  void createUpdateReadListDeleteAndRecreate() {
    String board = randomBoard();
    String url = "/v1/boards/" + board;

    // create: 201 with the definition and its derived limits
    JsonObject created = ok(put(url, new JsonObject().put("order", "desc").put("operator", "incr").put("period", "daily")
        .put("timezone", "Europe/Berlin").put("maxScore", 1_000_000).put("tieResolution", "ms").put("retainPeriods", 5)
        .encode()), 201);
    assertThat(created.getString("board")).isEqualTo(board);
    assertThat(created.getString("order")).isEqualTo("desc");
    assertThat(created.getString("operator")).isEqualTo("incr");
    assertThat(created.getString("period")).isEqualTo("daily");
    assertThat(created.getString("timezone")).isEqualTo("Europe/Berlin");
    assertThat(created.getLong("maxScore")).isEqualTo(1_000_000);
    assertThat(created.getString("tieResolution")).isEqualTo("ms");
    assertThat(created.getInteger("retainPeriods")).isEqualTo(5);
    assertThat(created.containsKey("created")).as("internal flag leaks: %s", created).isFalse();
    JsonObject limits = created.getJsonObject("limits");
    assertThat(limits.getInteger("timeBits")).isEqualTo(27); // a day + 2h of DST margin in ms needs 27 bits
    assertThat(limits.getInteger("scoreBits")).isEqualTo(26);
    assertThat(limits.getLong("largestScore")).isEqualTo((1L << 26) - 1);
    assertThat(limits.getString("timeUnit")).isEqualTo("ms");

    // update: 200, mutable fields change, the rest stays
    JsonObject updated = ok(put(url, new JsonObject().put("operator", "best").put("maxScore", 2_000_000).put("retainPeriods", 7)
        .encode()), 200);
    assertThat(updated.getString("operator")).isEqualTo("best");
    assertThat(updated.getLong("maxScore")).isEqualTo(2_000_000);
    assertThat(updated.getInteger("retainPeriods")).isEqualTo(7);
    assertThat(updated.getString("timezone")).isEqualTo("Europe/Berlin");
    assertThat(updated.getLong("createdAt")).isEqualTo(created.getLong("createdAt"));
    assertThat(updated.getJsonObject("limits")).isEqualTo(limits);

    // read and list
    assertThat(ok(get(url), 200)).isEqualTo(updated);
    JsonObject listed = boardsListed().stream().filter(b -> board.equals(b.getString("board"))).findFirst().orElseThrow();
    assertThat(listed).isEqualTo(updated);

    // a GET answer can be sent back unchanged
    assertThat(ok(put(url, updated.encode()), 200)).isEqualTo(updated);

    // scores, then delete
    submit(board, "alice", 10);
    submit(board, "bob", 20);
    assertThat(ok(get(url + "/entries"), 200).getLong("total")).isEqualTo(2);
    assertThat(redisKeysOf(board)).isNotEmpty();

    assertThat(ok(delete(url), 200)).isEqualTo(new JsonObject().put("board", board).put("deleted", true));

    assertError(get(url), 404, "board_not_found", board);
    assertError(get(url + "/entries"), 404, "board_not_found", board);
    assertError(get(url + "/users/alice"), 404, "board_not_found", board);
    assertError(delete(url), 404, "board_not_found", board);
    assertThat(boardsListed()).noneMatch(b -> board.equals(b.getString("board")));
    assertThat(redisKeysOf(board)).as("keys left in Redis").isEmpty();

    // same name again: a new, empty board
    JsonObject again = ok(put(url, new JsonObject().put("period", "daily").encode()), 201);
    assertThat(again.getString("operator")).isEqualTo("incr");
    assertThat(again.getString("timezone")).isEqualTo("UTC");
    JsonObject entries = ok(get(url + "/entries"), 200);
    assertThat(entries.getLong("total")).isZero();
    assertThat(entries.getJsonArray("entries")).isEmpty();
    assertError(get(url + "/users/alice"), 404, "user_not_found", "alice");
    assertThat(submit(board, "alice", 1).getLong("score")).isEqualTo(1);
  }

  @Test
  void emptyDefinitionCreatesAnAllTimeBoardWithSecondTies() {
    String board = randomBoard();

    JsonObject created = ok(put("/v1/boards/" + board, "{}"), 201);

    assertThat(created.getString("period")).isEqualTo("all-time");
    assertThat(created.getString("order")).isEqualTo("desc");
    assertThat(created.getString("operator")).isEqualTo("incr");
    assertThat(created.getString("tieResolution")).isEqualTo("s");
    JsonObject limits = created.getJsonObject("limits");
    assertThat(limits.getInteger("scoreBits") + limits.getInteger("timeBits")).isEqualTo(53);
    assertThat(limits.getLong("largestScore")).isEqualTo((1L << limits.getInteger("scoreBits")) - 1);
    assertThat(created.getLong("maxScore")).isEqualTo(limits.getLong("largestScore"));
    assertThat(limits.getString("timeUnit")).isEqualTo("s");
    assertThat(ok(put("/v1/boards/" + board, "{}"), 200)).isEqualTo(created);
  }

  @Test
  void largestScoreThatFitsIsAcceptedAndUsable() {
    String board = randomBoard();

    JsonObject created = ok(put("/v1/boards/" + board, new JsonObject().put("period", "daily").put("tieResolution", "ms")
        .put("maxScore", 67108863).put("operator", "set").encode()), 201);

    assertThat(created.getLong("maxScore")).isEqualTo(created.getJsonObject("limits").getLong("largestScore"));
    JsonObject top = submit(board, "alice", 67108863);
    assertThat(top.getLong("score")).isEqualTo(67108863);
    assertThat(top.getLong("rank")).isEqualTo(1);
  }

  private List<JsonObject> boardsListed() {
    JsonArray boards = ok(get("/v1/boards"), 200).getJsonArray("boards");
    List<JsonObject> out = new ArrayList<>();
    boards.forEach(b -> out.add((JsonObject) b));
    return out;
  }

  /** Every key on every shard that belongs to the board: score and event keys, its period set, its definition. */
  private List<String> redisKeysOf(String board) {
    List<String> keys = new ArrayList<>();
    List<String> endpoints = TestShards.endpoints();
    for (int s = 0; s < endpoints.size(); s++) {
      Redis redis = Redis.createClient(vertx, endpoints.get(s));
      try {
        for (String pattern : List.of("lb:{" + board + ":*", "lb:{meta}:periods:" + board + ":*")) {
          for (Response k : await(redis.send(Request.cmd(Command.KEYS).arg(pattern)))) {
            keys.add("shard " + s + ": " + k);
          }
        }
        if (s == 0 && await(redis.send(Request.cmd(Command.HEXISTS).arg(Keys.BOARDS).arg(board))).toInteger() == 1) {
          keys.add("shard 0: " + Keys.BOARDS + " field " + board);
        }
      } finally {
        redis.close();
      }
    }
    return keys;
  }
}
