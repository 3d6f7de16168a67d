package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.League;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.impl.LeaderboardServiceImpl;
import dev.leaderboard.service.periods.AdminVerticle;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin tick closes a league's period once it is past its close: two nodes' ticks at once move
 * each member once, and a tick before the close, or after the moves were applied, moves nobody.
 */
@ExtendWith(VertxExtension.class)
class LeagueTickTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  @Test
  void ticksOnTwoNodesCloseTheDuePeriodAndMoveEachMemberOnce(Vertx vertx) {
    LeaderboardServiceImpl node = LeagueNodes.start(vertx, clock, stores);
    String lg = "lgt-" + UUID.randomUUID().toString().substring(0, 8);
    node.putLeague(lg, new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver").add("gold"))
        .put("cohortSize", 3).put("promote", 1).put("relegate", 1).put("period", "daily")).await();
    String[][] seats = {{"b1", "bronze"}, {"b2", "bronze"}, {"b3", "bronze"}, {"s1", "silver"}, {"s2", "silver"},
        {"s3", "silver"}, {"g1", "gold"}, {"g2", "gold"}, {"idle", "gold"}};
    long at = DAY.toEpochMilli() + 1000;
    for (int i = 0; i < seats.length; i++) {
      node.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", seats[i][0]).put("tier", seats[i][1])), true)
          .await();
      if (!seats[i][0].equals("idle")) {
        node.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", seats[i][0]).put("value", 10 - i % 3)
            .put("at", at + i))).await();
      }
    }
    List<AdminVerticle> admins = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      AdminVerticle admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(),
          TestPostgres.uri()), clock, 3_600_000));
      vertx.deployVerticle(admin).await();
      admins.add(admin);
    }
    League l = League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
        Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
    LeagueStore members = new LeagueStore(stores.get(0).shards());
    Map<String, String> before = members.members(l).await();
    List<JsonObject> events = new CopyOnWriteArrayList<>();
    vertx.eventBus().<JsonObject>consumer(LeagueCloser.CLOSED_ADDRESS, m -> events.add(m.body())).completion().await();

    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(60));
    Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
    assertThat(members.members(l).await()).as("within the grace nothing moves").isEqualTo(before);

    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
    assertThat(members.applied(l, "2025-04-15").await()).isTrue();
    assertThat(members.members(l).await()).isEqualTo(Map.of("b1", "silver", "b2", "bronze", "b3", "bronze",
        "s1", "gold", "s2", "silver", "s3", "bronze", "g1", "gold", "g2", "silver", "idle", "gold"));
    Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
    assertThat(members.members(l).await().get("s1")).as("a second tick moves nobody again").isEqualTo("gold");
    for (String[] seat : seats) {
      assertThat(node.leagueHistory(lg, seat[0], null).await().toJson().getJsonArray("periods")).hasSize(1);
    }
    // published by the node whose apply marked the period, once, whichever ticks ran it
    node.closeLeague(lg, "2025-04-15").await();
    Await.until("the league's event", Duration.ofSeconds(10), () -> !events.isEmpty());
    Await.throughout("no second event", Duration.ofMillis(500), () -> events.size() == 1);
    JsonObject event = events.get(0);
    assertThat(event.getString("league")).isEqualTo(lg);
    assertThat(event.getInteger("total")).isEqualTo(9);
    assertThat(event.getJsonObject("counts")).isEqualTo(new JsonObject().put("up", 2).put("down", 2).put("stay", 5)
        .put("dropped", 0));
    assertThat(event.getJsonArray("moves")).hasSize(9);
  }
}
