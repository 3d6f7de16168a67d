package dev.leaderboard.store.scores;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An event ID is bound to its payload (operator, value, the time the client gave): the same payload
 * again is a duplicate, another payload a conflict that changes nothing. Records written before the
 * payload digest (receipt ms as the score) still deduplicate and still expire after the window.
 */
@ExtendWith(VertxExtension.class)
class EventIdConflictTest {
  private static final long NOW = Instant.parse("2025-04-15T12:00:00.250Z").toEpochMilli();
  private static final long WINDOW = 3_600_000;
  private static final long AT = NOW - 5_000;

  private Shards shards;
  private ScoreStore store;
  private Board board;

  @BeforeEach
  void connect(Vertx vertx) {
    shards = Shards.connect(vertx, TestShards.endpoints(), 4);
    store = new ScoreStore(shards);
    store.loadScripts().await();
    board = Board.define("ec-" + UUID.randomUUID().toString().substring(0, 8),
        new JsonObject().put("partitions", 4), null, Instant.ofEpochMilli(NOW - WINDOW), 4, "u1");
    Live.mark(shards, board, "all");
  }

  @AfterEach
  void close() {
    shards.close();
  }

  private static SubmitCommand event(String user, Operator op, long value, Long at, String eventId) {
    return new SubmitCommand("all", user, op, value, 0, eventId, at);
  }

  private SubmitOutcome.Status submit(SubmitCommand c, long now) {
    return store.submit(board, c, now, WINDOW).await().status();
  }

  @Test
  void theSamePayloadIsADuplicateAnotherIsAConflictThatChangesNothing() {
    SubmitCommand first = event("alice", Operator.SET, 7, AT, "e1");
    assertThat(submit(first, NOW)).isEqualTo(SubmitOutcome.Status.CHANGED);
    StoredEntry composite = store.stored(board, "all", "alice").await();
    Double record = record("alice", "e1");

    assertThat(submit(first, NOW + 1_000)).isEqualTo(SubmitOutcome.Status.DUPLICATE);
    assertThat(submit(event("alice", Operator.SET, 8, AT, "e1"), NOW + 1_000))
        .as("another value").isEqualTo(SubmitOutcome.Status.CONFLICT);
    assertThat(submit(event("alice", Operator.INCR, 7, AT, "e1"), NOW + 1_000))
        .as("another operator").isEqualTo(SubmitOutcome.Status.CONFLICT);
    assertThat(submit(event("alice", Operator.SET, 7, AT + 1, "e1"), NOW + 1_000))
        .as("another time").isEqualTo(SubmitOutcome.Status.CONFLICT);
    assertThat(submit(event("alice", Operator.SET, 7, null, "e1"), NOW + 1_000))
        .as("no time where the first gave one").isEqualTo(SubmitOutcome.Status.CONFLICT);

    assertThat(store.stored(board, "all", "alice").await()).isEqualTo(composite);
    assertThat(record("alice", "e1")).as("the first event's record stands").isEqualTo(record);
    // the event ID is the user's: another user may use it for anything
    assertThat(submit(event("bob", Operator.INCR, 3, null, "e1"), NOW)).isEqualTo(SubmitOutcome.Status.CHANGED);
  }

  @Test
  void anEventWithoutATimeIsTheSamePayloadWheneverItArrives() {
    SubmitCommand first = event("carol", Operator.INCR, 4, null, "e1");
    assertThat(submit(first, NOW)).isEqualTo(SubmitOutcome.Status.CHANGED);
    assertThat(submit(first, NOW + 59_000)).isEqualTo(SubmitOutcome.Status.DUPLICATE);
    assertThat(submit(event("carol", Operator.INCR, 5, null, "e1"), NOW + 59_000))
        .isEqualTo(SubmitOutcome.Status.CONFLICT);
    assertThat(score("carol")).isEqualTo(4);
  }

  @Test
  void aBatchAnswersEachEventOnItsOwn() {
    List<SubmitOutcome> outcomes = store.submitAll(board, List.of(
        event("dave", Operator.INCR, 2, AT, "e1"),
        event("dave", Operator.INCR, 3, AT, "e1"),
        event("dave", Operator.INCR, 2, AT, "e1"),
        event("erin", Operator.INCR, 3, AT, "e1"),
        event("dave", Operator.INCR, 3, AT, "e2")), NOW, WINDOW).await();
    assertThat(outcomes).extracting(SubmitOutcome::status).containsExactly(SubmitOutcome.Status.CHANGED,
        SubmitOutcome.Status.CONFLICT, SubmitOutcome.Status.DUPLICATE, SubmitOutcome.Status.CHANGED,
        SubmitOutcome.Status.CHANGED);
    assertThat(score("dave")).isEqualTo(5);
    assertThat(score("erin")).isEqualTo(3);
  }

  @Test
  void aRecordExpiresAfterTheWindow() {
    assertThat(submit(event("frank", Operator.INCR, 1, null, "e1"), NOW)).isEqualTo(SubmitOutcome.Status.CHANGED);
    // the window counts whole seconds from the receipt second
    long lastSecond = NOW - NOW % 1000 + WINDOW + 999;
    assertThat(submit(event("frank", Operator.INCR, 2, null, "e1"), lastSecond)).isEqualTo(SubmitOutcome.Status.CONFLICT);
    assertThat(submit(event("frank", Operator.INCR, 2, null, "e1"), lastSecond + 1))
        .isEqualTo(SubmitOutcome.Status.CHANGED);
    assertThat(score("frank")).isEqualTo(3);
  }

  @Test
  void recordsOfTheMillisecondFormStillDeduplicateAndExpire() {
    // as the script wrote them before the digest: the receipt ms as the score
    writeOldRecord("gina", "recent", NOW - WINDOW);
    writeOldRecord("gina", "expired", NOW - WINDOW - 1);
    writeOldRecord("gina", "kept", NOW - 10);
    writeOldRecord("gina", "trimmed", NOW - WINDOW - 2);

    assertThat(submit(event("gina", Operator.INCR, 9, AT, "recent"), NOW))
        .as("no digest to compare: the same payload").isEqualTo(SubmitOutcome.Status.DUPLICATE);
    assertThat(score("gina")).isEqualTo(0);
    assertThat(submit(event("gina", Operator.INCR, 9, AT, "expired"), NOW)).isEqualTo(SubmitOutcome.Status.CHANGED);
    assertThat(score("gina")).isEqualTo(9);

    // the write trimmed the expired record of the old form, kept the live ones, and wrote its own in the new
    assertThat(record("gina", "trimmed")).isNull();
    assertThat(record("gina", "recent")).isEqualTo((double) (NOW - WINDOW));
    assertThat(record("gina", "kept")).isEqualTo((double) (NOW - 10));
    double expired = record("gina", "expired");
    assertThat(expired).isEqualTo((double) ((NOW / 1000) * (1L << EventDigest.BITS)
        + EventDigest.of(Operator.INCR, 9, AT)));
    assertThat(submit(event("gina", Operator.INCR, 8, AT, "expired"), NOW)).isEqualTo(SubmitOutcome.Status.CONFLICT);

    // a write a window later trims both forms
    long later = NOW + WINDOW + 1000;
    assertThat(submit(event("gina", Operator.INCR, 1, null, "next"), later)).isEqualTo(SubmitOutcome.Status.CHANGED);
    assertThat(record("gina", "recent")).isNull();
    assertThat(record("gina", "kept")).isNull();
    assertThat(record("gina", "expired")).isNull();
    assertThat(record("gina", "next")).isNotNull();
  }

  private Route partitionOf(String user) {
    return Keys.keySet(shards, board, "all", Partitioner.partitionOf(user, board.partitions()));
  }

  private void writeOldRecord(String user, String eventId, long receiptMillis) {
    Route r = partitionOf(user);
    shards.send(r, Request.cmd(Command.ZADD).arg(Keys.events(r)).arg(receiptMillis).arg(user + "\n" + eventId)).await();
  }

  /** The score of the user's idempotency record of the event, or {@code null}. */
  private Double record(String user, String eventId) {
    Route r = partitionOf(user);
    Response score = shards.send(r, Request.cmd(Command.ZSCORE).arg(Keys.events(r)).arg(user + "\n" + eventId)).await();
    return score == null ? null : score.toDouble();
  }

  private long score(String user) {
    StoredEntry e = store.stored(board, "all", user).await();
    return e == null ? 0 : board.codec().score(e.composite());
  }
}
