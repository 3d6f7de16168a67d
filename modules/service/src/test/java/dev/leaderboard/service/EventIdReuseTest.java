package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An event ID reused for the same user: with the same payload a duplicate (200, not applied), with
 * another operator, value or time a 409 {@code event_id_conflict} that changes nothing; in a batch,
 * such an event is listed under {@code conflicts} and the others stand.
 */
@ExtendWith(VertxExtension.class)
class EventIdReuseTest {
  private static final Instant CREATED = Instant.parse("2025-04-15T12:00:00Z");
  private static final long NOW = CREATED.toEpochMilli() + 60_000;
  private static final JsonObject FIRST = new JsonObject().put("userId", "alice").put("value", 5)
      .put("at", NOW - 10_000).put("eventId", "e1");

  private final TestClock clock = new TestClock(CREATED);
  private JsonService service;
  private String board;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    service = JsonService.proxy(vertx);
    board = "reuse-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(board, new JsonObject().put("operator", "incr").put("maxScore", 1000)
        .put("dedupeSeconds", 60)).await();
    clock.set(Instant.ofEpochMilli(NOW));
  }

  @Test
  void theSamePayloadIsADuplicateAnotherPayloadAConflict() {
    assertThat(service.submit(board, FIRST).await().getBoolean("applied")).isTrue();
    JsonObject again = service.submit(board, FIRST.copy()).await();
    assertThat(again.getBoolean("applied")).isFalse();
    assertThat(again.getLong("score")).isEqualTo(5);

    assertConflict(FIRST.copy().put("value", 6));
    assertConflict(FIRST.copy().put("at", NOW - 9_999));
    assertConflict(FIRST.copy().put("at", null));
    // the board's operator is part of the payload: the same body on a set board is another event
    service.putBoard(board, new JsonObject().put("operator", "set")).await();
    assertConflict(FIRST.copy());
    assertThat(score("alice")).isEqualTo(5);
  }

  @Test
  void anEventWithoutATimeIsTheSamePayloadOnItsRetry() {
    JsonObject untimed = new JsonObject().put("userId", "bob").put("value", 2).put("eventId", "u1");
    assertThat(service.submit(board, untimed).await().getBoolean("applied")).isTrue();
    clock.set(Instant.ofEpochMilli(NOW + 30_000));
    assertThat(service.submit(board, untimed.copy()).await().getBoolean("applied")).isFalse();
    assertThat(score("bob")).isEqualTo(2);
  }

  @Test
  void aBatchListsTheConflictAndTheOtherEventsStand() {
    service.submit(board, FIRST).await();
    JsonObject r = service.submitBatch(board, new JsonObject().put("events", new JsonArray()
        .add(FIRST.copy())
        .add(FIRST.copy().put("value", 7))
        .add(new JsonObject().put("userId", "carol").put("value", 3).put("eventId", "e1"))
        .add(new JsonObject().put("userId", "carol").put("value", -4))
        .add(new JsonObject().put("userId", "alice").put("value", 1).put("eventId", "e2")))).await();
    assertThat(r.getInteger("applied")).isEqualTo(2);
    assertThat(r.getInteger("duplicate")).isEqualTo(1);
    assertThat(r.getInteger("conflict")).isEqualTo(1);
    assertThat(r.getInteger("rejected")).isEqualTo(1);
    assertThat(r.getInteger("failed")).isZero();
    JsonObject conflict = r.getJsonArray("conflicts").getJsonObject(0);
    assertThat(conflict.getInteger("index")).isEqualTo(1);
    assertThat(conflict.getString("error")).isEqualTo("event_id_conflict");
    assertThat(conflict.getString("message")).contains("e1", "first payload was kept");
    assertThat(r.getJsonArray("rejections").getJsonObject(0).getInteger("index")).isEqualTo(3);
    assertThat(score("alice")).isEqualTo(6);
    assertThat(score("carol")).isEqualTo(3);
  }

  @Test
  void recordsOfTheMillisecondFormStillDeduplicateAndExpire(Vertx vertx) {
    service.submit(board, new JsonObject().put("userId", "dave").put("value", 1)).await();
    // records as the submit script wrote them before the payload digest: the receipt ms as the score
    writeOldRecord(vertx, "dave", "old", NOW - 30_000);
    JsonObject reused = new JsonObject().put("userId", "dave").put("value", 9).put("eventId", "old");
    assertThat(service.submit(board, reused).await().getBoolean("applied"))
        .as("no digest to compare: a duplicate whatever the payload").isFalse();
    clock.set(Instant.ofEpochMilli(NOW + 30_000));
    assertThat(service.submit(board, reused.copy()).await().getBoolean("applied")).as("still in the window").isFalse();
    clock.set(Instant.ofEpochMilli(NOW + 30_001));
    assertThat(service.submit(board, reused.copy()).await().getBoolean("applied")).as("expired").isTrue();
    assertThat(score("dave")).isEqualTo(10);
  }

  private void assertConflict(JsonObject event) {
    Throwable t = catchThrowable(() -> service.submit(board, event).await());
    assertThat(t).as("%s", event).isInstanceOf(ServiceException.class);
    ServiceException e = (ServiceException) t;
    assertThat(e.failureCode()).isEqualTo(409);
    assertThat(e.getDebugInfo().getString("error")).isEqualTo("event_id_conflict");
    assertThat(e.getMessage()).contains("eventId e1", "first payload was kept", "changed nothing");
  }

  private long score(String user) {
    return service.user(board, user, null, null).await().getLong("score");
  }

  private void writeOldRecord(Vertx vertx, String user, String eventId, long receiptMillis) {
    Shards shards = Shards.connect(vertx, TestShards.endpoints(), 1);
    try {
      Board b = new BoardStore(shards).get(board).await();
      Route r = Keys.keySet(shards, b, "all", Partitioner.partitionOf(user, b.partitions()));
      shards.send(r, Request.cmd(Command.ZADD).arg(Keys.events(r)).arg(receiptMillis).arg(user + "\n" + eventId))
          .await();
    } finally {
      shards.close();
    }
  }
}
