package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueHistory;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
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
 * Rewards per tier: a league's {@code rewards} become its tier boards' rules, paid on the cohort
 * rank at the close, checked against a reference computation for every member (the rewards listed,
 * the member's history); a claim succeeds once; an update of the rewards reaches the tier boards,
 * and a refused one changes nothing.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueRewardsTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final String PERIOD = "2025-04-15";
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl a;
  private LeaderboardServiceImpl b;

  @BeforeEach
  void start(Vertx vertx) {
    a = LeagueNodes.start(vertx, clock, stores);
    b = LeagueNodes.start(vertx, clock, stores);
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  private static JsonObject rule(int from, int to, JsonObject reward) {
    return new JsonObject().put("ranks", new JsonArray().add(from).add(to)).put("reward", reward);
  }

  private static JsonObject percent(double p, JsonObject reward) {
    return new JsonObject().put("topPercent", p).put("reward", reward);
  }

  /** A member in the model: tier, cohort, score, when reached. */
  private static final class Member {
    String tier;
    long cohort;
    long score;
    long reached;
  }

  @Test
  void eachTiersRulesPayTheCohortRanksOnceAsTheReferenceSays(Random rnd) {
    int size = 3 + rnd.nextInt(3);
    String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject rewards = new JsonObject()
        .put("bronze", new JsonArray().add(rule(1, 1, new JsonObject().put("coins", 10)))
            .add(percent(50, new JsonObject().put("coins", 5))))
        .put("gold", new JsonArray().add(rule(1, 2, new JsonObject().put("gems", 1 + rnd.nextInt(3)))));
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", size)
        .put("promote", 1).put("relegate", 1).put("period", "daily").put("rewards", rewards)).await();
    assertThat(b.getLeague(lg).await().definition().getJsonObject("rewards").fieldNames()).containsExactlyInAnyOrder("bronze",
        "gold");
    assertThat(tierRules(lg, "bronze")).isEqualTo(2);
    assertThat(tierRules(lg, "silver")).isZero();

    Map<String, Member> model = new LinkedHashMap<>();
    for (int i = 0; i < 15 + rnd.nextInt(15); i++) {
      Member m = new Member();
      m.tier = TIERS.get(rnd.nextInt(TIERS.size()));
      model.put("r" + i, m);
      a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "r" + i).put("tier", m.tier)), true).await();
    }
    List<String> users = new ArrayList<>(model.keySet());
    long at = DAY.toEpochMilli() + 1000;
    for (int round = 0; round < 3; round++) {
      JsonArray events = new JsonArray();
      for (int i = 0; i < 20; i++) {
        String user = users.get(rnd.nextInt(users.size()));
        long value = 1 + rnd.nextInt(3);
        at += 1 + rnd.nextInt(5);
        events.add(new JsonObject().put("userId", user).put("value", value).put("at", at));
        model.get(user).score += value;
        model.get(user).reached = at;
      }
      LeagueBatchResult got = (rnd.nextBoolean() ? a : b).submitLeagueBatch(lg, new ScoreBatch(new JsonObject()
          .put("events", events))).await();
      assertThat(got.batch().applied()).as("%s", got).isEqualTo(20);
      got.events().forEach(e -> model.get(e.userId()).cohort = e.cohort());
    }
    model.values().removeIf(m -> m.cohort == 0);

    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    (rnd.nextBoolean() ? a : b).closeLeague(lg, PERIOD).await();
    Map<String, JsonObject> expected = reference(model, rewards);
    for (Map.Entry<String, Member> x : model.entrySet()) {
      List<RewardList.Item> listed = (rnd.nextBoolean() ? a : b).rewards(x.getKey(), "all", null).await().rewards();
      JsonObject want = expected.get(x.getKey());
      if (want == null) {
        assertThat(listed).as("%s gets nothing", x.getKey()).isEmpty();
      } else {
        assertThat(listed).as("%s", x.getKey()).hasSize(1);
        RewardList.Item r = listed.get(0);
        assertThat(new JsonObject().put("board", r.board()).put("period", r.period()).put("rank", r.rank())
            .put("cohort", r.cohort()).put("reward", r.reward()))
            .as("%s", x.getKey()).isEqualTo(want.copy().put("board", "~" + lg + "." + x.getValue().tier)
                .put("period", PERIOD).put("cohort", x.getValue().cohort));
      }
      LeagueHistory.Step step = b.leagueHistory(lg, x.getKey(), null).await().periods().get(0);
      assertThat(step.reward()).as("history of %s", x.getKey())
          .isEqualTo(want == null ? null : want.getJsonObject("reward"));
      assertThat(step.cohortRank()).isEqualTo(rankOf(model, x.getKey()));
    }

    String winner = expected.keySet().iterator().next();
    long id = a.rewards(winner, "unclaimed", null).await().rewards().get(0).id();
    assertThat(b.claimReward(winner, id).await().claimedAt()).isNotNull();
    LeaderboardException again = (LeaderboardException) catchThrowable(() -> a.claimReward(winner, id).await());
    assertThat(again.code()).isEqualTo("already_claimed");
  }

  @Test
  void anUpdateOfTheRewardsReachesTheTierBoardsAndARefusedOneChangesNothing() {
    String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", 4)
        .put("promote", 1).put("relegate", 1).put("period", "daily")).await();
    assertThat(a.getLeague(lg).await().definition().containsKey("rewards")).isFalse();
    JsonObject silver = new JsonObject().put("silver", new JsonArray().add(rule(1, 3, new JsonObject().put("x", 1))));
    b.putLeague(lg, new JsonObject().put("rewards", silver)).await();
    assertThat(tierRules(lg, "silver")).isEqualTo(1);
    assertThat(tierRules(lg, "bronze")).isZero();

    LeaderboardException unknown = (LeaderboardException) catchThrowable(() -> a.putLeague(lg, new JsonObject()
        .put("rewards", new JsonObject().put("platinum", new JsonArray()))).await());
    assertThat(unknown.code()).isEqualTo("invalid_field");
    assertThat(unknown.getMessage()).startsWith("rewards.platinum ");
    LeaderboardException broken = (LeaderboardException) catchThrowable(() -> a.putLeague(lg, new JsonObject()
        .put("rewards", new JsonObject().put("gold", new JsonArray().add(rule(3, 2, new JsonObject()))))).await());
    assertThat(broken.getMessage()).startsWith("rewards.gold[0].ranks ");
    assertThat(a.getLeague(lg).await().definition().getJsonObject("rewards")).as("nothing changed")
        .isEqualTo(new JsonObject().put("silver", new JsonArray().add(rule(1, 3, new JsonObject().put("x", 1)))));
    assertThat(tierRules(lg, "gold")).isZero();

    b.putLeague(lg, new JsonObject().putNull("rewards")).await();
    assertThat(a.getLeague(lg).await().definition().containsKey("rewards")).isFalse();
    assertThat(tierRules(lg, "silver")).as("rules removed from the tier board").isZero();
  }

  private int tierRules(String lg, String tier) {
    return stores.get(1).boards().fresh("~" + lg + "." + tier).await().rewards().rules().size();
  }

  /** Per member with a reward: {rank, reward}, from each cohort ranked by score, then who reached it first. */
  private static Map<String, JsonObject> reference(Map<String, Member> model, JsonObject rewards) {
    Map<String, JsonObject> out = new LinkedHashMap<>();
    Map<String, List<String>> cohorts = new HashMap<>();
    model.forEach((u, m) -> cohorts.computeIfAbsent(m.tier + "/" + m.cohort, k -> new ArrayList<>()).add(u));
    for (List<String> members : cohorts.values()) {
      members.sort(Comparator.<String>comparingLong(u -> -model.get(u).score).thenComparingLong(u -> model.get(u).reached));
      JsonArray rules = rewards.getJsonArray(model.get(members.get(0)).tier);
      for (int i = 0; rules != null && i < members.size(); i++) {
        long rank = i + 1;
        for (int k = 0; k < rules.size(); k++) {
          JsonObject r = rules.getJsonObject(k);
          boolean match = r.containsKey("ranks")
              ? rank >= r.getJsonArray("ranks").getLong(0) && rank <= r.getJsonArray("ranks").getLong(1)
              : 100.0 * (rank - 1) < r.getDouble("topPercent") * members.size();
          if (match) {
            out.put(members.get(i), new JsonObject().put("rank", rank).put("reward", r.getJsonObject("reward")));
            break;
          }
        }
      }
    }
    return out;
  }

  private static long rankOf(Map<String, Member> model, String user) {
    Member me = model.get(user);
    List<String> cohort = new ArrayList<>(model.keySet().stream().filter(u -> me.tier.equals(model.get(u).tier)
        && me.cohort == model.get(u).cohort).toList());
    cohort.sort(Comparator.<String>comparingLong(u -> -model.get(u).score).thenComparingLong(u -> model.get(u).reached));
    return cohort.indexOf(user) + 1;
  }
}
