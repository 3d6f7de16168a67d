package dev.leaderboard.service;

import static dev.leaderboard.service.EntryMetaTest.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The plausibility limit: an event that would change a score by more than the board's
 * {@code maxStep} is refused with 422 {@code step_too_large} naming the limit, and changes nothing
 * (neither the score, nor its time, nor the metadata, nor the event ID's record).
 */
@ExtendWith(VertxExtension.class)
class MaxStepTest {
  private JsonService service;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC), 4))).await();
    service = JsonService.proxy(vertx);
  }

  private String board(String operator, String order) {
    String name = "ms-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(name, new JsonObject().put("operator", operator).put("order", order)
        .put("maxStep", 10)).await();
    assertThat(def.getLong("maxStep")).isEqualTo(10);
    return name;
  }

  private JsonObject submit(String board, String user, long value) {
    return service.submit(board, new JsonObject().put("userId", user).put("value", value)).await();
  }

  private void assertStepRefused(String board, String user, long value, String... mentions) {
    JsonObject before = service.ranks(board, new JsonObject().put("userIds", new JsonArray().add(user)), null, null)
        .await();
    assertRefused(service.submit(board, new JsonObject().put("userId", user).put("value", value).put("eventId", "big")
        .put("meta", new JsonObject().put("name", "changed"))), 422, "step_too_large", "maxStep 10");
    assertRefused(service.submit(board, new JsonObject().put("userId", user).put("value", value)), 422,
        "step_too_large", mentions);
    assertThat(service.ranks(board, new JsonObject().put("userIds", new JsonArray().add(user)), null, null).await())
        .as("nothing changed").isEqualTo(before);
  }

  @Test
  void incrementsBeyondTheStepAreRefusedEitherWay() {
    String board = board("incr", "desc");
    assertStepRefused(board, "ada", 11, "would change it by 11", "no score yet");
    assertThat(submit(board, "ada", 10).getLong("score")).isEqualTo(10);
    assertThat(submit(board, "ada", 10).getLong("score")).isEqualTo(20);
    assertStepRefused(board, "ada", -11, "would change it by 11");
    assertThat(submit(board, "ada", -10).getLong("score")).isEqualTo(10);
  }

  @Test
  void setJumpsCountFromTheCurrentScoreAndAFirstScoreFromZero() {
    String board = board("set", "desc");
    assertStepRefused(board, "ada", 11, "no score yet");
    assertThat(submit(board, "ada", 10).getLong("score")).isEqualTo(10);
    assertThat(submit(board, "ada", 20).getLong("score")).isEqualTo(20);
    assertStepRefused(board, "ada", 31, "on a score of 20", "would change it by 11");
    assertStepRefused(board, "ada", 9, "would change it by 11");
    assertThat(submit(board, "ada", 10).getLong("score")).isEqualTo(10);
    // the id of a refused event was not remembered: it may be used for another event
    assertThat(service.submit(board, new JsonObject().put("userId", "ada").put("value", 12).put("eventId", "big"))
        .await().getBoolean("applied")).isTrue();
  }

  @Test
  void bestCountsTheImprovementOnly() {
    String board = board("best", "desc");
    assertStepRefused(board, "ada", 11, "no score yet");
    assertThat(submit(board, "ada", 8).getLong("score")).isEqualTo(8);
    // a value that does not beat the best changes nothing, however far below it
    assertThat(submit(board, "ada", 0).getBoolean("changed")).isFalse();
    assertThat(submit(board, "ada", 18).getLong("score")).isEqualTo(18);
    assertStepRefused(board, "ada", 29, "would change it by 11");
    // on an asc board (lower is better) a first score counts from 0 as well
    String asc = board("best", "asc");
    assertStepRefused(asc, "bob", 11, "no score yet");
    assertThat(submit(asc, "bob", 10).getLong("score")).isEqualTo(10);
    assertThat(submit(asc, "bob", 900).getBoolean("changed")).isFalse();
    assertThat(submit(asc, "bob", 0).getLong("score")).isEqualTo(0);
  }

  @Test
  void aBatchRefusesEachEventBeyondTheStepOnItsOwn() {
    String board = board("incr", "desc");
    JsonArray events = new JsonArray()
        .add(new JsonObject().put("userId", "ada").put("value", 10))
        .add(new JsonObject().put("userId", "ada").put("value", 11))
        .add(new JsonObject().put("userId", "bob").put("value", 12))
        .add(new JsonObject().put("userId", "ada").put("value", -10));
    JsonObject result = service.submitBatch(board, new JsonObject().put("events", events)).await();
    assertThat(result.getInteger("applied")).isEqualTo(2);
    JsonArray rejections = result.getJsonArray("rejections");
    assertThat(rejections.size()).isEqualTo(2);
    assertThat(rejections.getJsonObject(0).getInteger("index")).isEqualTo(1);
    assertThat(rejections.getJsonObject(0).getString("error")).isEqualTo("step_too_large");
    assertThat(rejections.getJsonObject(0).getString("message")).contains("events[1].value", "maxStep 10");
    assertThat(rejections.getJsonObject(1).getInteger("index")).isEqualTo(2);
    assertThat(service.user(board, "ada", null, null).await().getLong("score")).isZero();
    assertRefused(service.user(board, "bob", null, null), 404, "user_not_found");
  }

  @Test
  void theLimitIsAPositiveIntegerThatMayChangeOrGo() {
    String board = board("incr", "desc");
    for (Object bad : new Object[] {0, -1, 1.5, "10"}) {
      assertRefused(service.putBoard(board, new JsonObject().put("maxStep", bad)), 400, "invalid_field", "maxStep");
    }
    assertThat(service.putBoard(board, new JsonObject().put("maxStep", 100)).await().getLong("maxStep")).isEqualTo(100);
    assertThat(submit(board, "ada", 100).getLong("score")).isEqualTo(100);
    // an update that does not name it keeps it; null removes it
    assertThat(service.putBoard(board, new JsonObject().put("retainPeriods", 4)).await().getLong("maxStep"))
        .isEqualTo(100);
    assertStepRefused(board, "ada", 101, "maxStep 100");
    JsonObject open = service.putBoard(board, new JsonObject().putNull("maxStep")).await();
    assertThat(open.containsKey("maxStep")).isFalse();
    assertThat(submit(board, "ada", 5000).getLong("score")).isEqualTo(5100);
  }
}
