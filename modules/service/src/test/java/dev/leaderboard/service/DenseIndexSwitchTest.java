package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A board created with {@code denseRanks: false} keeps no distinct-score index and says so when asked for dense ranks. */
@ExtendWith({VertxExtension.class, TestSeed.class})
class DenseIndexSwitchTest {

  @Test
  void withoutTheIndexDenseRanksAreRefusedLiveAndKeptInTheArchive(Vertx vertx, Random rnd) {
    TestClock clock = new TestClock(Instant.parse("2025-06-10T10:00:00Z"));
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    JsonService service = JsonService.proxy(vertx);
    String name = "nd-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(name, new JsonObject().put("period", "daily").put("operator", "set")
        .put("denseRanks", false)).await();
    assertThat(def.getBoolean("denseRanks")).isFalse();
    ReferenceBoard model = new ReferenceBoard(def, Instant.parse("2025-06-10T00:00:00Z").toEpochMilli());
    JsonArray events = new JsonArray();
    for (int i = 0; i < 500; i++) {
      long value = rnd.nextInt(40);
      long at = clock.millis() - rnd.nextInt(100_000);
      events.add(new JsonObject().put("userId", "n" + i).put("value", value).put("at", at));
      model.apply("n" + i, value, at, null);
    }
    service.submitBatch(name, new JsonObject().put("events", events)).await();

    List<ReferenceBoard.Entry> sorted = model.sorted();
    JsonArray page = service.entries(name, null, 100L, 50, "competition").await().getJsonArray("entries");
    for (int k = 0; k < page.size(); k++) {
      assertThat(page.getJsonObject(k).getString("userId")).isEqualTo(sorted.get(100 + k).userId());
      assertThat(page.getJsonObject(k).getLong("rank")).isEqualTo(model.competitionRank(sorted.get(100 + k).score()));
    }
    Throwable refused = catchThrowable(() -> service.entries(name, null, 0L, 10, "dense").await());
    assertThat(((ServiceException) refused).failureCode()).isEqualTo(400);
    assertThat(refused.getMessage()).contains("rankMode").contains("denseRanks");

    Shards shards = Shards.connect(vertx, TestShards.endpoints(), 1);
    try {
      Board b = new BoardStore(shards).get(name).await();
      for (int p = 0; p < b.partitions(); p++) {
        Route r = Keys.keySet(shards, b, "2025-06-10", p);
        assertThat(shards.send(r, Request.cmd(Command.EXISTS).arg(Keys.distinct(r)).arg(Keys.scoreCounts(r)))
            .await().toLong()).isZero();
      }
    } finally {
      shards.close();
    }
    Throwable fixed = catchThrowable(() -> service.putBoard(name, new JsonObject().put("denseRanks", true)).await());
    assertThat(((ServiceException) fixed).failureCode()).isEqualTo(409);

    // the archive computes dense ranks from the final ranking, index or not
    service.closePeriod(name, "current").await();
    JsonArray dense = service.entries(name, "2025-06-10", 0L, 500, "dense").await().getJsonArray("entries");
    for (int k = 0; k < dense.size(); k++) {
      assertThat(dense.getJsonObject(k).getLong("rank")).isEqualTo(model.denseRank(sorted.get(k).score()));
    }
  }
}
