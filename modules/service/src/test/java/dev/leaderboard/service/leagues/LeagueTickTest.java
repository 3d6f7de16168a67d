package dev.leaderboard.service.leagues;

import dev.leaderboard.core.BusAddresses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.WebhookReceiver;
import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.service.webhooks.WebhookSettings;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueStanding;
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
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin tick closes a league's period once it is past its close: two nodes' ticks at once move
 * each member once, and a tick before the close, or after the moves were applied, moves nobody.
 * Each tier board's period event, on the event bus once and to the league's webhook, carries the
 * moves of the tier's members.
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
    WebhookReceiver receiver = WebhookReceiver.start(vertx);
    String lg = "lgt-" + UUID.randomUUID().toString().substring(0, 8);
    String secret = "league-webhook-secret-" + lg;
    try {
      node.putLeague(lg, new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver").add("gold"))
          .put("cohortSize", 3).put("promote", 1).put("relegate", 1).put("period", "daily")
          .put("webhook", new JsonObject().put("url", receiver.url("/hooks/" + lg)).put("secret", secret))).await();
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
            TestPostgres.uri()), clock, 3_600_000, 30_000, new WebhookSettings(50, 1_000, 5_000, 30_000)));
        vertx.deployVerticle(admin).await();
        admins.add(admin);
      }
      League l = League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
          Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
      LeagueStore members = new LeagueStore(stores.get(0).shards());
      Map<String, String> before = members.members(l).await();
      List<JsonObject> events = new CopyOnWriteArrayList<>();
      vertx.eventBus().<JsonObject>consumer(BusAddresses.PERIOD_ARCHIVED, m -> {
        if (m.body().getString("board").startsWith(League.TIER_PREFIX + lg + ".")) {
          events.add(m.body());
        }
      }).completion().await();

      // within the grace (the league's default, 10 s) nothing moves, and a score of the new period waits
      clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(5));
      Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
      assertThat(members.members(l).await()).as("within the grace nothing moves").isEqualTo(before);
      // within the grace, a score of the new period is held (pending, no tier yet), once however often it is sent
      JsonObject earlyScore = new JsonObject().put("userId", "b1").put("value", 1).put("eventId", "early-" + lg);
      for (int i = 0; i < 2; i++) {
        LeagueStanding early = node.submitLeague(lg, new ScoreEvent(earlyScore.copy())).await();
        assertThat(early.pending()).as("%s", early).isTrue();
        assertThat(early.tier()).isNull();
        assertThat(early.period()).isEqualTo("2025-04-16");
      }

      clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
      Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
      assertThat(members.applied(l, "2025-04-15").await()).isTrue();
      assertThat(members.members(l).await()).isEqualTo(Map.of("b1", "silver", "b2", "bronze", "b3", "bronze",
          "s1", "gold", "s2", "silver", "s3", "bronze", "g1", "gold", "g2", "silver", "idle", "gold"));
      Future.join(admins.get(0).tick(), admins.get(1).tick()).await();
      assertThat(members.members(l).await().get("s1")).as("a second tick moves nobody again").isEqualTo("gold");
      for (String[] seat : seats) {
        assertThat(node.leagueHistory(lg, seat[0], null).await().periods()).hasSize(1);
      }
      // the held score landed once, in the tier the close gave; a score now counts there at once
      LeagueStanding now = node.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "b1").put("value", 1)))
          .await();
      assertThat(now.tier()).isEqualTo("silver");
      assertThat(now.pending()).isNull();
      assertThat(now.scored().score()).as("the held score and this one").isEqualTo(2);
      assertThat(node.submitLeague(lg, new ScoreEvent(earlyScore.copy())).await().scored().applied())
          .as("the held score sent again is a duplicate").isFalse();
      node.closeLeague(lg, "2025-04-15").await();

      // one event per tier, published once by the node that applied the moves
      Await.until("the tiers' events", Duration.ofSeconds(10), () -> events.size() >= 3);
      Await.throughout("no second event", Duration.ofMillis(500), () -> events.size() == 3);
      Map<String, JsonObject> byTier = new TreeMap<>();
      events.forEach(e -> byTier.put(e.getJsonObject("league").getString("tier"), e));
      assertThat(byTier.keySet()).containsExactly("bronze", "gold", "silver");
      assertThat(byTier.get("gold").getJsonObject("league")).isEqualTo(new JsonObject().put("league", lg)
          .put("tier", "gold").put("total", 3).put("counts", new JsonObject().put("up", 0).put("stay", 2).put("down", 1)
              .put("dropped", 0))
          .put("moves", new JsonArray()
              .add(move("g1", "gold", "gold", 1L, 1L, 10L, "stay"))
              .add(move("g2", "gold", "silver", 1L, 2L, 9L, "down"))
              // never scored, so never seated in a cohort: last, and staying (dropInactive is off)
              .add(move("idle", "gold", "gold", null, null, null, "stay"))));
      // the lowest tier relegates nobody
      assertThat(byTier.get("bronze").getJsonObject("league").getJsonObject("counts"))
          .isEqualTo(new JsonObject().put("up", 1).put("stay", 2).put("down", 0).put("dropped", 0));

      // the league's webhook: each tier's event once, signed, with the same moves
      receiver.received(3).await();
      Await.throughout("no tier's webhook twice", Duration.ofMillis(500), () -> receiver.requests().size() == 3);
      Map<String, JsonObject> posted = new TreeMap<>();
      for (WebhookReceiver.Request r : receiver.requests()) {
        assertThat(WebhookReceiver.signedWith(r, secret)).isTrue();
        JsonObject body = r.body().toJsonObject();
        posted.put(body.getJsonObject("league").getString("tier"), body);
      }
      for (String tier : List.of("bronze", "silver", "gold")) {
        assertThat(posted.get(tier).getJsonObject("league")).isEqualTo(byTier.get(tier).getJsonObject("league"));
      }
    } finally {
      receiver.close();
      node.deleteLeague(lg).await();
    }
  }

  private static JsonObject move(String user, String from, String to, Long cohort, Long cohortRank, Long score,
      String movement) {
    return new JsonObject().put("userId", user).put("from", from).put("to", to).put("cohort", cohort)
        .put("cohortRank", cohortRank).put("score", score).put("movement", movement);
  }
}
