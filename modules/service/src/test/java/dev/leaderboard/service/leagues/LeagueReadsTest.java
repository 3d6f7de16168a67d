package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueClosed.Counts;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeaguePeriods;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.service.result.LeagueTiers.Tier;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceBinder;
import io.vertx.serviceproxy.ServiceException;
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
 * A league's reads on two nodes over several periods of random members and scores, checked against
 * a model: each tier's members and cohorts, each cohort's order and zones, live and after the close
 * (as at the close, and agreeing with the recorded moves); the closed periods newest first with
 * their moves counted; every page of the moves, filtered or not. Refusals name the field.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueReadsTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private static final List<String> MOVEMENTS = List.of("up", "down", "stay", "dropped");
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl a;
  private LeaderboardServiceImpl b;

  @BeforeEach
  void start(io.vertx.core.Vertx vertx) {
    a = LeagueNodes.start(vertx, clock, stores);
    b = LeagueNodes.start(vertx, clock, stores);
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  /** A member in the model: tier now; in the current period their cohort (null before a score), score and when reached. */
  private static final class Member {
    int level;
    Long cohort;
    long score;
    long reached;
  }

  @Test
  void tiersCohortsZonesAndMovesAsTheModelSays(Random rnd) {
    int size = 2 + rnd.nextInt(3);
    Object promote = rnd.nextBoolean() ? 1 : "50%";
    Object relegate = rnd.nextBoolean() ? 1 : "34%";
    boolean drop = rnd.nextInt(3) == 0;
    String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", size)
        .put("promote", promote).put("relegate", relegate).put("period", "daily").put("dropInactive", drop)).await();
    Map<String, Member> model = new LinkedHashMap<>();
    List<String> closedPeriods = new ArrayList<>();
    int next = 0;
    for (int day = 0; day < 3; day++) {
      Instant start = DAY.plus(Duration.ofDays(day));
      String period = start.toString().substring(0, 10);
      clock.set(start.plusSeconds(3600));
      for (int j = 4 + rnd.nextInt(8); j > 0; j--) {
        String user = "m" + next++;
        if (rnd.nextInt(3) == 0) {
          Member m = new Member();
          m.level = rnd.nextInt(TIERS.size());
          model.put(user, m);
          a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", user).put("tier", TIERS.get(m.level))), true)
              .await();
        } else {
          model.putIfAbsent(user, null);
        }
      }
      Map<Integer, Integer> seated = new HashMap<>();
      List<String> users = new ArrayList<>(model.keySet());
      long at = start.toEpochMilli() + 1000;
      for (int e = 0; e < users.size() * 2; e++) {
        String user = users.get(rnd.nextInt(users.size()));
        if (rnd.nextInt(4) == 0) {
          continue;
        }
        at += 1 + rnd.nextInt(3);
        long value = 1 + rnd.nextInt(2);
        (rnd.nextBoolean() ? a : b).submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user)
            .put("value", value).put("at", at))).await();
        Member m = model.get(user);
        if (m == null) {
          m = new Member();
          model.put(user, m);
        }
        if (m.cohort == null) {
          int count = seated.merge(m.level, 1, Integer::sum);
          m.cohort = (long) (count - 1) / size + 1;
        }
        m.score += value;
        m.reached = at;
      }
      model.values().removeIf(m -> m == null);
      Map<String, String> zones = zones(model, promote, relegate);

      LeagueTiers tiers = (rnd.nextBoolean() ? a : b).leagueTiers(lg, null).await();
      assertThat(tiers.period()).isEqualTo(period);
      assertThat(tiers.tiers()).as("day %d", day).isEqualTo(expectedTiers(model, size));
      Map<String, LeagueCohort> live = checkCohorts(lg, null, model, zones, size, rnd);
      assertThat(failure(() -> a.leagueMoves(lg, period, null, null, null, null).await()).code()).as("not closed yet")
          .isEqualTo("period_not_found");

      clock.set(start.plus(Duration.ofDays(1)).plusSeconds(600));
      List<Move> closed = (rnd.nextBoolean() ? a : b).closeLeague(lg, period).await().moves();
      closedPeriods.add(0, period);
      assertThat((rnd.nextBoolean() ? a : b).leagueTiers(lg, period).await()).as("archived as at the close")
          .isEqualTo(tiers);
      Map<String, LeagueCohort> archived = checkCohorts(lg, period, model, zones, size, rnd);
      assertThat(archived).isEqualTo(live);
      Map<String, String> recorded = new HashMap<>();
      closed.forEach(o -> recorded.put(o.userId(), o.movement()));
      zones.forEach((u, z) -> assertThat(recorded.get(u)).as("%s in zone %s", u, z)
          .isEqualTo(switch (z) {
            case "promotion" -> "up";
            case "stay" -> "stay";
            default -> "down";
          }));
      checkMoves(lg, period, closed, rnd);

      List<LeaguePeriods.Item> periods = (rnd.nextBoolean() ? a : b).leaguePeriods(lg, null).await().periods();
      assertThat(periods.stream().map(LeaguePeriods.Item::period).toList()).isEqualTo(closedPeriods);
      LeaguePeriods.Item newest = periods.get(0);
      assertThat(newest.moves()).isEqualTo(closed.size());
      assertThat(newest.counts()).isEqualTo(counts(closed));
      assertThat(a.leaguePeriods(lg, 1).await().periods()).isEqualTo(List.of(newest));

      for (Move mv : closed) {
        if (mv.to() == null) {
          model.remove(mv.userId());
        } else {
          Member m = model.get(mv.userId());
          m.level = TIERS.indexOf(mv.to());
          m.cohort = null;
          m.score = 0;
        }
      }
    }
  }

  /** The reads over the event bus answer what the node answers in process, and a refusal keeps its code. */
  @Test
  void theReadsOverTheEventBus(io.vertx.core.Vertx vertx) {
    String address = "league-reads-" + UUID.randomUUID();
    MessageConsumer<JsonObject> bound = new ServiceBinder(vertx).setAddress(address).register(LeaderboardService.class, a);
    try {
      LeaderboardService bus = LeaderboardService.createProxy(vertx, address);
      String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
      a.putLeague(lg, new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver")).put("cohortSize", 3)
          .put("promote", 1).put("relegate", 1).put("period", "daily")).await();
      a.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "ann").put("value", 3))).await();
      a.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "bo").put("value", 2))).await();
      clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
      a.closeLeague(lg, "2025-04-15").await();
      assertThat(bus.leagueTiers(lg, "2025-04-15").await()).isEqualTo(a.leagueTiers(lg, "2025-04-15").await());
      assertThat(bus.leagueCohort(lg, "bronze", 1L, "2025-04-15").await())
          .isEqualTo(a.leagueCohort(lg, "bronze", 1L, "2025-04-15").await());
      assertThat(bus.leaguePeriods(lg, null).await()).isEqualTo(a.leaguePeriods(lg, null).await());
      assertThat(bus.leagueMoves(lg, "2025-04-15", "up", 0L, 5, null).await().moves())
          .isEqualTo(a.leagueMoves(lg, "2025-04-15", "up", 0L, 5, null).await().moves()).hasSize(1);
      Throwable refused = catchThrowable(() -> bus.leagueCohort(lg, "gold", 1L, null).await());
      assertThat(refused).isInstanceOf(ServiceException.class);
      assertThat(((ServiceException) refused).failureCode()).isEqualTo(404);
      assertThat(((ServiceException) refused).getMessage()).contains("has no tier 'gold'");
    } finally {
      bound.unregister().await();
    }
  }

  @Test
  void refusalsNameTheFieldAndUnknownsAre404() {
    String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver")).put("cohortSize", 3)
        .put("promote", 1).put("relegate", 1).put("period", "daily")).await();
    a.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", "ann").put("value", 3))).await();
    assertThat(a.leagueCohort(lg, "bronze", 1L, null).await().entries().get(0).zone()).isEqualTo("promotion");
    assertRefused(() -> a.leagueTiers("nope-" + lg, null).await(), 404, "league_not_found", "league");
    assertRefused(() -> a.leagueTiers("Bad League", null).await(), 400, "invalid_field", "league");
    assertRefused(() -> a.leagueTiers(lg, "2025-W16").await(), 400, "invalid_field", "period");
    assertRefused(() -> a.leagueCohort(lg, "gold", 1L, null).await(), 404, "tier_not_found", "gold");
    assertRefused(() -> a.leagueCohort(lg, "Go ld", 1L, null).await(), 400, "invalid_field", "tier");
    assertRefused(() -> a.leagueCohort(lg, "bronze", 0L, null).await(), 400, "invalid_field", "cohort");
    assertRefused(() -> a.leagueCohort(lg, "bronze", 2L, null).await(), 404, "cohort_not_found", "no cohort 2");
    assertRefused(() -> a.leagueCohort(lg, "silver", 1L, null).await(), 404, "cohort_not_found", "tier 'silver'");
    assertRefused(() -> a.leaguePeriods(lg, 0).await(), 400, "invalid_field", "limit");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", "sideways", null, null, null).await(), 400, "invalid_field",
        "movement must be one of up, down, stay, dropped");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", null, -1L, null, null).await(), 400, "invalid_field", "offset");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", null, null, 1001, null).await(), 400, "invalid_field", "limit");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", null, 0L, null, "MHxhbm4").await(), 400, "invalid_field",
        "after cannot be given with offset");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", null, null, null, "not-a-key").await(), 400, "invalid_field",
        "after must be the next of an earlier page");
    assertRefused(() -> a.leagueMoves(lg, "2025-04-15", null, null, null, null).await(), 404, "period_not_found",
        "has not closed period 2025-04-15");
    assertThat(a.leaguePeriods(lg, null).await().periods()).isEmpty();
  }

  /** Each tier's seated members and cohorts in the model. */
  private static List<Tier> expectedTiers(Map<String, Member> model, int size) {
    List<Tier> out = new ArrayList<>();
    for (int level = 0; level < TIERS.size(); level++) {
      int lv = level;
      long members = model.values().stream().filter(m -> m.level == lv && m.cohort != null).count();
      out.add(new Tier(TIERS.get(level), members, (members + size - 1) / size));
    }
    return out;
  }

  /**
   * Every cohort of every tier read through the league, against the model's order and zones; one
   * past the last is 404. Answers each cohort's board by tier and cohort.
   */
  private Map<String, LeagueCohort> checkCohorts(String lg, String period, Map<String, Member> model,
      Map<String, String> zones, int size, Random rnd) {
    Map<String, LeagueCohort> out = new HashMap<>();
    for (int level = 0; level < TIERS.size(); level++) {
      Map<Long, List<String>> cohorts = cohorts(model, level);
      for (Map.Entry<Long, List<String>> c : cohorts.entrySet()) {
        LeagueCohort got = (rnd.nextBoolean() ? a : b).leagueCohort(lg, TIERS.get(level), c.getKey(), period).await();
        List<LeagueCohort.Ranked> entries = got.entries();
        assertThat(entries.stream().map(o -> o.entry().userId()).toList()).isEqualTo(c.getValue());
        for (int i = 0; i < entries.size(); i++) {
          LeagueCohort.Ranked e = entries.get(i);
          assertThat(e.entry().rank()).isEqualTo(i + 1);
          assertThat(e.entry().score()).isEqualTo(model.get(e.entry().userId()).score);
          assertThat(e.zone()).as("%s in %s", e, c.getValue()).isEqualTo(zones.get(e.entry().userId()));
        }
        assertThat(got.missing()).isEmpty();
        assertThat(got.size()).isEqualTo(c.getValue().size()).isLessThanOrEqualTo(size);
        out.put(TIERS.get(level) + "/" + c.getKey(), got);
      }
      int lv = level;
      assertThat(failure(() -> a.leagueCohort(lg, TIERS.get(lv), cohorts.size() + 1L, period).await()).code())
          .isEqualTo("cohort_not_found");
    }
    return out;
  }

  /** The moves read in random pages, all and filtered by each movement, against the close's answer. */
  private void checkMoves(String lg, String period, List<Move> closed, Random rnd) {
    List<Move> all = new ArrayList<>(closed);
    all.sort(Comparator.<Move>comparingInt(m -> TIERS.indexOf(m.from()))
        .thenComparing(Move::cohort, Comparator.nullsLast(Comparator.naturalOrder()))
        .thenComparing(Move::cohortRank, Comparator.nullsLast(Comparator.naturalOrder()))
        .thenComparing(Move::userId));
    Counts counts = counts(all);
    List<String> filters = new ArrayList<>(MOVEMENTS);
    filters.add(null);
    for (String filter : filters) {
      List<Move> want = all.stream().filter(m -> filter == null || filter.equals(m.movement())).toList();
      int limit = 1 + rnd.nextInt(4);
      List<Move> got = new ArrayList<>();
      for (long offset = 0; ; offset += limit) {
        LeagueMovePage page = (rnd.nextBoolean() ? a : b).leagueMoves(lg, period, filter, offset, limit, null).await();
        assertThat(page.total()).isEqualTo(want.size());
        assertThat(page.counts()).isEqualTo(counts);
        assertThat(page.movement()).isEqualTo(filter);
        assertThat(page.offset()).isEqualTo(offset);
        got.addAll(page.moves());
        if (page.moves().size() < limit) {
          assertThat(page.next()).as("the last page").isNull();
          break;
        }
      }
      assertThat(got).as("moves %s", filter).isEqualTo(want);
      // by key, on either node, from the first page's next on: the same moves in the same order
      List<Move> byKey = new ArrayList<>();
      String after = null;
      do {
        LeagueMovePage page = (rnd.nextBoolean() ? a : b).leagueMoves(lg, period, filter, null, limit, after).await();
        assertThat(page.total()).isEqualTo(want.size());
        assertThat(page.offset()).as("a page by key has no offset").isEqualTo(after == null ? 0L : null);
        byKey.addAll(page.moves());
        assertThat(page.next() == null).as("next after %s moves of %s", byKey.size(), want.size())
            .isEqualTo(page.moves().size() < limit);
        after = page.next();
      } while (after != null);
      assertThat(byKey).as("moves %s by key", filter).isEqualTo(want);
    }
  }

  /** The moves by movement. */
  private static Counts counts(List<Move> moves) {
    long[] n = MOVEMENTS.stream().mapToLong(mv -> moves.stream().filter(m -> mv.equals(m.movement())).count()).toArray();
    return new Counts(n[0], n[1], n[2], n[3]);
  }

  private static Map<Long, List<String>> cohorts(Map<String, Member> model, int level) {
    Map<Long, List<String>> out = new java.util.TreeMap<>();
    model.forEach((u, m) -> {
      if (m.level == level && m.cohort != null) {
        out.computeIfAbsent(m.cohort, c -> new ArrayList<>()).add(u);
      }
    });
    out.values().forEach(members -> members.sort(Comparator.<String>comparingLong(u -> -model.get(u).score)
        .thenComparingLong(u -> model.get(u).reached)));
    return out;
  }

  /** The model's zone of every seated member. */
  private static Map<String, String> zones(Map<String, Member> model, Object promote, Object relegate) {
    Map<String, String> out = new HashMap<>();
    for (int level = 0; level < TIERS.size(); level++) {
      for (List<String> members : cohorts(model, level).values()) {
        int n = members.size();
        int up = level == TIERS.size() - 1 ? 0 : share(promote, n);
        int down = level == 0 ? 0 : Math.min(share(relegate, n), n - up);
        for (int i = 0; i < n; i++) {
          out.put(members.get(i), i < up ? "promotion" : i >= n - down ? "relegation" : "stay");
        }
      }
    }
    return out;
  }

  private static int share(Object quota, int n) {
    return quota instanceof Integer count ? Math.min(count, n) : n * Integer.parseInt(((String) quota).replace("%", ""))
        / 100;
  }

  private static LeaderboardException failure(Runnable r) {
    Throwable t = catchThrowable(r::run);
    assertThat(t).isInstanceOf(LeaderboardException.class);
    return (LeaderboardException) t;
  }

  private static void assertRefused(Runnable r, int status, String code, String message) {
    LeaderboardException e = failure(r);
    assertThat(e.failureCode()).as(e.getMessage()).isEqualTo(status);
    assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
    assertThat(e.getMessage()).contains(message);
  }
}
