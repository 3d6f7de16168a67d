package dev.leaderboard.service;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Rewards as a board's rules define them, computed the plain way: random rules, and the reward each
 * user of a final ranking must get (by board rank, or by cohort rank when cohorts are given).
 */
public final class RewardReference {
  /** A rule by ranks {@code from}..{@code to}, or by the top {@code halfPercents / 2} percent when that is not 0. */
  public record Rule(long from, long to, int halfPercents, JsonObject reward) {
    boolean matches(long rank, long total) {
      return halfPercents == 0 ? rank >= from && rank <= to : 200 * (rank - 1) < (long) halfPercents * total;
    }

    JsonObject toJson() {
      JsonObject out = halfPercents == 0 ? new JsonObject().put("ranks", new JsonArray().add(from).add(to))
          : new JsonObject().put("topPercent", halfPercents % 2 == 0 ? (Object) (halfPercents / 2) : halfPercents / 2.0);
      return out.put("reward", reward);
    }
  }

  /** A user's expected reward. */
  public record Expected(String userId, Long cohort, long rank, long score, String reward) {
  }

  /** A user's final score, in board order. */
  public record Final(String userId, long score) {
  }

  private RewardReference() {
  }

  public static List<Rule> randomRules(Random rnd, int maxRank) {
    List<Rule> rules = new ArrayList<>();
    int n = 1 + rnd.nextInt(6);
    for (int i = 0; i < n; i++) {
      JsonObject reward = new JsonObject().put("rule", i).put("coins", rnd.nextInt(1000));
      if (rnd.nextBoolean()) {
        long from = 1 + rnd.nextInt(Math.max(1, maxRank));
        rules.add(new Rule(from, from + rnd.nextInt(Math.max(1, maxRank / 3)), 0, reward));
      } else {
        rules.add(new Rule(0, 0, 1 + rnd.nextInt(200), reward));
      }
    }
    return rules;
  }

  public static JsonArray json(List<Rule> rules) {
    JsonArray out = new JsonArray();
    rules.forEach(r -> out.add(r.toJson()));
    return out;
  }

  /** The first rule's reward for {@code rank} of {@code total}, or null. */
  public static String rewardFor(List<Rule> rules, long rank, long total) {
    for (Rule r : rules) {
      if (r.matches(rank, total)) {
        return r.reward().encode();
      }
    }
    return null;
  }

  /**
   * What each user of {@code ranking} (board order, better first; equal scores share a competition
   * rank) gets: ranks within their cohort when {@code cohorts} is not empty (users without one get
   * nothing), else within the whole ranking. Sorted by user ID.
   */
  public static List<Expected> expected(List<Rule> rules, boolean competition, List<Final> ranking,
      Map<String, Long> cohorts) {
    Map<Long, List<Final>> groups = new LinkedHashMap<>();
    for (Final f : ranking) {
      Long cohort = cohorts.isEmpty() ? Long.valueOf(-1) : cohorts.get(f.userId());
      if (cohort != null) {
        groups.computeIfAbsent(cohort, c -> new ArrayList<>()).add(f);
      }
    }
    List<Expected> out = new ArrayList<>();
    groups.forEach((cohort, members) -> {
      for (int i = 0; i < members.size(); i++) {
        Final f = members.get(i);
        long rank = i + 1;
        if (competition) {
          // in board order, every member before f with another score is strictly better
          rank = 1 + members.subList(0, i).stream().filter(m -> m.score() != f.score()).count();
        }
        String reward = rewardFor(rules, rank, members.size());
        if (reward != null) {
          out.add(new Expected(f.userId(), cohort == -1 ? null : cohort, rank, f.score(), reward));
        }
      }
    });
    out.sort(Comparator.comparing(Expected::userId));
    return out;
  }
}
