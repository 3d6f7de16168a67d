package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueDefinition;
import dev.leaderboard.service.result.LeagueMember;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Leagues on two nodes over one Redis and PostgreSQL: definitions and their tier boards, members,
 * and random scores checked against a model of tiers, cohorts, cohort ranks and zones.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueScenarioTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private final TestClock clock = new TestClock(DAY.plusSeconds(20 * 3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl a;
  private LeaderboardServiceImpl b;
  private Vertx vertx;

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    a = LeagueNodes.start(vertx, clock, stores);
    b = LeagueNodes.start(vertx, clock, stores);
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  private static JsonObject spec() {
    return new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver").add("gold")).put("cohortSize", 4)
        .put("promote", 1).put("relegate", "25%").put("period", "daily");
  }

  private Board tierBoard(String league, String tier) {
    return stores.get(1).boards().fresh("~" + league + "." + tier).await();
  }

  private static String name() {
    return "lg-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static LeaderboardException failure(Runnable r) {
    Throwable t = catchThrowable(r::run);
    assertThat(t).isInstanceOf(LeaderboardException.class);
    return (LeaderboardException) t;
  }

  @Test
  void aLeagueIsDefinedOverHiddenTierBoardsAndDeletedWithThem() {
    String lg = name();
    LeagueDefinition created = a.putLeague(lg, spec()).await();
    assertThat(created.created()).isTrue();
    assertThat(created.definition().getJsonArray("tiers")).containsExactly("bronze", "silver", "gold");
    assertThat(b.getLeague(lg).await().definition().getString("relegate")).isEqualTo("25%");
    assertThat(tierBoard(lg, "gold").competition().cohortSize()).isEqualTo(4);
    assertThat(failure(() -> a.board("~" + lg + ".gold").await()).getMessage()).as("no caller names a tier board")
        .startsWith("board must be 1-64 characters");
    assertThat(a.listBoards().await().boards().stream().map(o -> o.getString("board"))).noneMatch(n -> n.startsWith("~"));
    assertThat(b.listLeagues().await().leagues().stream().map(o -> o.getString("league"))).contains(lg);

    LeagueDefinition updated = b.putLeague(lg, new JsonObject().put("promote", "50%").put("dropInactive", true)).await();
    assertThat(updated.created()).isFalse();
    assertThat(a.getLeague(lg).await().definition().getValue("promote")).isEqualTo("50%");
    assertThat(failure(() -> a.putLeague(lg, new JsonObject().put("cohortSize", 5)).await()).failureCode()).isEqualTo(409);

    String bad = name();
    LeaderboardException refused = failure(() -> a.putLeague(bad, spec().put("tiers", new JsonArray().add("solo"))).await());
    assertThat(refused.failureCode()).isEqualTo(400);
    assertThat(refused.getMessage()).startsWith("tiers must hold 2 to 20");
    assertThat(failure(() -> a.getLeague(bad).await()).code()).isEqualTo("league_not_found");
    assertThat(tierBoard(bad, "solo")).isNull();

    a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "u1")), false).await();
    assertThat(b.deleteLeague(lg).await().deleted()).isTrue();
    assertThat(failure(() -> a.getLeague(lg).await()).code()).isEqualTo("league_not_found");
    assertThat(tierBoard(lg, "bronze")).isNull();
    a.putLeague(lg, spec()).await();
    assertThat(failure(() -> a.leagueUser(lg, "u1", null, null).await()).code()).as("a new league has none of the old members")
        .isEqualTo("not_a_member");
  }

  @Test
  void membersJoinTheLowestTierAndOnlyAnAdminPlacesThem() {
    String lg = name();
    a.putLeague(lg, spec().put("autoJoin", false)).await();
    LeagueMember m = a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "ann")), false).await();
    assertThat(m.created()).isTrue();
    assertThat(m.body()).isEqualTo(new LeagueMember("ann", "bronze", null));
    assertThat(b.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "ann")), false).await().created()).isFalse();
    LeaderboardException forbidden = failure(() -> a.joinLeague(lg,
        new LeagueJoin(new JsonObject().put("userId", "bob").put("tier", "gold")), false).await());
    assertThat(forbidden.failureCode()).isEqualTo(403);
    assertThat(failure(() -> a.leagueUser(lg, "bob", null, null).await()).code()).isEqualTo("not_a_member");
    LeaderboardException unknown = failure(() -> a.joinLeague(lg,
        new LeagueJoin(new JsonObject().put("userId", "bob").put("tier", "platinum")), true).await());
    assertThat(unknown.getMessage()).startsWith("tier must be one of the league's tiers [bronze, silver, gold]");
    assertThat(a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "ann").put("tier", "gold")), true).await()
        .body().tier()).isEqualTo("gold");
    assertThat(failure(() -> a.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "carl").put("value", 5)))
        .await()).code()).as("no autoJoin").isEqualTo("not_a_member");
    LeagueStanding s = b.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "ann").put("value", 5))).await();
    assertThat(s.tier()).isEqualTo("gold");
    assertThat(s.rank()).isEqualTo(1);
    assertThat(s.zone()).as("nobody is promoted from the top tier").isEqualTo("stay");
  }

  /** One member in the model: tier, the cohort they were seated in, score and when they reached it. */
  private static final class Member {
    String tier;
    Long cohort;
    long score;
    long reached;
  }

  @Test
  void scoresSeatMembersInCohortsOfTheirTierRankedAndZonedAsTheModelSays(Random rnd) {
    String lg = name();
    a.putLeague(lg, spec()).await();
    List<String> tiers = List.of("bronze", "silver", "gold");
    Map<String, Member> model = new LinkedHashMap<>();
    Map<String, Long> seated = new HashMap<>();
    for (int i = 0; i < 40; i++) {
      String user = "p" + i;
      Member m = new Member();
      model.put(user, m);
      if (rnd.nextBoolean()) {
        m.tier = tiers.get(rnd.nextInt(3));
        (rnd.nextBoolean() ? a : b).joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", user).put("tier", m.tier)),
            true).await();
      }
    }
    List<String> users = new ArrayList<>(model.keySet());
    long at = DAY.toEpochMilli() + 1000;
    for (int e = 0; e < 70; e++) {
      String user = users.get(rnd.nextInt(users.size()));
      Member m = model.get(user);
      long value = 1 + rnd.nextInt(3);
      at += 1 + rnd.nextInt(5);
      LeagueStanding s = (rnd.nextBoolean() ? a : b).submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user)
          .put("value", value).put("at", at))).await();
      if (m.tier == null) {
        m.tier = "bronze";
      }
      if (m.cohort == null) {
        long count = seated.merge(m.tier, 1L, Long::sum);
        m.cohort = (count - 1) / 4 + 1;
      }
      m.score += value;
      m.reached = at;
      assertThat(s.tier()).isEqualTo(m.tier);
      assertThat(s.cohort()).isEqualTo(m.cohort);
      assertThat(s.scored().score()).isEqualTo(m.score);
      check(user, s, model);
    }
    for (String user : users) {
      Member m = model.get(user);
      if (m.tier == null) {
        assertThat(failure(() -> a.leagueUser(lg, user, "2025-04-15", null).await()).code()).isEqualTo("not_a_member");
        continue;
      }
      LeagueStanding s = (rnd.nextBoolean() ? a : b).leagueUser(lg, user, null, null).await();
      assertThat(s.tier()).isEqualTo(m.tier);
      assertThat(s.cohort()).isEqualTo(m.cohort);
      if (m.cohort != null) {
        check(user, s, model);
        List<String> cohort = cohortOf(model, m);
        assertThat(s.entries().stream().map(CohortBoard.Member::userId).toList()).isEqualTo(cohort);
      } else {
        assertThat(s.entries()).isEmpty();
        assertThat(s.zone()).isNull();
      }
    }
  }

  private static List<String> cohortOf(Map<String, Member> model, Member m) {
    return model.entrySet().stream().filter(e -> m.tier.equals(e.getValue().tier) && m.cohort.equals(e.getValue().cohort))
        .sorted(Comparator.<Map.Entry<String, Member>>comparingLong(e -> -e.getValue().score)
            .thenComparingLong(e -> e.getValue().reached))
        .map(Map.Entry::getKey).toList();
  }

  private static void check(String user, LeagueStanding standing, Map<String, Member> model) {
    Member m = model.get(user);
    List<String> cohort = cohortOf(model, m);
    int rank = cohort.indexOf(user) + 1;
    int n = cohort.size();
    int level = List.of("bronze", "silver", "gold").indexOf(m.tier);
    int up = level == 2 ? 0 : Math.min(1, n);
    int down = level == 0 ? 0 : Math.min(n * 25 / 100, n - up);
    String zone = rank <= up ? "promotion" : rank > n - down ? "relegation" : "stay";
    assertThat(standing.rank()).as("%s in %s", user, cohort).isEqualTo(rank);
    assertThat(standing.zone()).as("%s in %s", user, cohort).isEqualTo(zone);
  }
}
