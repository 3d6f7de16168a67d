package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.Keys;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.serviceproxy.ServiceException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Boards created before layouts existed: their stored definition has no {@code layout},
 * {@code minScore} or {@code sortKeys}; a node of this version reads them as packed boards and
 * answers and writes them exactly as before.
 */
@ExtendWith(VertxExtension.class)
class LayoutUpgradeTest {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private static final long DAY_START = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();

  private String deploy(Vertx vertx) {
    return vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), Clock.fixed(NOW, ZoneOffset.UTC), 4))).await();
  }

  @Test
  void aBoardStoredBeforeLayoutsKeepsItsEntriesAndTakesNewEvents(Vertx vertx) {
    String node = deploy(vertx);
    JsonService service = JsonService.proxy(vertx);
    String board = "up-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(board, new JsonObject().put("period", "daily").put("operator", "incr")
        .put("maxScore", 1000)).await();
    ReferenceBoard model = new ReferenceBoard(def, DAY_START);
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      users.add("u" + i);
      long at = DAY_START + (i % 7) * 1000L;
      service.submit(board, new JsonObject().put("userId", "u" + i).put("value", i % 9).put("at", at)).await();
      model.apply("u" + i, i % 9, at, null);
    }
    JsonObject page = service.entries(board, null, 0L, 100, null).await();

    // the definition as the previous version stored it
    Redis meta = Redis.createClient(vertx, TestShards.endpoints().get(0));
    JsonObject stored = new JsonObject(meta.send(Request.cmd(Command.HGET).arg(Keys.BOARDS).arg(board)).await().toString());
    stored.remove("layout");
    stored.remove("minScore");
    stored.remove("sortKeys");
    stored.getJsonObject("limits").remove("layout");
    stored.getJsonObject("limits").remove("layoutReason");
    stored.getJsonObject("limits").remove("smallestScore");
    meta.send(Request.cmd(Command.HSET).arg(Keys.BOARDS).arg(board).arg(stored.encode())).await();

    // a node of this version starts on it
    vertx.undeploy(node).await();
    deploy(vertx);
    JsonObject loaded = service.getBoard(board).await();
    assertThat(loaded.getJsonObject("limits").getString("layout")).isEqualTo("packed");
    assertThat(loaded.getLong("minScore")).isZero();
    assertThat(service.entries(board, null, 0L, 100, null).await()).isEqualTo(page);

    for (int i = 0; i < 60; i++) {
      String user = "u" + (i % 50);
      long at = DAY_START + (i % 5) * 1000L + 7;
      users.add(user);
      JsonObject r = service.submit(board, new JsonObject().put("userId", user).put("value", 3).put("at", at)).await();
      model.apply(user, 3, at, null);
      assertThat(r.getLong("rank")).as("rank of %s", user).isEqualTo(model.uniqueRank(user));
    }
    ServiceScenarioTest.verify(service, new java.util.Random(1), board, model, users);
    // an update records the layout it was read with
    service.putBoard(board, new JsonObject().put("retainPeriods", 5)).await();
    assertThat(new JsonObject(meta.send(Request.cmd(Command.HGET).arg(Keys.BOARDS).arg(board)).await().toString())
        .getString("layout")).isEqualTo("packed");
    meta.close();
  }

  @Test
  void anEventIdReusedWithOtherSortKeysIsAConflict(Vertx vertx) {
    deploy(vertx);
    JsonService service = JsonService.proxy(vertx);
    String board = "keys-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(board, new JsonObject().put("operator", "set").put("sortKeys",
        new JsonArray().add(new JsonObject().put("name", "deaths").put("max", 9)))).await();
    JsonObject first = new JsonObject().put("userId", "ada").put("value", 5).put("at", NOW.toEpochMilli())
        .put("eventId", "e1").put("keys", new JsonObject().put("deaths", 2));
    assertThat(service.submit(board, first).await().getBoolean("applied")).isTrue();
    assertThat(service.submit(board, first.copy()).await().getBoolean("applied")).isFalse();
    Throwable t = catchThrowable(() -> service.submit(board, first.copy()
        .put("keys", new JsonObject().put("deaths", 3))).await());
    assertThat(((ServiceException) t).failureCode()).isEqualTo(409);
    assertThat(((ServiceException) t).getDebugInfo().getString("error")).isEqualTo("event_id_conflict");
    assertThat(service.user(board, "ada", null, null).await().getJsonObject("keys").getLong("deaths")).isEqualTo(2);
  }
}
