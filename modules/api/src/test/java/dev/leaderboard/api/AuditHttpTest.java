package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every admin action over HTTP lands in the audit log with who, when, what and the outcome,
 * refused ones included; reads are not recorded; {@code GET /v1/audit} pages newest first and
 * filters by board, action and actor; a key's secret never reaches a row.
 */
class AuditHttpTest extends ApiTestSupport {

  @Test
  void everyAdminActionOnABoardIsRecordedWithItsOutcome() {
    String board = randomBoard();
    String secretLike = "lb_0123456789abcdef_" + "x".repeat(43);
    JsonObject daily = new JsonObject().put("period", "daily");
    createBoard(board, daily);
    ok(put("/v1/boards/" + board, daily.copy().put("publicReads", true).encode()), 200);
    assertError(put("/v1/boards/" + board, new JsonObject().put("period", "weekly").encode()), 409, "board_conflict");
    assertError(put("/v1/boards/" + board, daily.copy().put("token", secretLike).encode()), 400, "invalid_field");
    assertError(post("/v1/boards/" + board + "/periods/2025-04-16/close", null), 409, "period_not_started");
    ok(get("/v1/boards/" + board), 200);
    ok(delete("/v1/boards/" + board), 200);

    List<JsonObject> rows = entries(ok(audit("?board=" + board), 200));
    String who = "key:" + ADMIN_KEY.id();
    assertThat(rows).extracting(r -> r.getString("operation") + " " + r.getInteger("status") + " "
        + r.getString("error")).containsExactly("deleteBoard 200 null", "closePeriod 409 period_not_started",
            "putBoard 400 invalid_field", "putBoard 409 board_conflict", "putBoard 200 null", "putBoard 201 null");
    for (JsonObject row : rows) {
      assertThat(row.getString("who")).isEqualTo(who);
      assertThat(row.getLong("at")).isEqualTo(CLOCK.millis());
      assertThat(row.getString("board")).isEqualTo(board);
    }
    assertThat(rows.get(1).getJsonObject("target")).isEqualTo(new JsonObject().put("period", "2025-04-16"));
    assertThat(rows.get(0).getJsonObject("request")).isEqualTo(new JsonObject());
    assertThat(rows.get(3).getJsonObject("request")).isEqualTo(new JsonObject().put("period", "weekly"));
    assertThat(rows.get(2).getJsonObject("request"))
        .isEqualTo(daily.copy().put("token", AuditTrail.REDACTED));

    // pages of two, newest first
    for (int offset = 0; offset < 6; offset += 2) {
      assertThat(entries(ok(audit("?board=" + board + "&limit=2&offset=" + offset), 200)))
          .isEqualTo(rows.subList(offset, offset + 2));
    }
    assertThat(entries(ok(audit("?board=" + board + "&offset=6"), 200))).isEmpty();
  }

  @Test
  void aBoardsWebhookIsCheckedAndItsSecretNeitherShownNorRecorded() {
    String board = randomBoard();
    String secret = "hook-secret-" + "y".repeat(20);
    assertError(put("/v1/boards/" + board, new JsonObject().put("webhook", new JsonObject()
        .put("url", "file:///etc/passwd").put("secret", secret)).encode()), 400, "invalid_field", "webhook.url");
    assertError(put("/v1/boards/" + board, new JsonObject().put("webhook", new JsonObject()
        .put("url", "https://hooks.example.com/lb")).encode()), 400, "invalid_field", "webhook.secret");
    JsonObject hook = new JsonObject().put("url", "https://hooks.example.com/lb").put("secret", secret);
    JsonObject created = ok(put("/v1/boards/" + board, new JsonObject().put("webhook", hook).encode()), 201);
    JsonObject shown = new JsonObject().put("url", "https://hooks.example.com/lb").put("hasSecret", true);
    assertThat(created.getJsonObject("webhook")).isEqualTo(shown);
    JsonObject read = ok(get("/v1/boards/" + board), 200);
    assertThat(read.getJsonObject("webhook")).isEqualTo(shown);
    assertThat(read.encode()).doesNotContain(secret);

    List<JsonObject> rows = entries(ok(audit("?board=" + board), 200));
    assertThat(rows).extracting(r -> r.getString("operation") + " " + r.getInteger("status"))
        .containsExactly("putBoard 201", "putBoard 400", "putBoard 400");
    assertThat(rows.get(0).getJsonObject("request").getJsonObject("webhook"))
        .isEqualTo(hook.copy().put("secret", AuditTrail.REDACTED));
    assertThat(rows.toString()).doesNotContain(secret);
    ok(delete("/v1/boards/" + board), 200);
  }

  @Test
  void keyActionsAreRecordedWithTheKeysIdAndNeverItsSecret() {
    // an admin key of its own, so that its rows are found by actor whatever other tests recorded
    JsonObject keyAdmin = ok(post("/v1/keys", new JsonObject().put("name", "key admin")
        .put("scopes", new JsonArray().add("admin")).encode()), 201);
    String admin = "Bearer " + keyAdmin.getString("key");
    JsonObject request = new JsonObject().put("name", "audited").put("scopes", new JsonArray().add("read"));
    JsonObject created = ok(callWith(admin, HttpMethod.POST, "/v1/keys", request.encode()), 201);
    String id = created.getString("id");
    String key = created.getString("key");
    ok(callWith(admin, HttpMethod.GET, "/v1/keys", null), 200);
    ok(callWith(admin, HttpMethod.DELETE, "/v1/keys/" + id, null), 200);
    assertError(callWith(admin, HttpMethod.DELETE, "/v1/keys/" + id, null), 404, "key_not_found");

    HttpResponse<Buffer> page = audit("?actor=key:" + keyAdmin.getString("id"));
    List<JsonObject> rows = entries(ok(page, 200));
    assertThat(rows).allSatisfy(r -> assertThat(r.getJsonObject("target").getString("id")).isEqualTo(id));
    assertThat(rows).extracting(r -> r.getString("operation") + " " + r.getInteger("status"))
        .containsExactly("revokeKey 404", "revokeKey 200", "createKey 201");
    assertThat(rows.get(2).getJsonObject("request")).isEqualTo(request);
    assertThat(rows.get(2).containsKey("board")).isFalse();
    assertThat(rows.get(0).getString("error")).isEqualTo("key_not_found");
    assertThat(page.bodyAsString()).doesNotContain(key).doesNotContain(key.substring(key.lastIndexOf('_') + 1));
    assertThat(page.getHeader("Cache-Control")).isEqualTo("no-store");
  }

  @Test
  void theAuditLogNeedsAnAdminKeyForEveryBoardAndReadsItsQueryStrictly() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    String limitedAdmin = "Bearer " + ok(post("/v1/keys", new JsonObject().put("name", "board admin")
        .put("scopes", new JsonArray().add("admin")).put("boards", new JsonArray().add(board)).encode()), 201)
        .getString("key");
    assertError(callWith(limitedAdmin, HttpMethod.GET, "/v1/audit?board=" + board, null), 403, "forbidden");
    assertError(callWith(null, HttpMethod.GET, "/v1/audit", null), 401, "unauthenticated");
    assertError(audit("?limit=0"), 400, "invalid_field", "limit");
    assertError(audit("?limit=1001"), 400, "invalid_field", "limit");
    assertError(audit("?offset=-1"), 400, "invalid_field", "offset");
    assertError(audit("?board=No!"), 400, "invalid_field", "board");
    assertError(audit("?who=me"), 400, "invalid_field", "who");
  }

  @Test
  void theLogIsFilteredByActionAndActorOnTheServerAPageAtATime() {
    String board = randomBoard();
    JsonObject created = ok(post("/v1/keys", new JsonObject().put("name", "second admin")
        .put("scopes", new JsonArray().add("admin")).encode()), 201);
    String otherKey = "Bearer " + created.getString("key");
    String other = created.getString("id");
    String admin = ADMIN_KEY.id();
    JsonObject daily = new JsonObject().put("period", "daily");
    // what is done, in order: who, operation and outcome
    List<String> done = new ArrayList<>();
    createBoard(board, daily);
    done.add(admin + " putBoard 201");
    ok(callWith(otherKey, HttpMethod.PUT, "/v1/boards/" + board, daily.copy().put("publicReads", true).encode()), 200);
    done.add(other + " putBoard 200");
    assertError(callWith(otherKey, HttpMethod.POST, "/v1/boards/" + board + "/periods/2025-04-16/close", null),
        409, "period_not_started");
    done.add(other + " closePeriod 409");
    ok(put("/v1/boards/" + board, daily.encode()), 200);
    done.add(admin + " putBoard 200");
    ok(delete("/v1/boards/" + board), 200);
    done.add(admin + " deleteBoard 200");
    List<String> newestFirst = new ArrayList<>(done);
    Collections.reverse(newestFirst);

    for (String action : List.of("putBoard", "closePeriod", "deleteBoard", "banUser")) {
      for (String actor : List.of(admin, other)) {
        List<String> expected = newestFirst.stream().filter(d -> d.startsWith(actor + " " + action + " ")).toList();
        assertThat(described(audit("?board=" + board + "&action=" + action + "&actor=key:" + actor)))
            .as("%s by %s", action, actor).isEqualTo(expected);
        assertThat(described(audit("?board=" + board + "&action=" + action + "&actor=" + actor)))
            .as("%s by key ID %s", action, actor).isEqualTo(expected);
      }
      assertThat(described(audit("?board=" + board + "&action=" + action)))
          .isEqualTo(newestFirst.stream().filter(d -> d.contains(" " + action + " ")).toList());
    }
    // the second key did nothing else anywhere; pages of one, newest first
    assertThat(described(audit("?actor=key:" + other))).isEqualTo(List.of(other + " closePeriod 409",
        other + " putBoard 200"));
    List<String> puts = newestFirst.stream().filter(d -> d.contains(" putBoard ")).toList();
    for (int offset = 0; offset <= puts.size(); offset++) {
      assertThat(described(audit("?board=" + board + "&action=putBoard&limit=1&offset=" + offset)))
          .isEqualTo(puts.subList(offset, Math.min(offset + 1, puts.size())));
    }
  }

  @Test
  void badActionAndActorFiltersAreRefusedByName() {
    assertError(audit("?action=ban-user"), 400, "invalid_field", "action", "letters");
    assertError(audit("?action=" + "a".repeat(65)), 400, "invalid_field", "action", "64");
    assertError(audit("?action='%20or%201=1"), 400, "invalid_field", "action");
    assertError(audit("?actor=key:nobody"), 400, "invalid_field", "actor", "16");
    assertError(audit("?actor=" + "a".repeat(17)), 400, "invalid_field", "actor");
    assertError(audit("?actor=address:127.0.0.1"), 400, "invalid_field", "actor");
  }

  /** {@code GET /v1/audit} once every action answered so far is written. */
  private HttpResponse<Buffer> audit(String query) {
    await(NodeAudit.of(vertx).require().flushed());
    return get("/v1/audit" + query);
  }

  /** Each entry as {@code <key ID> <operation> <status>}. */
  private static List<String> described(HttpResponse<Buffer> page) {
    return entries(ok(page, 200)).stream().map(r -> r.getString("who").substring("key:".length()) + " "
        + r.getString("operation") + " " + r.getInteger("status")).toList();
  }

  private static List<JsonObject> entries(JsonObject page) {
    return page.getJsonArray("entries").stream().map(e -> (JsonObject) e).toList();
  }
}
