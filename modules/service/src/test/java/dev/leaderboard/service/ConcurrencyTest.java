package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Many submits for one user in flight at once, spread over several service instances. */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ConcurrencyTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private JsonService service;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(() -> new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), Clock.fixed(NOW, ZoneOffset.UTC), 8)),
        new io.vertx.core.DeploymentOptions().setInstances(4)).await();
    service = JsonService.proxy(vertx);
  }

  private String board(String operator) {
    String name = "conc-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("operator", operator).put("period", "daily")).await();
    return name;
  }

  @Test
  void parallelIncrementsLoseNothing() {
    String board = board("incr");
    int n = 400;
    List<Future<JsonObject>> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      JsonObject e = new JsonObject().put("userId", "hot").put("value", 1);
      if (i % 2 == 0) {
        e.put("eventId", "inc-" + i);
      }
      sent.add(service.submit(board, e));
    }
    // the same event IDs again, while the first ones may still be in flight: none may count twice
    for (int i = 0; i < n; i += 2) {
      sent.add(service.submit(board, new JsonObject().put("userId", "hot").put("value", 1).put("eventId", "inc-" + i)));
    }
    Future.all(sent).await();
    long applied = sent.stream().filter(f -> f.result().getBoolean("applied")).count();
    assertThat(applied).isEqualTo(n);
    assertThat(service.user(board, "hot", null, null).await().getLong("score")).isEqualTo(n);
  }

  @Test
  void parallelBestKeepsTheBestValueWithItsEarliestTime(Random rnd) {
    String board = board("best");
    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    long best = -1;
    long earliest = Long.MAX_VALUE;
    List<Future<JsonObject>> sent = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      long value = rnd.nextInt(25);
      long at = dayStart + rnd.nextInt(40_000_000);
      if (value > best) {
        best = value;
        earliest = at;
      } else if (value == best) {
        earliest = Math.min(earliest, at);
      }
      sent.add(service.submit(board, new JsonObject().put("userId", "racer").put("value", value).put("at", at)));
    }
    Future.all(sent).await();
    JsonObject entry = service.user(board, "racer", null, null).await();
    assertThat(entry.getLong("score")).isEqualTo(best);
    assertThat(entry.getLong("at")).isEqualTo(earliest);
  }
}
