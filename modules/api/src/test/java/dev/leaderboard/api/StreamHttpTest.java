package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.service.ReferenceBoard;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Live streams over HTTP on one node (real Redis): tickets, top and watched-user events against a
 * reference model and page reads, coalescing, period rollover on a clock the test moves, and the
 * end of a stream whose board is deleted.
 */
@ExtendWith(TestSeed.class)
class StreamHttpTest extends ApiTestSupport {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private static final long PERIOD_START = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
  private final TestClock clock = new TestClock(NOW);

  @Override
  Clock clock() {
    return clock;
  }

  private String dailyBoard() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily").put("timezone", "UTC"));
    return board;
  }

  private String ticket(String board) {
    JsonObject t = ok(post("/v1/boards/" + board + "/stream-tickets", null), 201);
    assertThat(Instant.parse(t.getString("expiresAt"))).isEqualTo(NOW.plusSeconds(30));
    return t.getString("ticket");
  }

  private SseClient stream(String uri) {
    SseClient s = SseClient.open(vertx, port, uri, "Bearer " + ADMIN_KEY.value());
    assertThat(s.status()).as("stream %s: %s", uri, s.refusal).isEqualTo(200);
    assertThat(s.response.getHeader("Content-Type")).startsWith("text/event-stream");
    return s;
  }

  private JsonArray page(String board, int n) {
    return ok(get("/v1/boards/" + board + "/entries?limit=" + n), 200).getJsonArray("entries");
  }

  @Test
  void aTicketOpensOneStreamOfItsBoardWithinItsTime() {
    String board = dailyBoard();
    String other = dailyBoard();
    submit(board, "alice", 10);
    String ticket = ticket(board);
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?ticket=" + ticket, null)) {
      assertThat(s.status()).as(s.refusal).isEqualTo(200);
      SseClient.Event top = s.next("top");
      assertThat(top.data().getJsonArray("entries").getJsonObject(0).getString("userId")).isEqualTo("alice");
    }
    String again = "/v1/boards/" + board + "/stream?ticket=" + ticket;
    try (SseClient s = SseClient.open(vertx, port, again, null)) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 401, "unauthenticated", "used");
    }
    String forOther = ticket(other);
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?ticket=" + forOther, null)) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 401, "unauthenticated", "another board");
    }
    String late = ticket(board);
    clock.set(NOW.plusSeconds(31));
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?ticket=" + late, null)) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 401, "unauthenticated", "expired");
      assertThat(s.refusal).doesNotContain(late);
    }
  }

  @Test
  void keysNeverGoInTheUrlAndAStreamNeedsACredential() {
    String board = dailyBoard();
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?ticket=" + ADMIN_KEY.value(), null)) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 401, "unauthenticated",
          "never put an API key in a URL");
      assertThat(s.refusal).doesNotContain(ADMIN_KEY.value());
    }
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream", null)) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 401, "unauthenticated");
    }
    String ticket = ticket(board);
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?ticket=" + ticket,
        "Bearer " + ADMIN_KEY.value())) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 400, "invalid_field", "not both");
    }
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?top=101", "Bearer " + ADMIN_KEY.value())) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 400, "invalid_field", "top");
    }
    String many = String.join(",", Collections.nCopies(21, "u")).replace("u", "x");
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?users=" + many,
        "Bearer " + ADMIN_KEY.value())) {
      assertError(s.status(), s.response.getHeader("Content-Type"), s.refusal, 400, "invalid_field", "users");
    }
  }

  @Test
  void topEventsFollowSubmitsAndMatchAPageRead(Random rnd) {
    String board = dailyBoard();
    ReferenceBoard model = new ReferenceBoard(ok(get("/v1/boards/" + board), 200), PERIOD_START);
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=5")) {
      SseClient.Event first = s.next("top");
      assertThat(first.data().getJsonArray("entries")).isEmpty();
      assertThat(first.data().getString("period")).isEqualTo("2025-04-15");
      long lastId = first.id();
      JsonArray shown = first.data().getJsonArray("entries");
      for (int round = 0; round < 12; round++) {
        String user = "u" + rnd.nextInt(10);
        long value = rnd.nextInt(1000);
        submit(board, new JsonObject().put("userId", user).put("value", value));
        model.apply(user, value, NOW.toEpochMilli(), null);
        JsonArray expected = expectedTop(model, 5);
        assertThat(sameEntries(page(board, 5), expected)).as("the page read matches the model").isTrue();
        if (sameEntries(shown, expected)) {
          // this submit did not change the top five: no event is due for it
          continue;
        }
        SseClient.Event e = s.next(ev -> ev.type().equals("top") && sameEntries(ev.data().getJsonArray("entries"), expected));
        assertThat(e.id()).as("ids grow along the stream").isGreaterThan(lastId);
        lastId = e.id();
        shown = e.data().getJsonArray("entries");
      }
    }
  }

  /** The model's first {@code n} entries as rank, user, score. */
  private static JsonArray expectedTop(ReferenceBoard model, int n) {
    JsonArray out = new JsonArray();
    List<ReferenceBoard.Entry> sorted = model.sorted();
    for (int i = 0; i < Math.min(n, sorted.size()); i++) {
      ReferenceBoard.Entry e = sorted.get(i);
      out.add(new JsonObject().put("rank", (long) i + 1).put("userId", e.userId()).put("score", e.score()));
    }
    return out;
  }

  private static boolean sameEntries(JsonArray got, JsonArray expected) {
    if (got.size() != expected.size()) {
      return false;
    }
    for (int i = 0; i < got.size(); i++) {
      JsonObject g = got.getJsonObject(i);
      JsonObject x = expected.getJsonObject(i);
      if (g.getLong("rank") != x.getLong("rank").longValue() || !g.getString("userId").equals(x.getString("userId"))
          || g.getLong("score") != x.getLong("score").longValue()) {
        return false;
      }
    }
    return true;
  }

  @Test
  void watchedUsersGetTheirEntryAtOnceAndWhenItsRankMoves() {
    String board = dailyBoard();
    submit(board, "alice", 50);
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=0&users=alice,bob")) {
      List<SseClient.Event> first = List.of(s.next("entry"), s.next("entry"));
      JsonObject alice = first.stream().filter(e -> e.data().getString("userId").equals("alice")).findFirst()
          .orElseThrow().data();
      JsonObject bob = first.stream().filter(e -> e.data().getString("userId").equals("bob")).findFirst()
          .orElseThrow().data();
      assertThat(alice.getJsonObject("entry").getLong("rank")).isEqualTo(1);
      assertThat(bob.getValue("entry")).isNull();
      submit(board, "bob", 10);
      JsonObject bobNow = s.next(e -> e.data().getString("userId").equals("bob")).data();
      assertThat(bobNow.getJsonObject("entry").getLong("rank")).isEqualTo(2);
      // carol passes alice: alice's rank moves though her score does not
      submit(board, "carol", 60);
      JsonObject aliceNow = s.next(e -> e.data().getString("userId").equals("alice")
          && e.data().getJsonObject("entry").getLong("rank") == 2).data();
      assertThat(aliceNow.getJsonObject("entry").getLong("score")).isEqualTo(50);
      JsonObject bobLast = s.next(e -> e.data().getString("userId").equals("bob")
          && e.data().getJsonObject("entry").getLong("rank") == 3).data();
      assertThat(bobLast.getJsonObject("entry").getLong("score")).isEqualTo(10);
      assertThat(s.drain()).as("no event about the top: top=0").noneMatch(e -> e.type().equals("top"));
    }
  }

  @Test
  void aPatchOfTheMetadataOfATopUserShowsOnTheStream() {
    String board = dailyBoard();
    submit(board, new JsonObject().put("userId", "alice").put("value", 50)
        .put("meta", new JsonObject().put("name", "Alice")));
    submit(board, "bob", 10);
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=2&users=alice")) {
      Map<String, JsonObject> first = nextTopAndEntry(s);
      assertThat(first.get("top").getJsonArray("entries").getJsonObject(0).getJsonObject("meta"))
          .isEqualTo(new JsonObject().put("name", "Alice"));
      JsonObject renamed = new JsonObject().put("name", "Countess");
      ok(call(HttpMethod.PATCH, "/v1/boards/" + board + "/users/alice", new JsonObject().put("meta", renamed).encode()),
          200);
      Map<String, JsonObject> after = nextTopAndEntry(s);
      JsonObject alice = after.get("top").getJsonArray("entries").getJsonObject(0);
      assertThat(alice.getString("userId")).isEqualTo("alice");
      assertThat(alice.getLong("score")).as("the score stays").isEqualTo(50);
      assertThat(alice.getJsonObject("meta")).isEqualTo(renamed);
      assertThat(after.get("entry").getJsonObject("entry").getJsonObject("meta")).isEqualTo(renamed);
    }
  }

  /** The data of the next {@code top} and {@code entry} events, in whichever order they come. */
  private static Map<String, JsonObject> nextTopAndEntry(SseClient s) {
    Map<String, JsonObject> seen = new HashMap<>();
    while (!seen.containsKey("top") || !seen.containsKey("entry")) {
      SseClient.Event e = s.next();
      assertThat(seen.put(e.type(), e.data())).as("one %s event", e.type()).isNull();
    }
    return seen;
  }

  @Test
  void manySubmitsMakeFewEventsAndTheLastOneIsTheFinalState() {
    String board = dailyBoard();
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=3")) {
      s.next("top");
      int submits = 300;
      long start = System.nanoTime();
      // one user's score rises step by step: every submit changes the top
      List<Future<?>> sent = new ArrayList<>();
      for (int i = 0; i < submits; i++) {
        sent.add(client.post(port, "localhost", "/v1/boards/" + board + "/scores?rank=false")
            .sendJsonObject(new JsonObject().put("userId", "climber").put("value", 1)));
      }
      await(Future.all(sent));
      long elapsedMs = (System.nanoTime() - start) / 1_000_000;
      JsonArray finalTop = page(board, 3);
      assertThat(finalTop.getJsonObject(0).getLong("score")).isEqualTo(submits);
      SseClient.Event last = s.next(e -> e.type().equals("top")
          && e.data().getJsonArray("entries").getJsonObject(0).getLong("score") == submits);
      List<SseClient.Event> seen = new ArrayList<>(s.drain());
      assertThat(seen).as("nothing after the final state").noneMatch(e -> e.type().equals("top"));
      assertThat(last.data().getJsonArray("entries")).isEqualTo(finalTop);
      long receivedMs = (System.nanoTime() - start) / 1_000_000;
      System.out.printf("%d submits in %d ms, final state on the stream after %d ms%n", submits, elapsedMs, receivedMs);
    }
  }

  @Test
  void coalescedEventsNeverGoBackAndComeAtMostOncePerInterval() {
    String board = dailyBoard();
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=1")) {
      s.next("top");
      long start = System.nanoTime();
      int submits = 200;
      for (int i = 1; i <= submits; i++) {
        submit(board, new JsonObject().put("userId", "climber").put("value", 1));
      }
      long elapsedMs = (System.nanoTime() - start) / 1_000_000;
      List<Long> scores = new ArrayList<>();
      long score = 0;
      while (score < submits) {
        SseClient.Event e = s.next("top");
        score = e.data().getJsonArray("entries").getJsonObject(0).getLong("score");
        scores.add(score);
      }
      assertThat(scores).as("scores shown only grow").isSorted();
      long intervals = elapsedMs / streamSettings().interval().toMillis() + 2;
      System.out.printf("%d submits in %d ms: %d top events%n", submits, elapsedMs, scores.size());
      assertThat((long) scores.size()).as("events for %d submits over %d ms", submits, elapsedMs)
          .isLessThanOrEqualTo(intervals).isLessThan(submits);
    }
  }

  @Test
  void aStreamOfTheCurrentPeriodFollowsItsRollover() {
    String board = dailyBoard();
    submit(board, "alice", 10);
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=5&users=alice")) {
      assertThat(s.next("top").data().getJsonArray("entries")).hasSize(1);
      clock.set(Instant.parse("2025-04-16T00:00:01Z"));
      SseClient.Event rolled = s.next("period");
      assertThat(rolled.data()).isEqualTo(new JsonObject().put("board", board).put("previous", "2025-04-15")
          .put("period", "2025-04-16"));
      // the top and the user's entry are read by feeds of their own: they may come in either order
      Map<String, SseClient.Event> fresh = new HashMap<>();
      while (fresh.size() < 2) {
        SseClient.Event e = s.next(ev -> ev.type().equals("top") || ev.type().equals("entry"));
        fresh.putIfAbsent(e.type(), e);
      }
      SseClient.Event top = fresh.get("top");
      assertThat(top.id()).isGreaterThan(rolled.id());
      assertThat(top.data().getString("period")).isEqualTo("2025-04-16");
      assertThat(top.data().getJsonArray("entries")).isEmpty();
      SseClient.Event alice = fresh.get("entry");
      assertThat(alice.data().getString("period")).isEqualTo("2025-04-16");
      assertThat(alice.data().getValue("entry")).isNull();
      submit(board, "bob", 3);
      assertThat(s.next("top").data().getJsonArray("entries").getJsonObject(0).getString("userId")).isEqualTo("bob");
    }
  }

  @Test
  void aStreamEndsWhenItsBoardIsDeleted() {
    String board = dailyBoard();
    try (SseClient s = stream("/v1/boards/" + board + "/stream")) {
      s.next("top");
      ok(delete("/v1/boards/" + board), 200);
      s.awaitEnd();
    }
  }

  @Test
  void aReconnectingClientGetsTheCurrentStateAtOnce() {
    String board = dailyBoard();
    submit(board, "alice", 10);
    try (SseClient s = stream("/v1/boards/" + board + "/stream?top=2")) {
      s.next("top");
    }
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?top=2",
        "Bearer " + ADMIN_KEY.value(), "Last-Event-ID", "7")) {
      assertThat(s.next("top").data().getJsonArray("entries").getJsonObject(0).getString("userId")).isEqualTo("alice");
    }
  }
}
