package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.service.JsonService;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The HTTP read routes give exactly the answers the event-bus service gives for the same request. */
@ExtendWith(TestSeed.class)
class HttpReadRoutesTest extends ApiTestSupport {

  @Test
  void httpAnswersEqualEventBusAnswers(Random rnd) {
    JsonService service = JsonService.proxy(vertx);
    String board = randomBoard();
    assertThat(put("/v1/boards/" + board, "{\"operator\":\"best\",\"period\":\"weekly\",\"denseRanks\":true}").statusCode()).isEqualTo(201);
    JsonArray events = new JsonArray();
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 900; i++) {
      users.add("user-" + i);
      events.add(new JsonObject().put("userId", "user-" + i).put("value", rnd.nextInt(50)));
    }
    assertThat(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode())
        .statusCode()).isEqualTo(200);

    for (String mode : new String[] {"unique", "competition", "dense"}) {
      same(get("/v1/boards/" + board + "/entries?offset=600&limit=30&rankMode=" + mode),
          await(service.entries(board, null, 600L, 30, mode)));
      same(get("/v1/boards/" + board + "/users/user-17/around?limit=9&rankMode=" + mode),
          await(service.around(board, "user-17", null, 9, mode)));
      JsonObject list = new JsonObject().put("userIds", new JsonArray(users.subList(100, 160)).add("nobody"));
      same(post("/v1/boards/" + board + "/ranks?rankMode=" + mode, list.encode()),
          await(service.ranks(board, list, null, mode)));
    }
    HttpResponse<Buffer> missing = get("/v1/boards/" + board + "/users/nobody/around");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.bodyAsJsonObject().getString("error")).isEqualTo("user_not_found");
    HttpResponse<Buffer> tooMany = post("/v1/boards/" + board + "/ranks",
        new JsonObject().put("userIds", new JsonArray(java.util.Collections.nCopies(1001, "x"))).encode());
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(tooMany.bodyAsJsonObject().getString("message")).contains("userIds");
    HttpResponse<Buffer> badLimit = get("/v1/boards/" + board + "/users/user-1/around?limit=0");
    assertThat(badLimit.statusCode()).isEqualTo(400);
    assertThat(badLimit.bodyAsJsonObject().getString("message")).contains("limit");
  }

  /**
   * Two users tied at the top of three: they share a rank and a percentile in competition and dense
   * modes, on every read, and every percentile is written as a number with a decimal point.
   */
  @Test
  void tiedEntriesShareTheirPercentileInCompetitionMode() {
    String board = randomBoard();
    assertThat(put("/v1/boards/" + board, "{\"operator\":\"set\",\"denseRanks\":true}").statusCode()).isEqualTo(201);
    submit(board, "alice", 10);
    submit(board, "bob", 10);
    submit(board, "carol", 5);
    String base = "/v1/boards/" + board;
    String all = new JsonObject().put("userIds", new JsonArray().add("carol").add("bob").add("alice")).encode();
    for (String mode : new String[] {"competition", "dense", "unique"}) {
      List<Double> expected = mode.equals("unique") ? List.of(100.0, 66.67, 33.33) : List.of(100.0, 100.0, 33.33);
      List<HttpResponse<Buffer>> pages = List.of(get(base + "/entries?rankMode=" + mode),
          get(base + "/users/carol/around?limit=3&rankMode=" + mode), post(base + "/ranks?rankMode=" + mode, all));
      for (HttpResponse<Buffer> page : pages) {
        assertThat(percentiles(ok(page, 200).getJsonArray("entries"))).as(mode).isEqualTo(expected);
        assertThat(page.bodyAsString()).as(mode).containsPattern("\"percentile\":33\\.33")
            .doesNotContainPattern("\"percentile\":\\d+[,}]");
      }
      // a user's own read agrees with the page (in unique mode the tie is settled by the board's order)
      for (Object o : ok(pages.get(0), 200).getJsonArray("entries")) {
        JsonObject entry = (JsonObject) o;
        HttpResponse<Buffer> user = get(base + "/users/" + entry.getString("userId") + "?rankMode=" + mode);
        assertThat(ok(user, 200).getDouble("percentile")).as(mode).isEqualTo(entry.getDouble("percentile"));
        assertThat(user.bodyAsString()).doesNotContainPattern("\"percentile\":\\d+[,}]");
      }
    }
  }

  private static List<Double> percentiles(JsonArray entries) {
    return entries.stream().map(e -> ((JsonObject) e).getDouble("percentile")).toList();
  }

  @Test
  void requestsTheHttpDecoderRefusesStillGetJsonErrors() {
    HttpResponse<Buffer> longUri = get("/v1/boards/" + "x".repeat(5000));
    assertThat(longUri.statusCode()).isEqualTo(414);
    assertThat(longUri.bodyAsJsonObject().getString("error")).isEqualTo("uri_too_long");
    HttpResponse<Buffer> bigHeaders = await(client.get(port, "localhost", "/v1/boards")
        .putHeader("X-Filler", "y".repeat(10_000)).send());
    assertThat(bigHeaders.statusCode()).isEqualTo(431);
    assertThat(bigHeaders.bodyAsJsonObject().getString("error")).isEqualTo("headers_too_large");
  }

  private static void same(HttpResponse<Buffer> http, JsonObject bus) {
    assertThat(http.statusCode()).as(http.bodyAsString()).isEqualTo(200);
    assertThat(http.bodyAsJsonObject()).isEqualTo(bus);
    assertThat(bus.getJsonArray("entries")).isNotEmpty();
  }
}
