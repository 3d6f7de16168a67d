package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * An event ID reused with another payload: 409 {@code event_id_conflict} for a single submit, and
 * the batch outcome {@code conflict} (listed under {@code conflicts}) in a batch; nothing changes.
 */
class EventIdConflictHttpTest extends ApiTestSupport {

  @Test
  void aReusedEventIdWithAnotherPayloadIsAConflict() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "incr").put("maxScore", 1000));
    String scores = "/v1/boards/" + board + "/scores";
    JsonObject first = new JsonObject().put("userId", "alice").put("value", 5).put("eventId", "e1");
    assertThat(submit(board, first).getBoolean("applied")).isTrue();
    JsonObject before = snapshot(board, "alice", "bob");

    JsonObject retry = submit(board, first);
    assertThat(retry.getBoolean("applied")).isFalse();
    assertThat(retry.getLong("score")).isEqualTo(5);
    assertError(post(scores, first.copy().put("value", 6).encode()), 409, "event_id_conflict",
        "eventId e1", "first payload was kept");
    assertThat(snapshot(board, "alice", "bob")).isEqualTo(before);

    JsonObject batch = ok(post(scores + "/batch", new JsonObject().put("events", new JsonArray()
        .add(first)
        .add(first.copy().put("value", 7))
        .add(new JsonObject().put("userId", "bob").put("value", 1).put("eventId", "e1"))).encode()), 200);
    // the whole answer, the conflict's message aside
    JsonObject conflict = batch.getJsonArray("conflicts").getJsonObject(0);
    assertThat((String) conflict.remove("message")).contains("eventId e1", "first payload was kept");
    assertThat(batch).isEqualTo(new JsonObject()
        .put("applied", 1).put("duplicate", 1)
        .put("conflict", 1).put("conflicts", new JsonArray().add(new JsonObject().put("index", 1)
            .put("error", "event_id_conflict")))
        .put("rejected", 0).put("rejections", new JsonArray())
        .put("failed", 0).put("failures", new JsonArray()));
    assertThat(ok(get("/v1/boards/" + board + "/users/alice"), 200).getLong("score")).isEqualTo(5);
    assertThat(ok(get("/v1/boards/" + board + "/users/bob"), 200).getLong("score")).isEqualTo(1);
  }
}
