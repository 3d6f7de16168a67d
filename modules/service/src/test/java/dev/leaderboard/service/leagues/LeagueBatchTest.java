package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueBatchResult.Event;
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
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Batches of league scores on two nodes against a model: every answer (counts, refusals and
 * conflicts by index, each landed event's tier, period and cohort) as the model says, each tier's
 * cohorts filled in turn and never past their size, and every member's score and rank in their
 * cohort as the model ranks it.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueBatchTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final String PERIOD = "2025-04-15";
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private final TestClock clock = new TestClock(DAY.plusSeconds(20 * 3600));
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

  /** A user in the model: tier (null: no member), cohort once seated, score and when they reached it. */
  private static final class Member {
    String tier;
    Long cohort;
    long score;
    long reached;
  }

  /** An event sent, as the dedupe check compares it. */
  private record Sent(long value, long at) {
  }

  private static String name() {
    return "lgb-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private void define(String lg, int size, boolean autoJoin) {
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", size)
        .put("promote", 1).put("relegate", 1).put("period", "daily").put("autoJoin", autoJoin)).await();
  }

  @Test
  void randomBatchesAnswerAndPlaceAsTheModelSays(Random rnd) {
    boolean autoJoin = rnd.nextInt(3) > 0;
    int size = 2 + rnd.nextInt(3);
    String lg = name();
    define(lg, size, autoJoin);
    Map<String, Member> model = new LinkedHashMap<>();
    for (int i = 0; i < 24; i++) {
      Member m = new Member();
      model.put("u" + i, m);
      if (i % 3 != 0) {
        m.tier = TIERS.get(rnd.nextInt(TIERS.size()));
        a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "u" + i).put("tier", m.tier)), true).await();
      }
    }
    List<String> users = new ArrayList<>(model.keySet());
    Map<String, Sent> sent = new HashMap<>();
    Map<String, Integer> seated = new HashMap<>();
    long at = DAY.toEpochMilli() + 3_600_000;
    for (int round = 0; round < 6; round++) {
      JsonArray events = new JsonArray();
      // the model's answer
      int applied = 0;
      int duplicate = 0;
      Map<Integer, String> rejections = new TreeMap<>();
      List<Integer> conflicts = new ArrayList<>();
      List<Event> landed = new ArrayList<>();
      Map<String, Long> firstAt = new HashMap<>();
      List<Object[]> seatOrder = new ArrayList<>();
      int count = 1 + rnd.nextInt(40);
      for (int i = 0; i < count; i++) {
        String user = users.get(rnd.nextInt(users.size()));
        Member m = model.get(user);
        int kind = rnd.nextInt(10);
        if (kind == 0) {
          events.add(new JsonObject().put("userId", user).put("at", ++at));
          rejections.put(i, "invalid_field");
          continue;
        }
        if (kind == 1) {
          events.add(new JsonObject().put("userId", "no such user!").put("value", 1).put("at", ++at));
          rejections.put(i, "invalid_field");
          continue;
        }
        List<String> mine = sent.keySet().stream().filter(k -> k.startsWith(user + "/")).sorted().toList();
        String eventId;
        Sent payload;
        if (kind <= 3 && !mine.isEmpty()) {
          eventId = mine.get(rnd.nextInt(mine.size())).substring(user.length() + 1);
          Sent before = sent.get(user + "/" + eventId);
          payload = kind == 2 ? before : new Sent(before.value() + 1, before.at());
        } else {
          eventId = "e" + round + "-" + i;
          payload = new Sent(1 + rnd.nextInt(5), ++at);
        }
        events.add(new JsonObject().put("userId", user).put("value", payload.value()).put("at", payload.at())
            .put("eventId", eventId));
        if (m.tier == null && !autoJoin) {
          rejections.put(i, "not_a_member");
          continue;
        }
        if (m.tier == null) {
          m.tier = TIERS.get(0);
        }
        Sent before = sent.get(user + "/" + eventId);
        if (before == null) {
          sent.put(user + "/" + eventId, payload);
          applied++;
          m.score += payload.value();
          m.reached = payload.at();
        } else if (before.equals(payload)) {
          duplicate++;
        } else {
          conflicts.add(i);
          continue;
        }
        if (m.cohort == null && !firstAt.containsKey(user)) {
          firstAt.put(user, (long) i);
          seatOrder.add(new Object[] {user, m});
        }
        landed.add(new Event(i, user, m.tier, PERIOD, null, null, null, null));
      }
      LeagueBatchResult got = (rnd.nextBoolean() ? a : b).submitLeagueBatch(lg, new ScoreBatch(new JsonObject()
          .put("events", events))).await();
      assertThat(got.batch().applied()).as("round %d: %s", round, got).isEqualTo(applied);
      assertThat(got.batch().duplicate()).as("round %d", round).isEqualTo(duplicate);
      assertThat(got.batch().conflicts().stream().map(Rejection::index).toList()).as("round %d", round)
          .isEqualTo(conflicts);
      Map<Integer, String> refused = new TreeMap<>();
      got.batch().rejections().forEach(r -> refused.put(r.index(), r.refusal().code()));
      assertThat(refused).as("round %d", round).isEqualTo(rejections);
      assertThat(got.batch().failed()).isZero();
      List<Event> events2 = got.events();
      assertThat(events2.size()).isEqualTo(landed.size());
      // the members seated by this batch: in some order of arrival, the tier's cohorts filled in turn
      Map<String, Long> cohortOf = new HashMap<>();
      for (int k = 0; k < landed.size(); k++) {
        Event want = landed.get(k);
        Event e = events2.get(k);
        assertThat(new Event(e.index(), e.userId(), e.tier(), e.period(), null, null, null, null)).as("round %d", round)
            .isEqualTo(want);
        assertThat(e.cohort()).as("every landed event's member holds a cohort: %s", e).isNotNull();
        Long seen = cohortOf.putIfAbsent(e.userId(), e.cohort());
        assertThat(seen == null ? e.cohort() : seen).as("one cohort per member in a batch").isEqualTo(e.cohort());
      }
      for (Object[] s : seatOrder) {
        Member m = (Member) s[1];
        m.cohort = cohortOf.get((String) s[0]);
        seated.merge(m.tier, 1, Integer::sum);
      }
      checkCohorts(model, size, seated);
      for (Event e : events2) {
        // each event's place as the batch left its cohort: the model after the whole round
        assertThat(e.rank()).as("round %d: %s", round, e).isEqualTo(rankOf(model, e.userId()));
        assertThat(e.zone()).as("round %d: %s", round, e).isEqualTo(zoneOf(model, e.userId()));
      }
      for (Map.Entry<String, Member> x : model.entrySet()) {
        if (x.getValue().cohort != null) {
          assertThat(cohortOf.getOrDefault(x.getKey(), x.getValue().cohort)).as("a member keeps their cohort")
              .isEqualTo(x.getValue().cohort);
        }
      }
    }
    for (Map.Entry<String, Member> x : model.entrySet()) {
      Member m = x.getValue();
      if (m.tier == null) {
        continue;
      }
      LeagueStanding s = (rnd.nextBoolean() ? a : b).leagueUser(lg, x.getKey(), null, null).await();
      assertThat(s.tier()).isEqualTo(m.tier);
      assertThat(s.cohort()).as("%s", x.getKey()).isEqualTo(m.cohort);
      if (m.cohort != null) {
        assertThat(s.rank()).as("%s: %s", x.getKey(), s).isEqualTo(rankOf(model, x.getKey()));
        CohortBoard.Member mine = s.entries().stream().filter(o -> o.userId().equals(x.getKey())).findFirst().orElseThrow();
        assertThat(mine.score()).isEqualTo(m.score);
      }
    }
  }

  /** Each tier's seated members fill cohorts 1, 2, ... in turn: every cohort full but the last. */
  private static void checkCohorts(Map<String, Member> model, int size, Map<String, Integer> seated) {
    for (String tier : TIERS) {
      Map<Long, Integer> counts = new TreeMap<>();
      model.values().stream().filter(m -> tier.equals(m.tier) && m.cohort != null)
          .forEach(m -> counts.merge(m.cohort, 1, Integer::sum));
      int n = seated.getOrDefault(tier, 0);
      Map<Long, Integer> want = new TreeMap<>();
      for (int k = 0; k < n; k++) {
        want.merge((long) k / size + 1, 1, Integer::sum);
      }
      assertThat(counts).as("cohorts of %s", tier).isEqualTo(want);
    }
  }

  /** The zone of a league with promote 1 and relegate 1, whose members all hold a score. */
  private static String zoneOf(Map<String, Member> model, String user) {
    Member me = model.get(user);
    long n = model.values().stream().filter(o -> me.tier.equals(o.tier) && me.cohort.equals(o.cohort)).count();
    int level = TIERS.indexOf(me.tier);
    long up = level == TIERS.size() - 1 ? 0 : Math.min(1, n);
    long down = level == 0 ? 0 : Math.min(1, n - up);
    long rank = rankOf(model, user);
    return rank <= up ? "promotion" : rank > n - down ? "relegation" : "stay";
  }

  private static long rankOf(Map<String, Member> model, String user) {
    Member me = model.get(user);
    List<String> cohort = new ArrayList<>(model.keySet().stream().filter(u -> me.tier.equals(model.get(u).tier)
        && me.cohort.equals(model.get(u).cohort)).toList());
    cohort.sort(Comparator.<String>comparingLong(u -> -model.get(u).score).thenComparingLong(u -> model.get(u).reached));
    return cohort.indexOf(user) + 1;
  }

  @Test
  void aBatchBreakingTheBoardsLimitsIsRefusedWhole() {
    String lg = name();
    define(lg, 3, true);
    JsonArray events = new JsonArray();
    for (int i = 0; i < 1001; i++) {
      events.add(new JsonObject().put("userId", "x" + i).put("value", 1));
    }
    LeaderboardException tooMany = (LeaderboardException) catchThrowable(() -> a.submitLeagueBatch(lg,
        new ScoreBatch(new JsonObject().put("events", events))).await());
    assertThat(tooMany.code()).isEqualTo("invalid_field");
    assertThat(tooMany.getMessage()).startsWith("events ");
    LeaderboardException unknown = (LeaderboardException) catchThrowable(() -> a.submitLeagueBatch(name(),
        new ScoreBatch(new JsonObject().put("events", new JsonArray()))).await());
    assertThat(unknown.code()).isEqualTo("league_not_found");
    assertThat(a.listLeagues().await().leagues().stream().filter(o -> o.getString("league").equals(lg)).count())
        .isEqualTo(1);
    assertThat(catchThrowable(() -> a.leagueUser(lg, "x0", null, null).await())).as("no member joined by a refused batch")
        .isInstanceOf(LeaderboardException.class);
  }

  /**
   * A new period's events before the previous period's close are held, as a single score is: counted
   * as {@code pending} with no tier, nothing refused, a retry held once; the close replays them into
   * the tier it gave, once.
   */
  @Test
  void aNewPeriodsEventsAreHeldUntilThePreviousClose() {
    clock.set(DAY.plusSeconds(3600));
    String lg = name();
    define(lg, 3, true);
    for (int i = 0; i < 3; i++) {
      a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", "w" + i).put("tier", "silver")), true).await();
    }
    JsonArray first = new JsonArray();
    for (int i = 0; i < 3; i++) {
      first.add(new JsonObject().put("userId", "w" + i).put("value", 10 - i).put("at", DAY.toEpochMilli() + 5000 + i));
    }
    assertThat(b.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", first))).await().batch()
        .applied()).isEqualTo(3);
    Instant next = DAY.plusSeconds(86_400);
    clock.set(next.plusSeconds(2));
    JsonArray later = new JsonArray().add(new JsonObject().put("userId", "w0").put("value", 1).put("eventId", "n0")
        .put("at", next.toEpochMilli() + 1000)).add(new JsonObject().put("userId", "w1").put("value", 1)
        .put("at", DAY.toEpochMilli() + 6000));
    for (int round = 0; round < 2; round++) {
      LeagueBatchResult held = a.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events",
          round == 0 ? later : new JsonArray().add(later.getJsonObject(0))))).await();
      assertThat(held.pending()).as("%s", held).isEqualTo(1);
      assertThat(held.batch().failed()).isZero();
      assertThat(held.batch().rejected()).isZero();
      assertThat(held.events().get(0)).isEqualTo(new Event(0, "w0", null, "2025-04-16", null, null, null, true));
      if (round == 0) {
        assertThat(held.batch().applied()).isEqualTo(1);
        assertThat(held.events().get(1).period()).as("a late score of the old period lands at once").isEqualTo(PERIOD);
        assertThat(held.events().get(1).tier()).isEqualTo("silver");
      }
    }

    clock.set(next.plusSeconds(60));
    a.closeLeague(lg, PERIOD).await();
    LeagueStanding w0 = b.leagueUser(lg, "w0", "2025-04-16", null).await();
    assertThat(w0.tier()).as("promoted at the close, the held score with it").isEqualTo("gold");
    assertThat(w0.entries()).extracting(CohortBoard.Member::userId, CohortBoard.Member::score)
        .containsExactly(tuple("w0", 1L));
    LeagueBatchResult again = b.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", new JsonArray()
        .add(later.getJsonObject(0))))).await();
    assertThat(again.batch().duplicate()).as("the held event, replayed once").isEqualTo(1);
    assertThat(again.pending()).isZero();
    assertThat(again.events().get(0).tier()).isEqualTo("gold");
  }

  @Test
  void aBannedNonMembersEventsAreRefusedWithoutJoiningThem() {
    String lg = name();
    define(lg, 3, true);
    b.ban("outlaw", new BanRequest(new JsonObject().put("reason", "cheating"))).await();
    BatchResult got = a.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", new JsonArray()
        .add(new JsonObject().put("userId", "outlaw").put("value", 5))
        .add(new JsonObject().put("userId", "fine").put("value", 1))))).await().batch();
    assertThat(got.applied()).isEqualTo(1);
    assertThat(got.rejections().get(0).index()).isZero();
    assertThat(got.rejections().get(0).refusal().code()).isEqualTo("banned");
    LeaderboardException notMember = (LeaderboardException) catchThrowable(() -> a.leagueUser(lg, "outlaw", null, null)
        .await());
    assertThat(notMember.code()).isEqualTo("not_a_member");

    // a single score is a batch of one: refused the same way, and the user is not joined either
    LeaderboardException single = (LeaderboardException) catchThrowable(() -> a.submitLeague(lg,
        new ScoreEvent(new JsonObject().put("userId", "outlaw").put("value", 5))).await());
    assertThat(single.code()).isEqualTo("banned");
    notMember = (LeaderboardException) catchThrowable(() -> a.leagueUser(lg, "outlaw", null, null).await());
    assertThat(notMember.code()).as("not joined by a single score").isEqualTo("not_a_member");
  }
}
