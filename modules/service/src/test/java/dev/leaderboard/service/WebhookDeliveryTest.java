package dev.leaderboard.service;

import dev.leaderboard.service.webhooks.WebhookSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Period-end events: the event on the event bus with the period's top entries, and the signed
 * webhook delivered at least once, retried with backoff, by exactly one node at a time, resumed by
 * another node when its deliverer stops.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class WebhookDeliveryTest {
  private static final String DAY = "2025-04-15";
  /** Retries after 20 ms, 40 ms, … up to 200 ms: short, so the test waits on requests, not on the clock. */
  private static final WebhookSettings FAST = new WebhookSettings(20, 200, 5_000, 3_000);
  private final TestClock clock = new TestClock(Instant.parse("2025-04-15T12:00:00Z"));
  private final List<Vertx> nodes = new ArrayList<>();
  private final List<WebhookReceiver> receivers = new ArrayList<>();
  private final List<Runnable> cleanup = new ArrayList<>();

  @AfterEach
  void close() {
    cleanup.forEach(Runnable::run);
    receivers.forEach(WebhookReceiver::close);
    nodes.forEach(n -> n.close().await());
  }

  /** A node: the service and an admin verticle whose tick only the test runs. */
  private AdminVerticle node(Vertx vertx, WebhookSettings settings) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    AdminVerticle admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 3_600_000, 30_000, settings));
    vertx.deployVerticle(admin).await();
    return admin;
  }

  private Vertx otherNode() {
    Vertx v = Vertx.vertx();
    nodes.add(v);
    return v;
  }

  private WebhookReceiver receiver(Vertx vertx, Integer... statuses) {
    WebhookReceiver r = WebhookReceiver.start(vertx, statuses);
    receivers.add(r);
    return r;
  }

  private String board(JsonService service, WebhookReceiver receiver, String secret, int top) {
    String name = "wh-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily").put("operator", "best").put("archiveEventTop", top)
        .put("webhook", new JsonObject().put("url", receiver.url("/hooks/" + name + "?v=1")).put("secret", secret)))
        .await();
    cleanup.add(() -> service.deleteBoard(name).await());
    return name;
  }

  private static String secret(Random rnd) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      s.append((char) ('a' + rnd.nextInt(26)));
    }
    return s.toString();
  }

  /** Scores for {@code users} users at times the test chooses, applied to the reference too. */
  private static ReferenceBoard submitAll(JsonService service, String board, int users, Random rnd) {
    ReferenceBoard reference = new ReferenceBoard(service.getBoard(board).await(),
        Instant.parse(DAY + "T00:00:00Z").toEpochMilli());
    long start = Instant.parse(DAY + "T00:00:00Z").toEpochMilli();
    for (int i = 0; i < users * 2; i++) {
      String user = "u" + rnd.nextInt(users);
      long value = rnd.nextInt(50);
      long at = start + rnd.nextInt(11 * 3600) * 1000L + rnd.nextInt(1000);
      service.submit(board, new JsonObject().put("userId", user).put("value", value).put("at", at)).await();
      reference.apply(user, value, at, null);
    }
    return reference;
  }

  private static JsonObject period(JsonService service, String board, String id) {
    return service.periods(board).await().getJsonArray("periods").stream().map(o -> (JsonObject) o)
        .filter(p -> p.getString("period").equals(id)).findFirst().orElseThrow();
  }

  @Test
  void theEventCarriesTheTopEntriesAndTheWebhookIsRetriedWithBackoffUntilA2xx(Vertx vertx, Random rnd) {
    AdminVerticle admin = node(vertx, FAST);
    JsonService service = JsonService.proxy(vertx);
    WebhookReceiver receiver = receiver(vertx, 500, 500, 200);
    String secret = secret(rnd);
    String board = board(service, receiver, secret, 7);
    assertThat(service.getBoard(board).await().getJsonObject("webhook"))
        .isEqualTo(new JsonObject().put("url", receiver.url("/hooks/" + board + "?v=1")).put("hasSecret", true));
    ReferenceBoard reference = submitAll(service, board, 30, rnd);
    Promise<JsonObject> published = Promise.promise();
    vertx.eventBus().<JsonObject>consumer("leaderboard.period.archived", m -> {
      if (board.equals(m.body().getString("board"))) {
        published.tryComplete(m.body());
      }
    });

    service.closePeriod(board, DAY).await();
    JsonObject event = published.future().await();
    receiver.received(3).await();
    Delivery done = admin.deliver(board, DAY).await();

    // the event: the archived period's top 7, as the reference ranks them and as the archive holds them
    List<ReferenceBoard.Entry> expected = reference.sorted();
    assertThat(event.getString("period")).isEqualTo(DAY);
    assertThat(event.getLong("total")).isEqualTo(expected.size());
    assertThat(event.getJsonArray("top")).hasSize(7);
    ArchiveStore archive = ArchiveStore.connect(vertx, TestPostgres.uri());
    List<ArchivedEntry> rows = archive.page(PeriodLifecycleTest.uid(vertx, board), DAY, 0, 7).await();
    archive.close();
    for (int i = 0; i < 7; i++) {
      JsonObject e = event.getJsonArray("top").getJsonObject(i);
      assertThat(e).isEqualTo(new JsonObject().put("rank", i + 1).put("userId", expected.get(i).userId())
          .put("score", expected.get(i).score()).put("at", expected.get(i).at()));
      assertThat(e.getString("userId")).isEqualTo(rows.get(i).userId());
      assertThat(e.getLong("at")).isEqualTo(rows.get(i).at());
    }

    // three signed attempts of the same event; the third answered 200
    List<WebhookReceiver.Request> got = receiver.requests();
    assertThat(got).hasSize(3);
    for (WebhookReceiver.Request r : got) {
      assertThat(WebhookReceiver.signedWith(r, secret)).as("signature").isTrue();
      assertThat(WebhookReceiver.signedWith(r, secret + "x")).isFalse();
      assertThat(r.header("X-Leaderboard-Event-Id")).isEqualTo(event.getString("eventId"));
      assertThat(r.header("X-Leaderboard-Event")).isEqualTo("leaderboard.period.archived");
      assertThat(r.header("Content-Type")).isEqualTo("application/json");
      assertThat(Long.parseLong(r.header("X-Leaderboard-Timestamp"))).isEqualTo(clock.millis() / 1000);
      assertThat(r.body().toJsonObject()).isEqualTo(event);
    }
    assertThat(done.state()).isEqualTo(Delivery.State.DELIVERED);
    assertThat(done.attempts()).isEqualTo(3);
    assertThat(done.lastError()).isEqualTo("HTTP 500");
    JsonObject shown = period(service, board, DAY).getJsonObject("webhook");
    assertThat(shown.getString("state")).isEqualTo("delivered");
    assertThat(shown.getInteger("attempts")).isEqualTo(3);
    assertThat(shown.getLong("deliveredAt")).isEqualTo(clock.millis());
    assertThat(shown.getString("eventId")).isEqualTo(event.getString("eventId"));
    // delivered: a later tick or request sends nothing more
    admin.tick().await();
    assertThat(admin.deliver(board, DAY).await().state()).isEqualTo(Delivery.State.DELIVERED);
    assertThat(receiver.requests()).hasSize(3);
  }

  @Test
  void twoNodesRacingToArchiveAndDeliverMakeOneDeliverySequence(Vertx vertx, Random rnd) {
    AdminVerticle first = node(vertx, FAST);
    AdminVerticle second = node(otherNode(), FAST);
    JsonService service = JsonService.proxy(vertx);
    WebhookReceiver receiver = receiver(vertx);
    String board = board(service, receiver, secret(rnd), 100);
    submitAll(service, board, 20, rnd);

    clock.set(Instant.parse("2025-04-16T00:06:00Z"));
    Future.join(first.tick(), second.tick(), service.closePeriod(board, DAY)).otherwiseEmpty().await();
    List<Future<Delivery>> racing = List.of(first.deliver(board, DAY), second.deliver(board, DAY),
        first.deliver(board, DAY), second.deliver(board, DAY));
    Future.join(racing).await();
    // whichever node delivered recorded it before giving the lease back: every later look finds it delivered
    assertThat(first.deliver(board, DAY).await().state()).isEqualTo(Delivery.State.DELIVERED);
    assertThat(second.deliver(board, DAY).await().state()).isEqualTo(Delivery.State.DELIVERED);
    assertThat(receiver.requests()).hasSize(1);
    assertThat(period(service, board, DAY).getJsonObject("webhook").getInteger("attempts")).isEqualTo(1);
  }

  /** Two nodes racing to close a board with rewards record them once; the webhook carries them. */
  @Test
  void theWebhookOfABoardWithRewardsCarriesTheirCountAndTheBestRanked(Vertx vertx, Random rnd) {
    AdminVerticle first = node(vertx, FAST);
    AdminVerticle second = node(otherNode(), FAST);
    JsonService service = JsonService.proxy(vertx);
    WebhookReceiver receiver = receiver(vertx);
    String board = board(service, receiver, secret(rnd), 5);
    service.putBoard(board, new JsonObject().put("rewards", new JsonArray().add(new JsonObject()
        .put("ranks", new JsonArray().add(1).add(2)).put("reward", new JsonObject().put("cup", true))))).await();
    ReferenceBoard reference = submitAll(service, board, 20, rnd);

    clock.set(Instant.parse("2025-04-16T00:06:00Z"));
    Future.join(first.tick(), second.tick(), service.closePeriod(board, DAY)).otherwiseEmpty().await();
    Future.join(first.deliver(board, DAY), second.deliver(board, DAY)).otherwiseEmpty().await();
    receiver.received(1).await();
    JsonObject rewards = receiver.requests().get(0).body().toJsonObject().getJsonObject("rewards");
    List<ReferenceBoard.Entry> best = reference.sorted().subList(0, 2);
    assertThat(rewards).isEqualTo(new JsonObject().put("total", 2).put("top", new JsonArray()
        .add(new JsonObject().put("userId", best.get(0).userId()).put("rank", 1).put("score", best.get(0).score())
            .put("reward", new JsonObject().put("cup", true)))
        .add(new JsonObject().put("userId", best.get(1).userId()).put("rank", 2).put("score", best.get(1).score())
            .put("reward", new JsonObject().put("cup", true)))));
    assertThat(service.periodRewards(board, DAY, 0L, 100).await().getLong("total")).isEqualTo(2);
  }

  @Test
  void whenTheDeliveringNodeStopsAnotherNodeResumesTheSequence(Vertx vertx, Random rnd) {
    AdminVerticle survivor = node(vertx, FAST);
    Vertx doomed = otherNode();
    // the doomed node waits a minute after a failure: it stops long before it would try again
    node(doomed, new WebhookSettings(60_000, 60_000, 5_000, 3_000));
    JsonService doomedService = JsonService.proxy(doomed);
    JsonService service = JsonService.proxy(vertx);
    WebhookReceiver receiver = receiver(vertx, 500);
    String secret = secret(rnd);
    String board = board(service, receiver, secret, 5);
    submitAll(service, board, 10, rnd);

    // the doomed node archives the period, so it starts the delivery; its first attempt fails
    doomedService.closePeriod(board, DAY).await();
    receiver.received(1).await();
    assertThat(survivor.deliver(board, DAY).await()).as("the lease is held by the doomed node").isNull();

    nodes.remove(doomed);
    doomed.close().await();
    // whatever the doomed node recorded, its next attempt was due within the minute
    clock.set(clock.instant().plusSeconds(61));
    survivor.tick().await();
    Delivery done = survivor.deliver(board, DAY).await();
    assertThat(done.state()).isEqualTo(Delivery.State.DELIVERED);
    assertThat(done.attempts()).isEqualTo(2);
    List<WebhookReceiver.Request> got = receiver.requests();
    assertThat(got).hasSize(2);
    assertThat(got).allSatisfy(r -> assertThat(WebhookReceiver.signedWith(r, secret)).isTrue());
    assertThat(got.get(1).header("X-Leaderboard-Event-Id")).isEqualTo(got.get(0).header("X-Leaderboard-Event-Id"));
    assertThat(got.get(1).body()).isEqualTo(got.get(0).body());
  }

  @Test
  void brokenWebhookDefinitionsAreRefusedNamingTheField(Vertx vertx) {
    node(vertx, FAST);
    JsonService service = JsonService.proxy(vertx);
    String name = "wh-" + UUID.randomUUID().toString().substring(0, 8);
    Throwable t = catchThrowable(() -> service.putBoard(name, new JsonObject()
        .put("webhook", new JsonObject().put("url", "gopher://x.example/").put("secret", "0123456789abcdef"))).await());
    assertThat(t).isInstanceOf(ServiceException.class).hasMessageStartingWith("webhook.url ");
    assertThat(((ServiceException) t).failureCode()).isEqualTo(400);
    t = catchThrowable(() -> service.putBoard(name, new JsonObject()
        .put("webhook", new JsonObject().put("url", "https://x.example/").put("secret", "short"))).await());
    assertThat(t).hasMessageStartingWith("webhook.secret ").hasMessageNotContaining("short");
  }
}
