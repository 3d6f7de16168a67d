package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A board's {@code rewards} and {@code rewardRankMode}: their checks, the first matching rule, storage. */
class RewardRulesTest {
  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30Z");

  private static Board define(JsonObject spec, Board existing) {
    return Board.define("prized", spec, existing, NOW, 4, "uid-1");
  }

  private static JsonObject ranks(long from, long to, String item) {
    return new JsonObject().put("ranks", new JsonArray().add(from).add(to)).put("reward", new JsonObject().put("item", item));
  }

  private static JsonObject top(Object percent, String item) {
    return new JsonObject().put("topPercent", percent).put("reward", new JsonObject().put("item", item));
  }

  @Test
  void aBoardWithoutRulesShowsNoneAndPaysNothing() {
    Board b = define(new JsonObject(), null);
    assertThat(b.rewards()).isEqualTo(RewardRules.NONE);
    assertThat(b.toJson().containsKey("rewards")).isFalse();
    assertThat(b.rewards().rewardFor(1, 1)).isNull();
  }

  @Test
  void theFirstMatchingRuleWins() {
    Board b = define(new JsonObject().put("period", "daily").put("rewards", new JsonArray()
        .add(ranks(1, 1, "gold")).add(ranks(1, 3, "silver")).add(top(10, "top10")).add(top(50, "top50"))), null);
    RewardRules r = b.rewards();
    assertThat(r.rewardFor(1, 100)).isEqualTo("{\"item\":\"gold\"}");
    assertThat(r.rewardFor(3, 100)).isEqualTo("{\"item\":\"silver\"}");
    assertThat(r.rewardFor(4, 100)).isEqualTo("{\"item\":\"top10\"}");
    assertThat(r.rewardFor(10, 100)).isEqualTo("{\"item\":\"top10\"}");
    assertThat(r.rewardFor(11, 100)).isEqualTo("{\"item\":\"top50\"}");
    assertThat(r.rewardFor(50, 100)).isEqualTo("{\"item\":\"top50\"}");
    assertThat(r.rewardFor(51, 100)).isNull();
    assertThat(r.mode()).isEqualTo(RankMode.UNIQUE);
  }

  @ParameterizedTest(name = "top {0}% of {2}: rank {1} is in: {3}")
  @CsvSource({"10, 1, 5, true", "10, 2, 5, false", "10, 10, 100, true", "10, 11, 100, false", "12.5, 2, 16, true",
      "12.5, 3, 16, false", "12.5, 3, 17, true", "100, 7, 7, true", "0.001, 1, 1, true", "0.001, 10, 1000000, true", "0.001, 11, 1000000, false"})
  void aTopPercentTakesTheRanksUpToTheCeilingOfItsShare(double percent, long rank, long total, boolean in) {
    Board b = define(new JsonObject().put("rewards", new JsonArray().add(top(percent, "x"))), null);
    assertThat(b.rewards().rewardFor(rank, total) != null).isEqualTo(in);
  }

  @Test
  void rulesAndModeSurviveStorageAndAnUpdateKeepsThemUnlessGiven() {
    Board b = define(new JsonObject().put("period", "weekly").put("rewardRankMode", "competition")
        .put("rewards", new JsonArray().add(ranks(2, 9, "a")).add(top(12.5, "b"))), null);
    Board stored = Board.fromStored(new JsonObject(b.toStored().encode()));
    assertThat(stored.rewards()).isEqualTo(b.rewards());
    assertThat(stored.toJson()).isEqualTo(b.toJson());
    assertThat(b.toJson().getJsonArray("rewards")).isEqualTo(new JsonArray().add(ranks(2, 9, "a")).add(top(12.5, "b")));
    assertThat(b.toJson().getString("rewardRankMode")).isEqualTo("competition");

    Board updated = define(new JsonObject().put("graceSeconds", 10), stored);
    assertThat(updated.rewards()).isEqualTo(b.rewards());
    Board cleared = define(new JsonObject().putNull("rewards"), stored);
    assertThat(cleared.rewards().rules()).isEmpty();
    assertThat(cleared.rewards().mode()).isEqualTo(RankMode.COMPETITION);
  }

  @Test
  void eachBrokenRuleIsA400NamingTheFieldAndTheRule() {
    String big = "x".repeat(RewardRules.MAX_REWARD_BYTES);
    JsonArray many = new JsonArray();
    for (int i = 0; i <= RewardRules.MAX_RULES; i++) {
      many.add(ranks(i + 1, i + 1, "r"));
    }
    refused(new JsonObject().put("rewards", "gold"), "rewards", "must be an array");
    refused(new JsonObject().put("rewards", many), "rewards", "at most 100 rules");
    refused(rules(new JsonObject().put("ranks", new JsonArray().add(1).add(2))), "rewards[0].reward", "JSON object");
    refused(rules(new JsonObject().put("ranks", new JsonArray().add(1)).put("reward", new JsonObject())),
        "rewards[0].ranks", "[from, to]");
    refused(rules(ranks(0, 2, "a")), "rewards[0].ranks[0]", "between 1 and");
    refused(rules(ranks(3, 2, "a")), "rewards[0].ranks", "from <= to");
    refused(rules(top(0, "a")), "rewards[0].topPercent", "greater than 0 and at most 100");
    refused(rules(top(100.5, "a")), "rewards[0].topPercent", "greater than 0 and at most 100");
    refused(rules(top("ten", "a")), "rewards[0].topPercent", "must be a number");
    refused(rules(top(5, "a").put("ranks", new JsonArray().add(1).add(1))), "rewards[0]", "exactly one of ranks and topPercent");
    refused(rules(new JsonObject().put("reward", new JsonObject())), "rewards[0]", "exactly one of ranks and topPercent");
    refused(rules(top(5, big)), "rewards[0].reward", "at most 1024 bytes");
    refused(rules(top(5, "a").put("prize", 1)), "rewards[0].prize", "not a known field");
    refused(new JsonObject().put("rewards", new JsonArray().add(ranks(1, 1, "a")).add("b")), "rewards[1]", "JSON object");
    refused(new JsonObject().put("rewardRankMode", "dense"), "rewardRankMode", "unique, competition");
  }

  private static JsonObject rules(JsonObject rule) {
    return new JsonObject().put("rewards", new JsonArray().add(rule));
  }

  private static void refused(JsonObject spec, String field, String rule) {
    assertThatThrownBy(() -> define(spec, null))
        .isInstanceOfSatisfying(LeaderboardException.class, e -> {
          assertThat(e.status()).isEqualTo(400);
          assertThat(e.getMessage()).contains(field).contains(rule);
        });
  }
}
