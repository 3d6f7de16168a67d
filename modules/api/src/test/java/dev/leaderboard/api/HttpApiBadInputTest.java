package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everything a caller can get wrong is answered with a 4xx and {@code {"error", "message"}} naming
 * what was wrong, never a 5xx; and a refused write changes nothing a reader can see.
 */
class HttpApiBadInputTest extends ApiTestSupport {
  private static final long MAX = 1000;
  /** Replaced by a time 10 minutes ahead of the clock when the request is sent. */
  private static final String FUTURE = "$FUTURE";
  private static final String[] USERS = {"alice", "bob", "carol"};

  /** An all-time board with maxScore 1000 where alice has 10 and bob 20 (carol has nothing). */
  private String seededBoard(String operator) {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", operator).put("maxScore", MAX));
    submit(board, "alice", 10);
    submit(board, "bob", 20);
    return board;
  }

  private static String withFuture(String body) {
    return body.replace(FUTURE, Long.toString(CLOCK.millis() + 10 * 60_000));
  }

  // ---- single events

  static Stream<Arguments> badEvents() {
    String u129 = "u".repeat(129);
    return Stream.of(
        // unreadable bodies
        arguments("malformed JSON", "incr", "{\"userId\": \"alice\", \"value\": ", 400, "invalid_json", new String[] {"body", "JSON"}),
        arguments("empty body", "incr", "", 400, "invalid_json", new String[] {"body", "empty"}),
        arguments("JSON array body", "incr", "[{\"userId\": \"alice\", \"value\": 1}]", 400, "invalid_json", new String[] {"body", "JSON object"}),
        arguments("JSON string body", "incr", "\"alice\"", 400, "invalid_json", new String[] {"body", "JSON object"}),
        arguments("JSON number body", "incr", "42", 400, "invalid_json", new String[] {"body", "JSON object"}),
        arguments("JSON null body", "incr", "null", 400, "invalid_json", new String[] {"body", "JSON object"}),
        arguments("NaN literal", "incr", "{\"userId\": \"alice\", \"value\": NaN}", 400, "invalid_json", new String[] {"body", "JSON"}),
        arguments("deeply nested JSON", "incr", "{\"userId\": \"alice\", \"value\": " + "[".repeat(5000) + "]".repeat(5000) + "}",
            400, "invalid_json", new String[] {"body", "JSON"}),
        // wrong types
        arguments("value as string", "incr", "{\"userId\": \"alice\", \"value\": \"10\"}", 400, "invalid_field", new String[] {"value", "number"}),
        arguments("value as boolean", "incr", "{\"userId\": \"alice\", \"value\": true}", 400, "invalid_field", new String[] {"value"}),
        arguments("value null", "incr", "{\"userId\": \"alice\", \"value\": null}", 400, "invalid_field", new String[] {"value", "required"}),
        arguments("value missing", "incr", "{\"userId\": \"alice\"}", 400, "invalid_field", new String[] {"value", "required"}),
        arguments("userId as number", "incr", "{\"userId\": 5, \"value\": 1}", 400, "invalid_field", new String[] {"userId", "string"}),
        arguments("userId missing", "incr", "{\"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("at as string", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": \"now\"}", 400, "invalid_field", new String[] {"at", "number"}),
        arguments("eventId as object", "incr", "{\"userId\": \"alice\", \"value\": 1, \"eventId\": {}}", 400, "invalid_field", new String[] {"eventId", "string"}),
        // numbers
        arguments("fractional value", "incr", "{\"userId\": \"alice\", \"value\": 1.5}", 400, "invalid_field", new String[] {"value", "1.5"}),
        arguments("value 1e400", "incr", "{\"userId\": \"alice\", \"value\": 1e400}", 400, "invalid_field", new String[] {"value"}),
        arguments("value beyond long", "incr", "{\"userId\": \"alice\", \"value\": 123456789012345678901234567890}", 400, "invalid_field",
            new String[] {"value", "123456789012345678901234567890"}),
        arguments("value 2^53", "incr", "{\"userId\": \"alice\", \"value\": 9007199254740992}", 400, "invalid_field",
            new String[] {"value", "9007199254740992"}),
        arguments("value -2^53", "incr", "{\"userId\": \"alice\", \"value\": -9007199254740992}", 400, "invalid_field", new String[] {"value"}),
        arguments("incr value below -maxScore", "incr", "{\"userId\": \"alice\", \"value\": -1001}", 400, "invalid_field",
            new String[] {"value", "-1000", "1000"}),
        arguments("incr value above maxScore", "incr", "{\"userId\": \"alice\", \"value\": 1001}", 400, "invalid_field",
            new String[] {"value", "1000"}),
        arguments("at 1e400", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": 1e400}", 400, "invalid_field", new String[] {"at"}),
        arguments("at 2^53", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": 9007199254740992}", 400, "invalid_field", new String[] {"at"}),
        arguments("at fractional", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": 1.5}", 400, "invalid_field", new String[] {"at"}),
        arguments("negative at", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": -1}", 400, "invalid_field", new String[] {"at", "-1"}),
        arguments("at before the board existed", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": 1000}", 400, "invalid_field",
            new String[] {"at", "1000"}),
        arguments("at 10 minutes ahead", "incr", "{\"userId\": \"alice\", \"value\": 1, \"at\": " + FUTURE + "}", 400, "invalid_field",
            new String[] {"at", "ahead"}),
        // IDs
        arguments("empty userId", "incr", "{\"userId\": \"\", \"value\": 1}", 400, "invalid_field", new String[] {"userId", "1-128"}),
        arguments("129-char userId", "incr", "{\"userId\": \"" + u129 + "\", \"value\": 1}", 400, "invalid_field",
            new String[] {"userId", "129"}),
        arguments("userId with space", "incr", "{\"userId\": \"al ice\", \"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("userId with slash", "incr", "{\"userId\": \"al/ice\", \"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("userId with %2F", "incr", "{\"userId\": \"al%2Fice\", \"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("userId with unicode", "incr", "{\"userId\": \"al\u00efce\", \"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("userId with #", "incr", "{\"userId\": \"al#ice\", \"value\": 1}", 400, "invalid_field", new String[] {"userId"}),
        arguments("empty eventId", "incr", "{\"userId\": \"alice\", \"value\": 1, \"eventId\": \"\"}", 400, "invalid_field",
            new String[] {"eventId"}),
        arguments("eventId with space", "incr", "{\"userId\": \"alice\", \"value\": 1, \"eventId\": \"e 1\"}", 400, "invalid_field",
            new String[] {"eventId"}),
        // unknown fields
        arguments("unknown event field", "incr", "{\"userId\": \"alice\", \"value\": 1, \"colour\": \"red\"}", 400, "invalid_field",
            new String[] {"colour", "userId", "value"}),
        // range of set / best
        arguments("set above maxScore", "set", "{\"userId\": \"alice\", \"value\": 1001}", 400, "invalid_field", new String[] {"value", "1000"}),
        arguments("set below 0", "set", "{\"userId\": \"alice\", \"value\": -1}", 400, "invalid_field", new String[] {"value", "0"}),
        arguments("best above maxScore", "best", "{\"userId\": \"carol\", \"value\": 1001}", 400, "invalid_field", new String[] {"value", "1000"}),
        arguments("best below 0", "best", "{\"userId\": \"alice\", \"value\": -1}", 400, "invalid_field", new String[] {"value", "0"}),
        // incr that leaves the range
        arguments("incr above maxScore", "incr", "{\"userId\": \"alice\", \"value\": 991}", 422, "score_out_of_range",
            new String[] {"1001", "maxScore 1000"}),
        arguments("incr of a new user below 0", "incr", "{\"userId\": \"carol\", \"value\": -1}", 422, "score_out_of_range",
            new String[] {"-1", "below 0"}),
        arguments("incr below 0", "incr", "{\"userId\": \"bob\", \"value\": -21}", 422, "score_out_of_range", new String[] {"-1", "below 0"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badEvents")
  void refusedEventIsA4xxAndChangesNothing(String name, String operator, String body, int status, String code,
      String[] mentions) {
    String board = seededBoard(operator);
    JsonObject before = snapshot(board, USERS);

    HttpResponse<Buffer> r = post("/v1/boards/" + board + "/scores", withFuture(body));

    assertError(r, status, code, mentions);
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  /** A parser's refusal says what and where, in the caller's terms: no parser source, class or feature names. */
  @Test
  void malformedJsonIsReportedByLineAndColumnOnly() {
    String board = seededBoard("incr");
    Map<String, String> bodies = Map.of(
        "{\"userId\": \"alice\",\n  \"value\": }", "line 2, column 12",
        "{\"userId\": \"alice\", \"value\": 1, \"value\": 2}", "line 1, column 40",
        "{\"userId\": \"alice\", \"value\": 1} {}", "line 1, column 33",
        "{\"userId\": \"alice\", \"value\": ", "line 1, column 30");
    bodies.forEach((body, where) -> {
      JsonObject error = assertError(post("/v1/boards/" + board + "/scores", body), 400, "invalid_json", "body");
      assertThat(error.getString("message")).as(body).contains(where)
          .doesNotContain("Source", "REDACTED", "Feature", "disabled", "`", "com.fasterxml", "\n");
    });
  }

  @Test
  void eventForAClosedPeriodIsA409AndChangesNothing() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily").put("maxScore", MAX).put("graceSeconds", 0));
    submit(board, "alice", 10);
    JsonObject before = snapshot(board, USERS);
    long threeDaysAgo = CLOCK.millis() - 3 * 24 * 3600_000L;

    HttpResponse<Buffer> r = post("/v1/boards/" + board + "/scores",
        new JsonObject().put("userId", "alice").put("value", 1).put("at", threeDaysAgo).encode());

    assertError(r, 409, "period_closed", "closed");
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  @Test
  void refusedEventsDoNotConsumeTheirEventIds() {
    String board = seededBoard("incr");
    String url = "/v1/boards/" + board + "/scores";
    // refused by validation, by the range check in the store, and inside a batch
    assertError(post(url, withFuture("{\"userId\": \"bob\", \"value\": 5, \"eventId\": \"e-ahead\", \"at\": " + FUTURE + "}")),
        400, "invalid_field", "at");
    assertError(post(url, "{\"userId\": \"alice\", \"value\": -11, \"eventId\": \"e-below\"}"), 422, "score_out_of_range");
    assertError(post(url, "{\"userId\": \"alice\", \"value\": 991, \"eventId\": \"e-above\"}"), 422, "score_out_of_range");
    JsonObject batch = ok(post(url + "/batch", new JsonObject().put("events", new JsonArray()
        .add(new JsonObject().put("userId", "bob").put("value", -100).put("eventId", "e-batch"))).encode()), 200);
    assertThat(batch.getInteger("rejected")).isEqualTo(1);
    assertThat(snapshot(board, "alice", "bob").getJsonObject("user alice").getJsonObject("body").getLong("score"))
        .isEqualTo(10);

    // the same IDs, now with events that fit, are applied once
    for (JsonObject retry : new JsonObject[] {
        new JsonObject().put("userId", "bob").put("value", 5).put("eventId", "e-ahead"),
        new JsonObject().put("userId", "alice").put("value", -10).put("eventId", "e-below"),
        new JsonObject().put("userId", "alice").put("value", 990).put("eventId", "e-above"),
        new JsonObject().put("userId", "bob").put("value", 1).put("eventId", "e-batch")}) {
      assertThat(submit(board, retry).getBoolean("applied")).as("first retry of %s", retry).isTrue();
      assertThat(submit(board, retry).getBoolean("applied")).as("second retry of %s", retry).isFalse();
    }
    assertThat(userScore(board, "alice")).isEqualTo(990);
    assertThat(userScore(board, "bob")).isEqualTo(26);
  }

  private long userScore(String board, String userId) {
    return ok(get("/v1/boards/" + board + "/users/" + userId), 200).getLong("score");
  }

  // ---- batches

  @Test
  void batchOfMoreThan1000EventsIsRefusedWhole() {
    String board = seededBoard("incr");
    JsonObject before = snapshot(board, USERS);
    JsonArray events = new JsonArray();
    for (int i = 0; i < 1001; i++) {
      events.add(new JsonObject().put("userId", "carol").put("value", 1));
    }

    HttpResponse<Buffer> r = post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode());

    assertError(r, 400, "invalid_field", "events", "1000", "1001");
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  @Test
  void batchOfExactly1000EventsIsAccepted() {
    String board = seededBoard("incr");
    JsonArray events = new JsonArray();
    for (int i = 0; i < 1000; i++) {
      events.add(new JsonObject().put("userId", "user-" + i).put("value", 1));
    }

    JsonObject r = ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode()), 200);

    assertThat(r.getInteger("applied")).isEqualTo(1000);
    assertThat(ok(get("/v1/boards/" + board + "/entries"), 200).getLong("total")).isEqualTo(1002);
  }

  static Stream<Arguments> badBatches() {
    return Stream.of(
        arguments("events is an object", "{\"events\": {}}", "invalid_field", new String[] {"events", "array"}),
        arguments("events is a string", "{\"events\": \"x\"}", "invalid_field", new String[] {"events", "array"}),
        arguments("events is null", "{\"events\": null}", "invalid_field", new String[] {"events", "array"}),
        arguments("events missing", "{}", "invalid_field", new String[] {"events"}),
        arguments("unknown batch field", "{\"events\": [], \"dryRun\": true}", "invalid_field", new String[] {"dryRun"}),
        arguments("array body", "[{\"userId\": \"alice\", \"value\": 1}]", "invalid_json", new String[] {"body", "JSON object"}),
        arguments("malformed body", "{\"events\": [", "invalid_json", new String[] {"body", "JSON"}),
        arguments("empty body", "", "invalid_json", new String[] {"body"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badBatches")
  void refusedBatchIsA400AndChangesNothing(String name, String body, String code, String[] mentions) {
    String board = seededBoard("incr");
    JsonObject before = snapshot(board, USERS);

    assertError(post("/v1/boards/" + board + "/scores/batch", body), 400, code, mentions);

    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  @Test
  void batchWithGoodAndBadEventsAppliesTheGoodOnesAndReportsEachBadOne() {
    String board = seededBoard("incr");
    JsonArray events = new JsonArray()
        .add(new JsonObject().put("userId", "alice").put("value", 5))                       // 0 ok
        .add(new JsonObject().put("userId", "bad id").put("value", 1))                      // 1
        .add(new JsonObject().put("userId", "bob").put("value", "7"))                       // 2
        .add(5)                                                                              // 3
        .add(new JsonObject().put("userId", "carol").put("value", 3).put("colour", "red"))  // 4
        .add(new JsonObject().put("userId", "dave").put("value", 7))                        // 5 ok
        .add(new JsonObject().put("userId", "alice").put("value", -1000))                   // 6 below 0 in the store
        .add(new JsonObject().put("userId", "bob").put("value", 1).put("at", CLOCK.millis() + 600_000)) // 7
        .add(new JsonObject().put("userId", "bob").put("value", 1.5))                       // 8
        .add(new JsonObject().put("userId", "carol").put("value", 1).put("eventId", ""));   // 9

    JsonObject r = ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode()), 200);

    assertThat(r.getInteger("applied")).isEqualTo(2);
    assertThat(r.getInteger("duplicate")).isZero();
    assertThat(r.getInteger("rejected")).isEqualTo(8);
    JsonArray rejections = r.getJsonArray("rejections");
    assertThat(rejections).hasSize(8);
    assertRejection(rejections.getJsonObject(0), 1, "invalid_field", "events[1].userId");
    assertRejection(rejections.getJsonObject(1), 2, "invalid_field", "events[2].value");
    assertRejection(rejections.getJsonObject(2), 3, "invalid_field", "events[3]");
    assertRejection(rejections.getJsonObject(3), 4, "invalid_field", "events[4].colour");
    assertRejection(rejections.getJsonObject(4), 6, "score_out_of_range", "below 0");
    assertRejection(rejections.getJsonObject(5), 7, "invalid_field", "events[7].at");
    assertRejection(rejections.getJsonObject(6), 8, "invalid_field", "events[8].value");
    assertRejection(rejections.getJsonObject(7), 9, "invalid_field", "events[9].eventId");

    assertThat(userScore(board, "alice")).isEqualTo(15);
    assertThat(userScore(board, "bob")).isEqualTo(20);
    assertThat(userScore(board, "dave")).isEqualTo(7);
    assertError(get("/v1/boards/" + board + "/users/carol"), 404, "user_not_found", "carol");
    assertThat(ok(get("/v1/boards/" + board + "/entries"), 200).getLong("total")).isEqualTo(3);
  }

  private static void assertRejection(JsonObject rejection, int index, String code, String mention) {
    assertThat(rejection.fieldNames()).containsExactlyInAnyOrder("index", "error", "message");
    assertThat(rejection.getInteger("index")).as("index of %s", rejection).isEqualTo(index);
    assertThat(rejection.getString("error")).as("error of %s", rejection).isEqualTo(code);
    assertThat(rejection.getString("message")).as("message of %s", rejection).contains(mention);
  }

  // ---- board definitions

  static Stream<Arguments> badNewBoards() {
    return Stream.of(
        arguments("unknown field", "{\"colour\": \"red\"}", "invalid_field", new String[] {"colour", "maxScore", "order"}),
        arguments("unknown order", "{\"order\": \"up\"}", "invalid_field", new String[] {"order", "desc", "asc", "up"}),
        arguments("unknown operator", "{\"operator\": \"max\"}", "invalid_field", new String[] {"operator", "incr", "set", "best", "max"}),
        arguments("unknown period", "{\"period\": \"yearly\"}", "invalid_field",
            new String[] {"period", "all-time", "daily", "weekly", "monthly", "yearly"}),
        arguments("unknown tieResolution", "{\"tieResolution\": \"us\"}", "invalid_field", new String[] {"tieResolution", "ms", "s", "us"}),
        arguments("order as number", "{\"order\": 1}", "invalid_field", new String[] {"order"}),
        arguments("unknown timezone", "{\"timezone\": \"Mars/Olympus\"}", "invalid_field", new String[] {"timezone", "Mars/Olympus"}),
        arguments("packed layout asked for a daily ms board beyond its bits",
            "{\"period\": \"daily\", \"tieResolution\": \"ms\", \"layout\": \"packed\", \"maxScore\": 67108864}",
            "invalid_field", new String[] {"layout", "67108863", "67108864", "27"}),
        arguments("packed layout asked for a monthly s board beyond its bits",
            "{\"period\": \"monthly\", \"tieResolution\": \"s\", \"layout\": \"packed\", \"maxScore\": 2147483648}",
            "invalid_field", new String[] {"layout", "2147483647", "2147483648", "22"}),
        arguments("packed layout asked for negative scores", "{\"layout\": \"packed\", \"minScore\": -1}",
            "invalid_field", new String[] {"layout", "minScore is below 0"}),
        arguments("minScore not below maxScore", "{\"minScore\": 50, \"maxScore\": 50}", "invalid_field",
            new String[] {"maxScore", "minScore 50"}),
        arguments("sort key without a range", "{\"sortKeys\": [{\"name\": \"deaths\"}]}", "invalid_field",
            new String[] {"sortKeys[0].max"}),
        arguments("sort key with an upper-case name", "{\"sortKeys\": [{\"name\": \"Deaths\", \"max\": 9}]}",
            "invalid_field", new String[] {"sortKeys[0].name"}),
        arguments("four sort keys", "{\"sortKeys\": [{\"name\": \"a\", \"max\": 1}, {\"name\": \"b\", \"max\": 1},"
            + " {\"name\": \"c\", \"max\": 1}, {\"name\": \"d\", \"max\": 1}]}", "invalid_field",
            new String[] {"sortKeys"}),
        arguments("maxScore 2^53", "{\"maxScore\": 9007199254740992}", "invalid_field", new String[] {"maxScore"}),
        arguments("maxScore 0", "{\"maxScore\": 0}", "invalid_field", new String[] {"maxScore"}),
        arguments("maxScore fractional", "{\"maxScore\": 10.5}", "invalid_field", new String[] {"maxScore"}),
        arguments("maxScore as string", "{\"maxScore\": \"1000\"}", "invalid_field", new String[] {"maxScore"}),
        arguments("retainPeriods 0", "{\"retainPeriods\": 0}", "invalid_field", new String[] {"retainPeriods"}),
        arguments("partitions 0", "{\"partitions\": 0}", "invalid_field", new String[] {"partitions"}),
        arguments("partitions too many", "{\"partitions\": 5000}", "invalid_field", new String[] {"partitions"}),
        arguments("malformed body", "{\"order\": ", "invalid_json", new String[] {"body"}),
        arguments("array body", "[]", "invalid_json", new String[] {"body"}),
        arguments("empty body", "", "invalid_json", new String[] {"body"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badNewBoards")
  void refusedBoardCreationIsA400AndCreatesNothing(String name, String body, String code, String[] mentions) {
    String board = randomBoard();

    assertError(put("/v1/boards/" + board, body), 400, code, mentions);

    assertError(get("/v1/boards/" + board), 404, "board_not_found", board);
    assertThat(boardNames()).doesNotContain(board);
  }

  static Stream<Arguments> badBoardUpdates() {
    return Stream.of(
        arguments("order changes", "{\"order\": \"asc\"}", 409, "board_conflict", new String[] {"order", "desc", "asc"}),
        arguments("period changes", "{\"period\": \"weekly\"}", 409, "board_conflict", new String[] {"period", "daily", "weekly"}),
        arguments("timezone changes", "{\"timezone\": \"Europe/Berlin\"}", 409, "board_conflict", new String[] {"timezone"}),
        arguments("tieResolution changes", "{\"tieResolution\": \"s\"}", 409, "board_conflict", new String[] {"tieResolution"}),
        arguments("partitions change", "{\"partitions\": 8}", 409, "board_conflict", new String[] {"partitions"}),
        arguments("maxScore beyond the fixed bits", "{\"maxScore\": 67108864}", 400, "invalid_field",
            new String[] {"maxScore", "67108863", "67108864"}),
        arguments("unknown field", "{\"maxScore\": 2000, \"colour\": \"red\"}", 400, "invalid_field", new String[] {"colour"}),
        arguments("layout changes", "{\"layout\": \"wide\"}", 409, "board_conflict", new String[] {"layout", "packed", "wide"}),
        arguments("sort keys added", "{\"sortKeys\": [{\"name\": \"deaths\", \"max\": 9}]}", 409, "board_conflict",
            new String[] {"sortKeys"}),
        arguments("negative minScore on a packed board", "{\"minScore\": -1}", 400, "invalid_field",
            new String[] {"minScore", "packed"}),
        arguments("unknown operator", "{\"operator\": \"max\"}", 400, "invalid_field", new String[] {"operator", "incr, set, best"}),
        arguments("retainPeriods too large", "{\"retainPeriods\": 100000}", 400, "invalid_field", new String[] {"retainPeriods"}),
        arguments("malformed body", "{", 400, "invalid_json", new String[] {"body"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badBoardUpdates")
  void refusedBoardUpdateChangesNothing(String name, String body, int status, String code, String[] mentions) {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily").put("tieResolution", "ms").put("timezone", "UTC")
        .put("partitions", 4).put("maxScore", MAX));
    submit(board, "alice", 10);
    JsonObject before = snapshot(board, USERS);

    assertError(put("/v1/boards/" + board, body), status, code, mentions);

    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  private JsonArray boardNames() {
    JsonArray names = new JsonArray();
    ok(get("/v1/boards"), 200).getJsonArray("boards").forEach(b -> names.add(((JsonObject) b).getString("board")));
    return names;
  }

  // ---- paths, query strings, methods, sizes

  static Stream<Arguments> badReads() {
    String b65 = "a".repeat(65);
    return Stream.of(
        // board names in the path
        arguments("GET uppercase board", "GET", "/v1/boards/ABC", 400, "invalid_field", new String[] {"board", "ABC"}),
        arguments("GET 65-char board", "GET", "/v1/boards/" + b65, 400, "invalid_field", new String[] {"board", "65"}),
        arguments("GET board with %20", "GET", "/v1/boards/a%20b", 400, "invalid_field", new String[] {"board"}),
        arguments("GET entries of uppercase board", "GET", "/v1/boards/ABC/entries", 400, "invalid_field", new String[] {"board"}),
        arguments("GET user of 65-char board", "GET", "/v1/boards/" + b65 + "/users/alice", 400, "invalid_field", new String[] {"board"}),
        // unknown boards and users
        arguments("GET unknown board", "GET", "/v1/boards/$MISSING", 404, "board_not_found", new String[] {"$MISSING"}),
        arguments("GET entries of unknown board", "GET", "/v1/boards/$MISSING/entries", 404, "board_not_found", new String[] {"$MISSING"}),
        arguments("GET user of unknown board", "GET", "/v1/boards/$MISSING/users/alice", 404, "board_not_found", new String[] {"$MISSING"}),
        arguments("GET unknown user", "GET", "/v1/boards/$BOARD/users/nobody", 404, "user_not_found", new String[] {"nobody"}),
        // user IDs in the path
        arguments("GET userId with %2F", "GET", "/v1/boards/$BOARD/users/al%2Fice", 400, "invalid_path", new String[] {"al%2Fice"}),
        arguments("GET userId with %20", "GET", "/v1/boards/$BOARD/users/al%20ice", 400, "invalid_field", new String[] {"userId"}),
        arguments("GET userId with unicode", "GET", "/v1/boards/$BOARD/users/al%C3%AFce", 400, "invalid_field", new String[] {"userId"}),
        arguments("GET userId with #", "GET", "/v1/boards/$BOARD/users/al%23ice", 400, "invalid_field", new String[] {"userId"}),
        arguments("GET 129-char userId", "GET", "/v1/boards/$BOARD/users/" + "u".repeat(129), 400, "invalid_field",
            new String[] {"userId", "129"}),
        // query strings
        arguments("offset=-1", "GET", "/v1/boards/$BOARD/entries?offset=-1", 400, "invalid_field", new String[] {"offset", "-1"}),
        arguments("offset=abc", "GET", "/v1/boards/$BOARD/entries?offset=abc", 400, "invalid_field", new String[] {"offset", "abc"}),
        arguments("offset beyond long", "GET", "/v1/boards/$BOARD/entries?offset=123456789012345678901234567890", 400, "invalid_field",
            new String[] {"offset"}),
        arguments("offset empty", "GET", "/v1/boards/$BOARD/entries?offset=", 400, "invalid_field", new String[] {"offset"}),
        arguments("limit=0", "GET", "/v1/boards/$BOARD/entries?limit=0", 400, "invalid_field", new String[] {"limit", "1000"}),
        arguments("limit=1001", "GET", "/v1/boards/$BOARD/entries?limit=1001", 400, "invalid_field", new String[] {"limit", "1001"}),
        arguments("limit=1.5", "GET", "/v1/boards/$BOARD/entries?limit=1.5", 400, "invalid_field", new String[] {"limit", "1.5"}),
        arguments("limit=99999999999", "GET", "/v1/boards/$BOARD/entries?limit=99999999999", 400, "invalid_field", new String[] {"limit"}),
        arguments("rankMode=best", "GET", "/v1/boards/$BOARD/entries?rankMode=best", 400, "invalid_field",
            new String[] {"rankMode", "unique", "competition", "best"}),
        arguments("rankMode=best on a user", "GET", "/v1/boards/$BOARD/users/alice?rankMode=best", 400, "invalid_field",
            new String[] {"rankMode"}),
        arguments("period=2025-13 on monthly", "GET", "/v1/boards/$MONTHLY/entries?period=2025-13", 400, "invalid_field",
            new String[] {"period", "2025-13"}),
        arguments("period=garbage on monthly user", "GET", "/v1/boards/$MONTHLY/users/alice?period=garbage", 400, "invalid_field",
            new String[] {"period", "garbage"}),
        arguments("period=garbage on daily", "GET", "/v1/boards/$DAILY/entries?period=garbage", 400, "invalid_field",
            new String[] {"period", "garbage"}),
        arguments("period=2025-02-30 on daily", "GET", "/v1/boards/$DAILY/entries?period=2025-02-30", 400, "invalid_field",
            new String[] {"period", "2025-02-30"}),
        arguments("period=garbage on all-time", "GET", "/v1/boards/$BOARD/entries?period=garbage", 400, "invalid_field",
            new String[] {"period", "garbage"}),
        arguments("period=2025-04 on all-time", "GET", "/v1/boards/$BOARD/entries?period=2025-04", 400, "invalid_field",
            new String[] {"period", "2025-04"}),
        arguments("unknown parameter", "GET", "/v1/boards/$BOARD/entries?foo=1", 400, "invalid_field", new String[] {"foo"}),
        arguments("unknown parameter on a user", "GET", "/v1/boards/$BOARD/users/alice?limit=1", 400, "invalid_field",
            new String[] {"limit"}),
        arguments("unknown parameter on a board", "GET", "/v1/boards/$BOARD?foo=1", 400, "invalid_field", new String[] {"foo"}),
        arguments("unknown parameter on the list", "GET", "/v1/boards?foo=1", 400, "invalid_field", new String[] {"foo"}),
        arguments("repeated offset", "GET", "/v1/boards/$BOARD/entries?offset=1&offset=2", 400, "invalid_field",
            new String[] {"offset", "once"}),
        // URIs that cannot be decoded
        arguments("malformed %-escape in the path", "GET", "/v1/boards/%zz", 400, "bad_request", new String[] {"URI", "/v1/boards/%zz"}),
        arguments("lone % in a user ID", "GET", "/v1/boards/$BOARD/users/al%ice", 400, "bad_request", new String[] {"URI"}),
        arguments("malformed %-escape in the query", "GET", "/v1/boards/$BOARD/entries?offset=%zz", 400, "bad_request",
            new String[] {"URI", "offset=%zz"}),
        arguments("malformed %-escape in a query name", "GET", "/v1/boards/$BOARD/entries?%=1", 400, "bad_request",
            new String[] {"URI"}),
        // routes and methods
        arguments("unknown route", "GET", "/v1/nothing-here", 404, "not_found", new String[] {"/v1/nothing-here"}),
        arguments("unknown root route", "GET", "/nothing-here", 404, "not_found", new String[] {"/nothing-here"}),
        arguments("unknown sub-route", "GET", "/v1/boards/$BOARD/nothing", 404, "not_found", new String[] {"nothing"}),
        arguments("GET on scores", "GET", "/v1/boards/$BOARD/scores", 405, "method_not_allowed", new String[] {"GET"}),
        arguments("DELETE on the list", "DELETE", "/v1/boards", 405, "method_not_allowed", new String[] {"DELETE"}),
        arguments("PATCH on a board", "PATCH", "/v1/boards/$BOARD", 405, "method_not_allowed", new String[] {"PATCH"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badReads")
  void badPathOrQueryIsA4xx(String name, String method, String uri, int status, String code, String[] mentions) {
    String board = seededBoard("incr");
    String daily = randomBoard();
    createBoard(daily, new JsonObject().put("period", "daily"));
    String monthly = randomBoard();
    createBoard(monthly, new JsonObject().put("period", "monthly"));
    submit(monthly, "alice", 1);
    String missing = randomBoard();
    String[] expanded = new String[mentions.length];
    for (int i = 0; i < mentions.length; i++) {
      expanded[i] = mentions[i].replace("$MISSING", missing);
    }
    JsonObject before = snapshot(board, USERS);

    HttpResponse<Buffer> r = call(HttpMethod.valueOf(method), uri.replace("$BOARD", board).replace("$DAILY", daily)
        .replace("$MONTHLY", monthly).replace("$MISSING", missing), null);

    assertError(r, status, code, expanded);
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  static Stream<Arguments> badWritePaths() {
    String event = "{\"userId\": \"alice\", \"value\": 1}";
    return Stream.of(
        arguments("PUT uppercase board", "PUT", "/v1/boards/ABC", "{}", 400, "invalid_field", "board"),
        arguments("PUT 65-char board", "PUT", "/v1/boards/" + "a".repeat(65), "{}", 400, "invalid_field", "board"),
        arguments("PUT board with %20", "PUT", "/v1/boards/a%20b", "{}", 400, "invalid_field", "board"),
        arguments("PUT with a query parameter", "PUT", "/v1/boards/$MISSING?dryRun=1", "{}", 400, "invalid_field", "dryRun"),
        arguments("POST score to uppercase board", "POST", "/v1/boards/ABC/scores", event, 400, "invalid_field", "board"),
        arguments("POST score to unknown board", "POST", "/v1/boards/$MISSING/scores", event, 404, "board_not_found", "$MISSING"),
        arguments("POST batch to unknown board", "POST", "/v1/boards/$MISSING/scores/batch", "{\"events\": [" + event + "]}",
            404, "board_not_found", "$MISSING"),
        arguments("POST score with a query parameter", "POST", "/v1/boards/$BOARD/scores?userId=bob", event, 400, "invalid_field",
            "userId"),
        arguments("DELETE unknown board", "DELETE", "/v1/boards/$MISSING", null, 404, "board_not_found", "$MISSING"),
        arguments("DELETE uppercase board", "DELETE", "/v1/boards/ABC", null, 400, "invalid_field", "board"),
        arguments("DELETE with a query parameter", "DELETE", "/v1/boards/$BOARD?force=true", null, 400, "invalid_field", "force"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badWritePaths")
  void refusedWriteByPathIsA4xxAndChangesNothing(String name, String method, String uri, String body, int status, String code,
      String mention) {
    String board = seededBoard("incr");
    String missing = randomBoard();
    JsonObject before = snapshot(board, USERS);
    JsonArray boardsBefore = boardNames();

    HttpResponse<Buffer> r = call(HttpMethod.valueOf(method), uri.replace("$BOARD", board).replace("$MISSING", missing), body);

    assertError(r, status, code, mention.replace("$MISSING", missing));
    assertThat(snapshot(board, USERS)).isEqualTo(before);
    assertThat(boardNames()).doesNotContain(missing, "ABC", "abc", "a b");
    assertThat(boardNames()).containsAll(boardsBefore);
  }

  @Test
  void bodyOverOneMebibyteIsA413AndChangesNothing() {
    String board = seededBoard("incr");
    JsonObject before = snapshot(board, USERS);
    String padding = "x".repeat((int) HttpApiVerticle.BODY_LIMIT);
    String body = "{\"userId\": \"alice\", \"value\": 1, \"eventId\": \"" + padding + "\"}";

    HttpResponse<Buffer> r = post("/v1/boards/" + board + "/scores", body);

    assertError(r, 413, "payload_too_large", String.valueOf(HttpApiVerticle.BODY_LIMIT));
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  @Test
  void bodyJustUnderTheLimitIsReadAndJudgedOnItsFields() {
    String board = seededBoard("incr");
    String prefix = "{\"userId\": \"alice\", \"value\": 1, \"eventId\": \"";
    String padding = "x".repeat((int) HttpApiVerticle.BODY_LIMIT - prefix.length() - 2);

    HttpResponse<Buffer> r = post("/v1/boards/" + board + "/scores", prefix + padding + "\"}");

    assertError(r, 400, "invalid_field", "eventId");
  }
}
