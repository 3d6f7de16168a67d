package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.webhooks.WebhookSettings;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A league's period closed while one of the shards holding its tier boards is down: the close fails
 * and the admin tick's tries fail too, with no move recorded and no member moved; once the shard
 * is back, the next tick closes the period and moves every member once, as a model of the ladder
 * says.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueShardDownTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final String PERIOD = "2025-04-15";
  private static final int COHORT = 4;
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  @Test
  void aCloseWithAShardDownMovesNobodyAndFinishesOnceTheShardIsBack(Vertx vertx, Random rnd, @TempDir Path dir)
      throws Exception {
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 2)) {
      LeaderboardServiceImpl node = LeagueNodes.start(vertx, clock, stores, shards.endpoints(), 2_000);
      String lg = "lsd-" + Integer.toHexString(rnd.nextInt());
      node.putLeague(lg, new JsonObject().put("tiers", new JsonArray().add("low").add("high")).put("cohortSize", COHORT)
          .put("promote", 1).put("relegate", 1).put("period", "daily")).await();
      // 8 members per tier, each scoring once with a distinct value: cohorts fill in scoring order
      List<Integer> values = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        values.add(i * 10);
      }
      Collections.shuffle(values, rnd);
      Map<String, String> expected = new HashMap<>();
      for (String tier : List.of("low", "high")) {
        List<String> order = new ArrayList<>();
        Map<String, Integer> scores = new HashMap<>();
        for (int i = 0; i < 8; i++) {
          String user = tier + "-" + i;
          node.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", user).put("tier", tier)), true).await();
          int value = values.remove(values.size() - 1);
          node.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user).put("value", value)
              .put("at", DAY.toEpochMilli() + 1000 + i))).await();
          order.add(user);
          scores.put(user, value);
        }
        for (int c = 0; c < order.size(); c += COHORT) {
          List<String> cohort = new ArrayList<>(order.subList(c, c + COHORT));
          cohort.sort(Comparator.comparing(scores::get).reversed());
          cohort.forEach(u -> expected.put(u, tier));
          if (tier.equals("low")) {
            expected.put(cohort.get(0), "high");
          } else {
            expected.put(cohort.get(COHORT - 1), "low");
          }
        }
      }
      AdminVerticle admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(shards.endpoints(),
          TestPostgres.uri()), clock, 3_600_000, 2_000, WebhookSettings.DEFAULT));
      vertx.deployVerticle(admin).await();
      League l = League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
          Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
      LeagueStore members = new LeagueStore(stores.get(0).shards());
      Map<String, String> before = members.members(l).await();

      clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
      // the league's members live on shard 0 (its meta route); the tier boards span both shards
      shards.kill(1);
      Throwable refused = catchThrowable(() -> node.closeLeague(lg, PERIOD).await());
      assertThat(refused).isInstanceOf(LeaderboardException.class);
      assertThat(((LeaderboardException) refused).status()).as("%s", refused).isEqualTo(503);
      admin.tick().await();
      assertThat(stores.get(0).archive().leagueMoves().period(l.uid(), PERIOD).await())
          .as("no move is recorded on partial data").isEmpty();
      assertThat(members.members(l).await()).as("nobody moves while a shard is down").isEqualTo(before);
      assertThat(members.applied(l, PERIOD).await()).isFalse();

      shards.restart(1);
      admin.tick().await();
      assertThat(members.applied(l, PERIOD).await()).isTrue();
      assertThat(members.members(l).await()).isEqualTo(expected);
      assertThat(stores.get(0).archive().leagueMoves().period(l.uid(), PERIOD).await()).hasSize(16);
      for (String user : expected.keySet()) {
        assertThat(node.leagueHistory(lg, user, null).await().periods()).hasSize(1);
      }
      node.deleteLeague(lg).await();
    }
  }
}
