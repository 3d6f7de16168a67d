package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Moderation over HTTP: a banned user's submits are 403 {@code banned} and change nothing, an
 * absent entry is 404, a closed period 409, input errors are 400 naming the field, and every
 * change is in the audit log. A user's view lists their entry, with the rank a read of that board
 * gives, on every board they have one (the console's view of a player).
 */
class ModerationHttpTest extends ApiTestSupport {

  @Test
  void aUsersViewHasTheirEntryAndRankOnEveryBoardTheyAreOnAndNoOther() {
    String user = "u-" + UUID.randomUUID().toString().substring(0, 8);
    Map<String, JsonObject> boards = new TreeMap<>(Map.of(randomBoard(), new JsonObject().put("order", "desc"),
        randomBoard(), new JsonObject().put("order", "asc").put("partitions", 3),
        randomBoard(), new JsonObject().put("period", "daily").put("minScore", -50)));
    String without = randomBoard();
    createBoard(without, new JsonObject());
    submit(without, "other", 1);
    int i = 0;
    for (Map.Entry<String, JsonObject> b : boards.entrySet()) {
      createBoard(b.getKey(), b.getValue());
      submit(b.getKey(), "ahead-" + i, 100);
      submit(b.getKey(), "behind-" + i, i);
      submit(b.getKey(), user, 20 + i++);
    }
    JsonObject view = ok(get("/v1/users/" + user), 200);
    assertThat(view.getBoolean("banned")).isFalse();
    assertThat(view.getJsonArray("heldByBan")).isEmpty();
    JsonArray entries = view.getJsonArray("entries");
    assertThat(entries.stream().map(e -> ((JsonObject) e).getString("board")).toList())
        .containsExactlyInAnyOrderElementsOf(boards.keySet());
    for (Object o : entries) {
      JsonObject e = (JsonObject) o;
      JsonObject read = ok(get("/v1/boards/" + e.getString("board") + "/users/" + user), 200);
      JsonObject page = ok(get("/v1/boards/" + e.getString("board") + "/entries"), 200);
      assertThat(e.getString("period")).isEqualTo(read.getString("period"));
      assertThat(e.getString("state")).isEqualTo("open");
      assertThat(e.getLong("score")).isEqualTo(read.getLong("score"));
      assertThat(e.getLong("rank")).isEqualTo(read.getLong("rank"));
      assertThat(e.getLong("total")).isEqualTo(page.getLong("total")).isEqualTo(3);
    }
  }

  @Test
  void aBannedUsersSubmitsAreRefusedAndChangeNothing() {
    String board = randomBoard();
    String user = "u-" + UUID.randomUUID().toString().substring(0, 8);
    createBoard(board, new JsonObject().put("period", "daily"));
    submit(board, user, 10);
    submit(board, "other", 5);
    JsonObject banned = ok(put("/v1/users/" + user + "/ban", "{\"reason\": \"bot\"}"), 200);
    assertThat(banned.getJsonArray("held")).hasSize(1);
    JsonObject before = snapshot(board, user, "other");
    assertThat(before.getJsonObject("user other").getJsonObject("body").getLong("rank")).isEqualTo(1);

    assertError(post("/v1/boards/" + board + "/scores", new JsonObject().put("userId", user).put("value", 3)
        .put("eventId", "e1").encode()), 403, "banned", user);
    JsonObject batch = ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events",
        List.of(new JsonObject().put("userId", user).put("value", 3))).encode()), 200);
    assertThat(batch.getInteger("rejected")).isEqualTo(1);
    assertThat(batch.getJsonArray("rejections").getJsonObject(0).getString("error")).isEqualTo("banned");
    assertThat(snapshot(board, user, "other")).isEqualTo(before);

    JsonObject view = ok(get("/v1/users/" + user), 200);
    assertThat(view.getJsonObject("ban").getString("reason")).isEqualTo("bot");
    assertThat(view.getJsonArray("heldByBan").getJsonObject(0).getLong("score")).isEqualTo(10);

    ok(delete("/v1/users/" + user + "/ban"), 200);
    // the event ID was not remembered while banned: the same event is applied now
    JsonObject after = submit(board, new JsonObject().put("userId", user).put("value", 3).put("eventId", "e1"));
    assertThat(after.getBoolean("applied")).isTrue();
    assertThat(after.getLong("score")).isEqualTo(13);
    assertThat(ok(get("/v1/users/" + user), 200).getJsonArray("entries").getJsonObject(0).getLong("rank")).isEqualTo(1);
  }

  @Test
  void removingAnEntryAnswers404WhenAbsentAnd409OnAClosedPeriod() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily"));
    submit(board, "ann", 10);
    submit(board, "bob", 20);
    assertError(delete("/v1/boards/" + board + "/users/nobody"), 404, "user_not_found", "nobody");
    JsonObject removed = ok(delete("/v1/boards/" + board + "/users/bob?period=current"), 200);
    assertThat(removed.getLong("score")).isEqualTo(20);
    assertError(delete("/v1/boards/" + board + "/users/bob"), 404, "user_not_found");
    assertThat(ok(get("/v1/boards/" + board + "/users/ann"), 200).getLong("rank")).isEqualTo(1);

    ok(post("/v1/boards/" + board + "/periods/2025-04-15/close", null), 200);
    assertError(delete("/v1/boards/" + board + "/users/ann?period=2025-04-15"), 409, "period_closed");
    assertError(delete("/v1/boards/nope-" + UUID.randomUUID() + "/users/ann"), 404, "board_not_found");
  }

  @Test
  void inputErrorsNameTheField() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily"));
    assertError(put("/v1/users/someone/ban", "{}"), 400, "invalid_field", "reason");
    assertError(put("/v1/users/someone/ban", "{\"reason\": \"\"}"), 400, "invalid_field", "reason");
    assertError(put("/v1/users/someone/ban", new JsonObject().put("reason", "x".repeat(501)).encode()), 400,
        "invalid_field", "reason");
    assertError(put("/v1/users/someone/ban", "{\"reason\": \"r\", \"until\": 5}"), 400, "invalid_field", "until");
    assertError(put("/v1/users/someone/ban", "{\"reason\": 7}"), 400, "invalid_field", "reason");
    assertError(put("/v1/users/bad%20id/ban", "{\"reason\": \"r\"}"), 400, "invalid_field", "userId");
    assertError(delete("/v1/users/bad%20id"), 400, "invalid_field", "userId");
    assertError(get("/v1/users/bad%20id"), 400, "invalid_field", "userId");
    assertError(delete("/v1/users/bad%20id/ban"), 400, "invalid_field", "userId");
    assertError(delete("/v1/users/someone?force=true"), 400, "invalid_field", "force");
    assertError(delete("/v1/boards/" + board + "/users/ann?period=yesterday"), 400, "invalid_field", "period");
    assertError(delete("/v1/users/nobody-" + UUID.randomUUID().toString().substring(0, 8) + "/ban"), 404,
        "not_banned");
  }

  @Test
  void moderationActionsAreAudited() {
    String user = "aud-" + UUID.randomUUID().toString().substring(0, 8);
    ok(put("/v1/users/" + user + "/ban", "{\"reason\": \"r\"}"), 200);
    // a lift without a body is valid, and records an empty request
    ok(delete("/v1/users/" + user + "/ban"), 200);
    ok(get("/v1/users/" + user), 200);
    await(NodeAudit.of(vertx).require().flushed());
    List<JsonObject> rows = naming(user);
    assertThat(rows).extracting(e -> e.getString("operation") + " " + e.getInteger("status"))
        .containsExactly("liftBan 200", "banUser 200");
    assertThat(rows.get(0).getJsonObject("request")).isEqualTo(new JsonObject());
    // the erasure takes the user's ID out of the earlier entries; its own record keeps it
    ok(delete("/v1/users/" + user), 200);
    await(NodeAudit.of(vertx).require().flushed());
    assertThat(naming(user)).extracting(e -> e.getString("operation") + " " + e.getInteger("status"))
        .containsExactly("eraseUser 200");
  }

  private List<JsonObject> naming(String user) {
    return ok(get("/v1/audit?limit=100"), 200).getJsonArray("entries").stream()
        .map(o -> (JsonObject) o).filter(e -> user.equals(e.getJsonObject("target").getString("userId"))).toList();
  }

  @Test
  void aLiftsOptionalReasonIsCheckedLikeABansAndRecordedInTheAuditLog() {
    String user = "lift-" + UUID.randomUUID().toString().substring(0, 8);
    ok(put("/v1/users/" + user + "/ban", "{\"reason\": \"bot\"}"), 200);
    String path = "/v1/users/" + user + "/ban";
    assertError(call(HttpMethod.DELETE, path, new JsonObject().put("reason", "x".repeat(501)).encode()), 400,
        "invalid_field", "reason", "500");
    assertError(call(HttpMethod.DELETE, path, "{\"reason\": \" \"}"), 400, "invalid_field", "reason");
    assertError(call(HttpMethod.DELETE, path, "{\"reason\": \"r\", \"until\": 5}"), 400, "invalid_field", "until");
    assertError(call(HttpMethod.DELETE, path, "[]"), 400, "invalid_json");
    // nothing lifted by any of them
    assertThat(ok(get("/v1/users/" + user), 200).getBoolean("banned")).isTrue();

    String reason = "appeal accepted: " + "y".repeat(483);
    assertThat(reason).hasSize(500);
    ok(call(HttpMethod.DELETE, path, new JsonObject().put("reason", reason).encode()), 200);
    assertThat(ok(get("/v1/users/" + user), 200).getBoolean("banned")).isFalse();

    await(NodeAudit.of(vertx).require().flushed());
    List<JsonObject> rows = ok(get("/v1/audit?limit=100"), 200).getJsonArray("entries").stream()
        .map(o -> (JsonObject) o).filter(e -> user.equals(e.getJsonObject("target").getString("userId"))).toList();
    assertThat(rows).extracting(e -> e.getString("operation") + " " + e.getInteger("status"))
        .containsExactly("liftBan 200", "liftBan 400", "liftBan 400", "liftBan 400", "liftBan 400", "banUser 200");
    assertThat(rows.get(0).getJsonObject("request")).isEqualTo(new JsonObject().put("reason", reason));
    assertThat(rows.get(5).getJsonObject("request")).isEqualTo(new JsonObject().put("reason", "bot"));
  }
}
