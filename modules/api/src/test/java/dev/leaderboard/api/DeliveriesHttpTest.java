package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.WebhookReceiver;
import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.service.webhooks.WebhookSettings;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A board's webhook deliveries over HTTP, against a real local receiver: the list shows a failed
 * attempt with its error and next attempt; a redelivery makes that attempt at once (long before the
 * backoff would) and sends a delivered one again with the same event ID; refusals say why and are
 * audited like every admin action.
 */
class DeliveriesHttpTest extends ApiTestSupport {
  /** After a failed attempt the next waits 30 to 60 s: far beyond what the test waits for a redelivery. */
  private static final WebhookSettings SLOW_RETRY = new WebhookSettings(60_000, 60_000, 10_000, 30_000);
  private static final String DAY = "2025-04-15";
  private static final String SECRET = "a-secret-of-enough-characters";
  private WebhookReceiver receiver;

  @BeforeEach
  void admin() {
    await(vertx.deployVerticle(new AdminVerticle(new AdminVerticle.Options(
        NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 3_600_000, 30_000, SLOW_RETRY))));
  }

  @AfterEach
  void closeReceiver() {
    if (receiver != null) {
      receiver.close();
    }
  }

  /** A daily board whose webhook posts to {@code url}, with one score in today's period. */
  private String boardWithWebhook(String url) {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("period", "daily")
        .put("webhook", new JsonObject().put("url", url).put("secret", SECRET)));
    submit(board, "alice", 10);
    return board;
  }

  /** The board's deliveries once {@code until} holds for them (polled, at most {@link #TIMEOUT_SECONDS}). */
  private JsonArray deliveries(String board, Predicate<JsonArray> until) {
    long deadline = System.nanoTime() + TIMEOUT_SECONDS * 1_000_000_000L;
    while (true) {
      JsonArray list = ok(get("/v1/boards/" + board + "/deliveries"), 200).getJsonArray("deliveries");
      if (until.test(list)) {
        return list;
      }
      assertThat(System.nanoTime()).as("deliveries of %s never reached the expected state; last: %s", board, list)
          .isLessThan(deadline);
      await(vertx.timer(20));
    }
  }

  private static Predicate<JsonArray> first(Predicate<JsonObject> p) {
    return list -> list.size() == 1 && p.test(list.getJsonObject(0));
  }

  @Test
  void aFailedDeliveryIsListedThenRedeliveredAtOnceAndADeliveredOneSentAgain() {
    receiver = WebhookReceiver.start(vertx, 500);
    String board = boardWithWebhook(receiver.url("/hook"));
    assertThat(ok(get("/v1/boards/" + board + "/deliveries"), 200))
        .isEqualTo(new JsonObject().put("board", board).put("deliveries", new JsonArray()));
    ok(post("/v1/boards/" + board + "/periods/current/close", null), 200);
    await(receiver.received(1));
    JsonObject failed = deliveries(board, first(d -> d.containsKey("lastError"))).getJsonObject(0);
    assertThat(failed.getString("period")).isEqualTo(DAY);
    assertThat(failed.getString("state")).isEqualTo("delivering");
    assertThat(failed.getInteger("attempts")).isEqualTo(1);
    assertThat(failed.getString("lastError")).contains("500");
    assertThat(failed.getLong("nextAttemptAt")).isBetween(CLOCK.millis() + 30_000, CLOCK.millis() + 60_000);
    String eventId = failed.getString("eventId");

    JsonObject accepted = ok(post("/v1/boards/" + board + "/deliveries/" + DAY + "/redeliver", null), 202);
    assertThat(accepted).isEqualTo(failed);
    await(receiver.received(2));
    JsonObject delivered = deliveries(board, first(d -> d.getString("state").equals("delivered"))).getJsonObject(0);
    assertThat(delivered.getInteger("attempts")).isEqualTo(2);
    assertThat(delivered.getLong("deliveredAt")).isEqualTo(CLOCK.millis());
    assertThat(delivered.containsKey("nextAttemptAt")).isFalse();

    JsonObject again = ok(post("/v1/boards/" + board + "/deliveries/" + DAY + "/redeliver", null), 202);
    assertThat(again.getString("state")).isEqualTo("pending");
    assertThat(again.getInteger("attempts")).isEqualTo(2);
    await(receiver.received(3));
    deliveries(board, first(d -> d.getString("state").equals("delivered") && d.getInteger("attempts") == 3));
    List<WebhookReceiver.Request> requests = receiver.requests();
    assertThat(requests).hasSize(3).allSatisfy(r -> {
      assertThat(r.header("X-Leaderboard-Event-Id")).isEqualTo(eventId);
      assertThat(WebhookReceiver.signedWith(r, SECRET)).isTrue();
    });
    assertThat(requests.get(2).body()).isEqualTo(requests.get(0).body());

    await(NodeAudit.of(vertx).require().flushed());
    JsonArray audit = ok(get("/v1/audit?board=" + board), 200).getJsonArray("entries");
    assertThat(audit.stream().map(e -> (JsonObject) e)
        .filter(e -> e.getString("operation").equals("redeliver")).map(e -> e.getInteger("status")).toList())
        .containsExactly(202, 202);
  }

  @Test
  void aRedeliveryDuringAnAttemptIsRefusedAndOneWithoutWebhookOrDeliveryToo() {
    Promise<HttpServerRequest> held = Promise.promise();
    HttpServer slow = await(vertx.createHttpServer().requestHandler(held::tryComplete).listen(0, "127.0.0.1"));
    try {
      String board = boardWithWebhook("http://127.0.0.1:" + slow.actualPort() + "/hook");
      ok(post("/v1/boards/" + board + "/periods/current/close", null), 200);
      HttpServerRequest attempt = await(held.future());
      deliveries(board, first(d -> d.getString("state").equals("delivering") && d.getInteger("attempts") == 1));
      assertError(post("/v1/boards/" + board + "/deliveries/" + DAY + "/redeliver", null), 409,
          "delivery_in_progress", DAY, "/deliveries");
      attempt.response().setStatusCode(204).end();
      deliveries(board, first(d -> d.getString("state").equals("delivered")));

      assertError(post("/v1/boards/" + board + "/deliveries/2025-04-14/redeliver", null), 404, "delivery_not_found",
          "2025-04-14");
      assertError(post("/v1/boards/" + board + "/deliveries/no!/redeliver", null), 400, "invalid_field", "period");
      assertError(post("/v1/boards/" + randomBoard() + "/deliveries/" + DAY + "/redeliver", null), 404,
          "board_not_found");
      ok(put("/v1/boards/" + board, "{\"webhook\": null}"), 200);
      assertError(post("/v1/boards/" + board + "/deliveries/" + DAY + "/redeliver", null), 409, "no_webhook",
          "PUT /v1/boards/" + board);
      assertThat(deliveries(board, list -> true).getJsonObject(0).getString("state")).isEqualTo("delivered");
    } finally {
      await(slow.close());
    }
  }
}
