package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Move;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Who moves where at a league's close, by hand and over many random periods against a model of the ladder. */
@ExtendWith(TestSeed.class)
class LeagueMovesTest {
  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30Z");

  private static League league(Object promote, Object relegate, boolean dropInactive, int cohortSize, String... tiers) {
    JsonArray t = new JsonArray();
    for (String tier : tiers) {
      t.add(tier);
    }
    return League.define("ladder", new JsonObject().put("tiers", t).put("cohortSize", cohortSize).put("promote", promote)
        .put("relegate", relegate).put("period", "daily").put("dropInactive", dropInactive), null, NOW, "u");
  }

  private static Map<String, Move> byUser(List<Move> moves) {
    return moves.stream().collect(Collectors.toMap(Move::userId, m -> m));
  }

  @Test
  void theTopMoveUpTheBottomDownAndTheEndsOfTheLadderHold() {
    League l = league(1, 1, false, 4, "bronze", "silver", "gold");
    Map<String, String> members = new LinkedHashMap<>();
    for (String u : List.of("b1", "b2", "b3", "s1", "s2", "s3", "g1", "g2", "idle")) {
      members.put(u, u.startsWith("b") || u.equals("idle") ? "bronze" : u.startsWith("s") ? "silver" : "gold");
    }
    Map<String, Move> m = byUser(LeagueMoves.of(l, members, List.of(
        new Cohort("bronze", 1, List.of(new Seat("b1", 30L), new Seat("b2", 20L), new Seat("b3", 10L))),
        new Cohort("silver", 1, List.of(new Seat("s2", 5L), new Seat("s1", null), new Seat("s3", 7L))),
        new Cohort("gold", 1, List.of(new Seat("g1", 9L), new Seat("g2", 8L))))));
    assertThat(m.get("b1")).isEqualTo(new Move("b1", "bronze", "silver", 1L, 1L, 30L, "up"));
    assertThat(m.get("b3").movement()).as("the lowest tier keeps its bottom").isEqualTo("stay");
    assertThat(m.get("s2").to()).isEqualTo("gold");
    assertThat(m.get("s3").movement()).isEqualTo("stay");
    assertThat(m.get("s1")).as("no score ranks below every score")
        .isEqualTo(new Move("s1", "silver", "bronze", 1L, 3L, null, "down"));
    assertThat(m.get("g1").movement()).as("nobody moves above the top").isEqualTo("stay");
    assertThat(m.get("g2").to()).isEqualTo("silver");
    assertThat(m.get("idle")).isEqualTo(new Move("idle", "bronze", "bronze", null, null, null, "stay"));
    assertThat(m).hasSize(members.size());
  }

  @Test
  void aMemberWithoutAScoreNeverMovesUpAndDropInactiveDropsThem() {
    League keep = league(2, 0, false, 4, "bronze", "silver");
    Map<String, String> members = Map.of("a", "bronze", "b", "bronze", "c", "silver");
    List<Cohort> cohorts = List.of(new Cohort("bronze", 1, List.of(new Seat("a", 1L), new Seat("b", null))));
    assertThat(byUser(LeagueMoves.of(keep, members, cohorts)).get("b").movement()).isEqualTo("stay");
    Map<String, Move> dropped = byUser(LeagueMoves.of(league(2, 0, true, 4, "bronze", "silver"), members, cohorts));
    assertThat(dropped.get("a").movement()).isEqualTo("up");
    assertThat(dropped.get("b")).isEqualTo(new Move("b", "bronze", null, 1L, 2L, null, "dropped"));
    assertThat(dropped.get("c")).isEqualTo(new Move("c", "silver", null, null, null, null, "dropped"));
  }

  /**
   * Many periods of a ladder: members join, some score (ties broken by who reached the score
   * first), cohorts fill in join order; after each close every member's tier, cohort rank and
   * movement must match the model, which ranks each cohort itself from the raw scores.
   */
  @RepeatedTest(20)
  void aLadderOverManyPeriodsMatchesTheModel(Random rnd) {
    int tiers = 2 + rnd.nextInt(4);
    String[] names = new String[tiers];
    for (int i = 0; i < tiers; i++) {
      names[i] = "t" + i;
    }
    int size = 2 + rnd.nextInt(6);
    Object promote = rnd.nextBoolean() ? rnd.nextInt(size / 2 + 1) : (rnd.nextInt(5) * 10) + "%";
    Object relegate = rnd.nextBoolean() ? rnd.nextInt(size / 2 + 1) : (rnd.nextInt(5) * 10) + "%";
    boolean drop = rnd.nextInt(3) == 0;
    League l = league(promote, relegate, drop, size, names);
    Map<String, Integer> level = new LinkedHashMap<>();
    int next = 0;
    for (int period = 0; period < 12; period++) {
      for (int j = rnd.nextInt(8); j > 0; j--) {
        level.put("u" + next++, 0);
      }
      // the period: who scores, with what and when; cohorts fill per tier in the order of first scores
      Map<String, long[]> played = new HashMap<>();
      List<String> order = new ArrayList<>(level.keySet());
      Collections.shuffle(order, rnd);
      for (String u : order) {
        if (rnd.nextInt(4) > 0) {
          played.put(u, new long[] {rnd.nextInt(4), rnd.nextInt(1000)});
        }
      }
      Map<Integer, List<List<String>>> filled = new HashMap<>();
      for (String u : order) {
        if (played.containsKey(u)) {
          List<List<String>> cs = filled.computeIfAbsent(level.get(u), k -> new ArrayList<>());
          if (cs.isEmpty() || cs.get(cs.size() - 1).size() == size) {
            cs.add(new ArrayList<>());
          }
          cs.get(cs.size() - 1).add(u);
        }
      }
      // an entry removed by moderation leaves its member seated without a score
      String removed = played.isEmpty() ? null : new ArrayList<>(played.keySet()).get(rnd.nextInt(played.size()));
      List<Cohort> cohorts = new ArrayList<>();
      Map<String, Integer> expectedRank = new HashMap<>();
      Map<String, String> expected = new HashMap<>();
      Map<String, Integer> levels = new HashMap<>(level);
      for (Map.Entry<Integer, List<List<String>>> t : filled.entrySet()) {
        long id = 0;
        for (List<String> members : t.getValue()) {
          id++;
          List<String> ranked = new ArrayList<>(members);
          Comparator<String> byScore = Comparator.<String>comparingLong(u -> -played.get(u)[0])
              .thenComparingLong(u -> played.get(u)[1]).thenComparing(u -> u);
          ranked.sort(Comparator.<String, Boolean>comparing(u -> u.equals(removed)).thenComparing(byScore));
          List<Seat> seats = ranked.stream().map(u -> new Seat(u, u.equals(removed) ? null : played.get(u)[0])).toList();
          cohorts.add(new Cohort(names[t.getKey()], id, seats));
          int n = ranked.size();
          int up = t.getKey() == tiers - 1 ? 0 : l.promote().of(n);
          int down = t.getKey() == 0 ? 0 : Math.min(l.relegate().of(n), n - up);
          for (int i = 0; i < n; i++) {
            String u = ranked.get(i);
            expectedRank.put(u, i + 1);
            boolean scored = !u.equals(removed);
            expected.put(u, drop && !scored ? "dropped" : scored && i < up ? "up" : i >= n - down ? "down" : "stay");
          }
        }
      }
      for (String u : level.keySet()) {
        expected.putIfAbsent(u, drop ? "dropped" : "stay");
      }
      Map<String, String> members = new LinkedHashMap<>();
      level.forEach((u, lv) -> members.put(u, names[lv]));
      Map<String, Move> moves = byUser(LeagueMoves.of(l, members, cohorts));
      assertThat(moves.keySet()).isEqualTo(level.keySet());
      for (String u : levels.keySet()) {
        Move m = moves.get(u);
        assertThat(m.movement()).as("period %d, %s", period, u).isEqualTo(expected.get(u));
        assertThat(m.cohortRank() == null ? null : m.cohortRank().intValue()).as("rank of %s", u)
            .isEqualTo(expectedRank.get(u));
        int from = levels.get(u);
        assertThat(m.from()).isEqualTo(names[from]);
        switch (m.movement()) {
          case "up" -> level.put(u, from + 1);
          case "down" -> level.put(u, from - 1);
          case "dropped" -> level.remove(u);
          default -> { }
        }
        assertThat(m.to()).isEqualTo(level.containsKey(u) ? names[level.get(u)] : null);
      }
    }
  }
}
