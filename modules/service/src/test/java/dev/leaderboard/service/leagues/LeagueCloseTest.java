package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.result.LeagueHistory.Step;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.testing.TestSeed;
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
import java.util.Collections;
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
 * A league over several periods on two nodes, the clock moved from day to day: after each close
 * every member's tier, cohort rank and movement match a model of the ladder that ranks each cohort
 * itself, also when late scores of the old period land in the grace while the new period's are held
 * through it; a close run again, or from both nodes at once, or finished after it stopped half way
 * through applying, moves every member exactly once.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueCloseTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  /** Period ends crossed by {@link #lateAndHeldScoresAcrossEachPeriodsEndMoveTheLadderAsTheModelSays}. */
  private static final int BOUNDARIES = 4;
  private static final int GRACE_SECONDS = 30;
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
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

  /**
   * A member in the model: tier now; in the current period their cohort (null before a score), whether
   * they scored, their score and when they reached it.
   */
  private static final class Member {
    int level;
    Long cohort;
    boolean scored;
    long score;
    long reached;
  }

  /** The model's expected move of one member: target level (-1 dropped), cohort rank, movement. */
  private record Expected(int to, Long rank, String movement) {
  }

  @Test
  void aLadderOverManyPeriodsMovesAsTheModelSays(Random rnd) {
    String lg = "lgc-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject ladder = randomLadder(rnd);
    int size = ladder.getInteger("cohortSize");
    a.putLeague(lg, ladder).await();
    Map<String, Member> model = new LinkedHashMap<>();
    Map<String, List<Step>> histories = new HashMap<>();
    int next = 0;
    for (int day = 0; day < 4; day++) {
      Instant start = DAY.plus(Duration.ofDays(day));
      String period = start.toString().substring(0, 10);
      clock.set(start.plusSeconds(3600));
      for (int j = 3 + rnd.nextInt(6); j > 0; j--) {
        model.put("m" + next++, null);
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
        Member m = model.computeIfAbsent(user, u -> new Member());
        if (m.cohort == null) {
          int count = seated.merge(m.level, 1, Integer::sum);
          m.cohort = (long) (count - 1) / size + 1;
        }
        m.score += value;
        m.reached = at;
      }
      model.values().removeIf(m -> m == null);
      Map<String, Expected> expected = expect(model, ladder);

      clock.set(start.plus(Duration.ofDays(1)).plusSeconds(600));
      LeagueClosed closed = (rnd.nextBoolean() ? a : b).closeLeague(lg, period).await();
      Map<String, Move> moves = new HashMap<>();
      closed.moves().forEach(o -> moves.put(o.userId(), o));
      assertThat(moves.keySet()).as("day %d", day).isEqualTo(expected.keySet());
      for (Map.Entry<String, Expected> x : expected.entrySet()) {
        Move got = moves.get(x.getKey());
        Member m = model.get(x.getKey());
        assertThat(got.movement()).as("day %d, %s", day, got).isEqualTo(x.getValue().movement());
        assertThat(got.cohortRank()).as("day %d, %s", day, got).isEqualTo(x.getValue().rank());
        assertThat(got.from()).isEqualTo(TIERS.get(m.level));
        assertThat(got.to()).isEqualTo(x.getValue().to() < 0 ? null : TIERS.get(x.getValue().to()));
      }
      assertThat(b.closeLeague(lg, period).await()).as("a close run again answers the same").isEqualTo(closed);
      for (Map.Entry<String, Expected> x : expected.entrySet()) {
        Member m = model.get(x.getKey());
        histories.computeIfAbsent(x.getKey(), u -> new ArrayList<>()).add(0, new Step(period, TIERS.get(m.level),
            m.cohort, x.getValue().rank(), m.cohort == null ? null : m.score, x.getValue().movement(),
            x.getValue().to() < 0 ? null : TIERS.get(x.getValue().to()), null));
      }
      for (Map.Entry<String, Expected> x : expected.entrySet()) {
        if (x.getValue().to() < 0) {
          model.remove(x.getKey());
        } else {
          Member m = model.get(x.getKey());
          m.level = x.getValue().to();
          m.cohort = null;
          m.score = 0;
        }
      }
      checkTiers(lg, model);
    }
    for (Map.Entry<String, List<Step>> h : histories.entrySet()) {
      assertThat(b.leagueHistory(lg, h.getKey(), null).await().periods())
          .as("history of %s, newest first", h.getKey()).isEqualTo(h.getValue());
    }
  }

  /**
   * The ladder across {@value #BOUNDARIES} period ends in a row, each crossed as scores cross it:
   * during the grace the old period's late scores land (some lift the last of a cohort to its top,
   * changing who moves; some seat members who had not scored yet) while the new period's scores are
   * held ({@code pending}); after the close the new period's scores land at once. Singles and batches
   * on either node, some sent twice. After each close every member's move (tiers from and to, cohort,
   * cohort rank, score, movement) and tier are the model's, and every new-period score, held or not,
   * counts once in the tier the model gives.
   */
  @Test
  void lateAndHeldScoresAcrossEachPeriodsEndMoveTheLadderAsTheModelSays(Random rnd) {
    String lg = "lgg-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject ladder = randomLadder(rnd).put("graceSeconds", GRACE_SECONDS);
    int size = ladder.getInteger("cohortSize");
    a.putLeague(lg, ladder).await();
    HeldScoreStore held = new HeldScoreStore(stores.get(1).shards());
    League l = league(lg);
    Map<String, Member> model = new LinkedHashMap<>();
    Map<String, List<Step>> histories = new HashMap<>();
    int newcomers = 0;
    long at = DAY.toEpochMilli() + 1000;
    for (int day = 0; day < BOUNDARIES; day++) {
      Instant start = DAY.plus(Duration.ofDays(day));
      Instant end = start.plus(Duration.ofDays(1));
      String period = start.toString().substring(0, 10);
      String following = end.toString().substring(0, 10);

      // the period's own scores, from members and newcomers (autoJoin: the lowest tier)
      clock.set(start.plusSeconds(3600));
      List<String> users = new ArrayList<>(model.keySet());
      for (int j = 3 + rnd.nextInt(5); j > 0; j--) {
        users.add("m" + newcomers++);
      }
      List<Sent> own = new ArrayList<>();
      for (int e = 0; e < users.size() * 2; e++) {
        at += 1 + rnd.nextInt(3);
        own.add(score(model, users.get(rnd.nextInt(users.size())), 1 + rnd.nextInt(3), at, period));
      }
      send(lg, twice(own, rnd), model, rnd);
      readStandings(lg, period, model, size, rnd);
      Map<String, Expected> before = expect(model, ladder);

      // the grace: late scores of the period, each ranked after every score before it; the next period's held
      clock.set(end.plusSeconds(5));
      List<Sent> grace = new ArrayList<>();
      long late = end.toEpochMilli() - 60_000;
      List<String> lifted = new ArrayList<>();
      for (List<String> cohort : ranked(model)) {
        if (cohort.size() >= 2 && (lifted.isEmpty() || rnd.nextBoolean())) {
          // ahead of the cohort's first by more than any other late score adds
          String last = cohort.get(cohort.size() - 1);
          late += 1 + rnd.nextInt(3);
          grace.add(score(model, last, model.get(cohort.get(0)).score - model.get(last).score + 10, late, period));
          lifted.add(last);
        }
      }
      List<String> others = new ArrayList<>(users);
      others.removeAll(lifted);
      others.add("m" + newcomers++);
      Collections.shuffle(others, rnd);
      for (String user : others.subList(0, Math.min(others.size(), 2 + rnd.nextInt(4)))) {
        late += 1 + rnd.nextInt(3);
        grace.add(score(model, user, 1 + rnd.nextInt(3), late, period));
      }
      Map<String, Member> ahead = new HashMap<>();
      List<String> heldUsers = new ArrayList<>(users);
      heldUsers.add("m" + newcomers++);
      long nextAt = end.toEpochMilli() + 100;
      for (int j = 1 + users.size(); j > 0; j--) {
        String user = heldUsers.get(rnd.nextInt(heldUsers.size()));
        long value = 1 + rnd.nextInt(3);
        nextAt += 1 + rnd.nextInt(3);
        Member n = ahead.computeIfAbsent(user, u -> new Member());
        n.scored = true;
        n.score += value;
        grace.add(new Sent(event(user, value, nextAt), following, true, false));
      }
      Collections.shuffle(grace, rnd);
      for (Sent s : grace) {
        if (s.held()) {
          // held in the order they came, and replayed in it: the last to come sets when the score was reached
          ahead.get(s.userId()).reached = s.event().getLong("at");
        }
      }
      send(lg, twice(grace, rnd), model, rnd);
      List<Sent> heldSent = grace.stream().filter(Sent::held).toList();
      readStandings(lg, period, model, size, rnd);
      Map<String, Expected> expected = expect(model, ladder);
      for (String u : lifted) {
        if (model.get(u).level < TIERS.size() - 1) {
          assertThat(before.get(u).movement()).as("day %d: %s before its late score", day, u).isNotEqualTo("up");
          assertThat(expected.get(u).movement()).as("day %d: %s lifted by its late score", day, u).isEqualTo("up");
        }
      }
      assertThat(held.settled(l, period).await()).as("scores held until the close").isFalse();

      // past the grace, the close: every member moves as the model says, the held scores replayed
      clock.set(end.plusSeconds(600));
      LeagueClosed closed = (rnd.nextBoolean() ? a : b).closeLeague(lg, period).await();
      Map<String, Move> moves = new HashMap<>();
      closed.moves().forEach(o -> moves.put(o.userId(), o));
      assertThat(moves.keySet()).as("day %d", day).isEqualTo(expected.keySet());
      for (Map.Entry<String, Expected> x : expected.entrySet()) {
        Move got = moves.get(x.getKey());
        Member m = model.get(x.getKey());
        assertThat(got).as("day %d", day).isEqualTo(new Move(x.getKey(), TIERS.get(m.level),
            x.getValue().to() < 0 ? null : TIERS.get(x.getValue().to()), m.cohort, x.getValue().rank(),
            m.cohort == null ? null : m.score, x.getValue().movement()));
      }
      assertThat(held.settled(l, period).await()).as("day %d: every held score replayed", day).isTrue();
      assertThat((rnd.nextBoolean() ? a : b).closeLeague(lg, period).await()).as("a close run again answers the same")
          .isEqualTo(closed);
      for (Map.Entry<String, Expected> x : expected.entrySet()) {
        Member m = model.get(x.getKey());
        histories.computeIfAbsent(x.getKey(), u -> new ArrayList<>()).add(0, new Step(period, TIERS.get(m.level),
            m.cohort, x.getValue().rank(), m.cohort == null ? null : m.score, x.getValue().movement(),
            x.getValue().to() < 0 ? null : TIERS.get(x.getValue().to()), null));
        if (x.getValue().to() < 0) {
          model.remove(x.getKey());
        } else {
          m.level = x.getValue().to();
          m.cohort = null;
          m.scored = false;
          m.score = 0;
          m.reached = 0;
        }
      }
      // a held score's user no member at the close (new, or dropped by it) joins the lowest tier as it is replayed
      ahead.forEach((u, n) -> {
        Member m = model.computeIfAbsent(u, k -> new Member());
        m.scored = true;
        m.score = n.score;
        m.reached = n.reached;
      });
      checkTiers(lg, model);
      // every held score counted once, in the tier the close gave
      readStandings(lg, following, model, size, rnd);

      // after the close the new period's scores land at once; held ones sent again are duplicates there
      List<Sent> after = new ArrayList<>();
      List<String> now = new ArrayList<>(model.keySet());
      now.add("m" + newcomers++);
      for (int j = 2 + rnd.nextInt(6); j > 0; j--) {
        nextAt += 1 + rnd.nextInt(3);
        after.add(score(model, now.get(rnd.nextInt(now.size())), 1 + rnd.nextInt(3), nextAt, following));
      }
      for (Sent s : heldSent) {
        if (rnd.nextInt(4) == 0) {
          after.add(rnd.nextInt(after.size() + 1), new Sent(s.event(), following, false, true));
        }
      }
      send(lg, twice(after, rnd), model, rnd);
      at = nextAt;
    }
    for (Map.Entry<String, List<Step>> h : histories.entrySet()) {
      assertThat((rnd.nextBoolean() ? a : b).leagueHistory(lg, h.getKey(), null).await().periods())
          .as("history of %s, newest first", h.getKey()).isEqualTo(h.getValue());
    }
  }

  /** A score sent: its event, the period it counts in, whether it is held ({@code pending}), and whether it was sent before. */
  private record Sent(JsonObject event, String period, boolean held, boolean again) {
    String userId() {
      return event.getString("userId");
    }
  }

  private static JsonObject event(String user, long value, long at) {
    return new JsonObject().put("userId", user).put("value", value).put("at", at).put("eventId", "e-" + user + "-" + at);
  }

  /** A score of the period the model's members compete in now, counted in the model (a newcomer joins the lowest tier). */
  private static Sent score(Map<String, Member> model, String user, long value, long at, String period) {
    Member m = model.computeIfAbsent(user, u -> new Member());
    m.scored = true;
    m.score += value;
    m.reached = at;
    return new Sent(event(user, value, at), period, false, false);
  }

  /** The scores with about one in six sent a second time, later (a retry: held once, or a duplicate). */
  private static List<Sent> twice(List<Sent> sends, Random rnd) {
    List<Sent> out = new ArrayList<>(sends);
    for (Sent s : sends) {
      if (rnd.nextInt(6) == 0) {
        int first = out.indexOf(s);
        out.add(first + 1 + rnd.nextInt(out.size() - first), new Sent(s.event(), s.period(), s.held(), true));
      }
    }
    return out;
  }

  /**
   * Sends the scores in order from either node, singly or in batches of a few, and checks each
   * answer: a held score {@code pending}, with no tier; any other in its member's tier as the model
   * has it, applied the first time and a duplicate after. Nothing is refused.
   */
  private void send(String lg, List<Sent> sends, Map<String, Member> model, Random rnd) {
    for (int from = 0; from < sends.size(); ) {
      int n = rnd.nextInt(3) == 0 ? 1 : Math.min(sends.size() - from, 2 + rnd.nextInt(8));
      List<Sent> part = sends.subList(from, from + n);
      from += n;
      LeaderboardServiceImpl node = rnd.nextBoolean() ? a : b;
      if (n == 1) {
        Sent s = part.get(0);
        LeagueStanding got = node.submitLeague(lg, new ScoreEvent(s.event().copy())).await();
        assertThat(got.period()).as("%s: %s", s, got).isEqualTo(s.period());
        assertThat(got.pending()).as("%s: %s", s, got).isEqualTo(s.held() ? Boolean.TRUE : null);
        if (!s.held()) {
          assertThat(got.tier()).as("%s: %s", s, got).isEqualTo(TIERS.get(model.get(s.userId()).level));
          assertThat(got.scored().applied()).as("%s: %s", s, got).isEqualTo(!s.again());
        } else {
          assertThat(got.tier()).as("%s: %s", s, got).isNull();
        }
        continue;
      }
      JsonArray events = new JsonArray();
      part.forEach(s -> events.add(s.event().copy()));
      LeagueBatchResult got = node.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", events))).await();
      assertThat(got.batch().rejected()).as("%s", got).isZero();
      assertThat(got.batch().failed()).as("%s", got).isZero();
      assertThat(got.batch().conflict()).as("%s", got).isZero();
      assertThat(got.batch().applied()).as("%s: %s", part, got)
          .isEqualTo((int) part.stream().filter(s -> !s.held() && !s.again()).count());
      assertThat(got.batch().duplicate()).as("%s: %s", part, got)
          .isEqualTo((int) part.stream().filter(s -> !s.held() && s.again()).count());
      assertThat(got.pending()).as("%s: %s", part, got).isEqualTo((int) part.stream().filter(Sent::held).count());
      assertThat(got.events()).hasSize(n);
      for (int k = 0; k < n; k++) {
        Sent s = part.get(k);
        LeagueBatchResult.Event e = got.events().get(k);
        assertThat(e.index()).isEqualTo(k);
        assertThat(e.period()).as("%s: %s", s, e).isEqualTo(s.period());
        assertThat(e.pending()).as("%s: %s", s, e).isEqualTo(s.held() ? Boolean.TRUE : null);
        assertThat(e.tier()).as("%s: %s", s, e).isEqualTo(s.held() ? null : TIERS.get(model.get(s.userId()).level));
      }
    }
  }

  /**
   * Each member's standing in the period, from either node, against the model: their tier, and once
   * they scored their entry's score and when they reached it; the model takes their cohort from it.
   * Each tier's seated members fill its cohorts 1, 2, ... in turn.
   */
  private void readStandings(String lg, String period, Map<String, Member> model, int size, Random rnd) {
    Map<Integer, Map<Long, Integer>> seated = new HashMap<>();
    for (Map.Entry<String, Member> x : model.entrySet()) {
      String user = x.getKey();
      Member m = x.getValue();
      LeagueStanding s = (rnd.nextBoolean() ? a : b).leagueUser(lg, user, period, false).await();
      assertThat(s.tier()).as("%s's tier in %s", user, period).isEqualTo(TIERS.get(m.level));
      m.cohort = s.cohort();
      if (!m.scored) {
        assertThat(s.cohort()).as("%s never scored in %s", user, period).isNull();
        continue;
      }
      assertThat(s.cohort()).as("%s seated in %s", user, period).isNotNull();
      CohortBoard.Member mine = s.entries().stream().filter(e -> e.userId().equals(user)).findFirst().orElseThrow();
      assertThat(mine.score()).as("%s's score in %s, each score once", user, period).isEqualTo(m.score);
      assertThat(mine.at()).as("when %s reached it in %s", user, period).isEqualTo(m.reached);
      seated.computeIfAbsent(m.level, k -> new TreeMap<>()).merge(m.cohort, 1, Integer::sum);
    }
    seated.forEach((level, cohorts) -> {
      int n = cohorts.values().stream().mapToInt(Integer::intValue).sum();
      Map<Long, Integer> want = new TreeMap<>();
      for (int k = 0; k < n; k++) {
        want.merge((long) k / size + 1, 1, Integer::sum);
      }
      assertThat(cohorts).as("cohorts of %s in %s", TIERS.get(level), period).isEqualTo(want);
    });
  }

  /** The model's seated members by tier and cohort, each cohort in rank order (score, then who reached it first). */
  private static List<List<String>> ranked(Map<String, Member> model) {
    Map<String, List<String>> cohorts = new TreeMap<>();
    model.forEach((u, m) -> {
      if (m.cohort != null) {
        cohorts.computeIfAbsent(m.level + "/" + m.cohort, k -> new ArrayList<>()).add(u);
      }
    });
    for (List<String> c : cohorts.values()) {
      c.sort(Comparator.<String>comparingLong(u -> -model.get(u).score).thenComparingLong(u -> model.get(u).reached));
    }
    return new ArrayList<>(cohorts.values());
  }

  /**
   * Both nodes close the same period at once: each answers the moves or 409 {@code period_closing}
   * (a tier's close lease), at least one answers, and all answers are the same. Then the state a
   * node leaves when it stops half way through applying (moves recorded, some members moved, the
   * period not marked applied) is finished by both nodes at once: every member ends exactly one move
   * from where they started.
   */
  @Test
  void aCloseRunOnBothNodesOrStoppedHalfWayMovesEachMemberOnce(Random rnd) {
    String lg = "lgc-" + UUID.randomUUID().toString().substring(0, 8);
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", 4)
        .put("promote", 1).put("relegate", 1).put("period", "daily")).await();
    Map<String, String> before = new LinkedHashMap<>();
    long at = DAY.toEpochMilli() + 1000;
    List<Integer> values = new ArrayList<>();
    for (int v = 1; v <= 12; v++) {
      values.add(v);
    }
    Collections.shuffle(values, rnd);
    for (int i = 0; i < 12; i++) {
      String user = "u" + i;
      String tier = TIERS.get(i % 3);
      before.put(user, tier);
      a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", user).put("tier", tier)),
          true).await();
      (i % 2 == 0 ? a : b).submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user).put("value", values.get(i))
          .put("at", at + i))).await();
    }
    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    Future<LeagueClosed> first = a.closeLeague(lg, "2025-04-15");
    Future<LeagueClosed> second = b.closeLeague(lg, "2025-04-15");
    Future.join(first, second).otherwiseEmpty().await();
    List<LeagueClosed> answers = new ArrayList<>();
    for (Future<LeagueClosed> f : List.of(first, second)) {
      if (f.succeeded()) {
        answers.add(f.result());
      } else {
        assertThat(((LeaderboardException) f.cause()).code()).isEqualTo("period_closing");
      }
    }
    assertThat(answers).isNotEmpty();
    LeagueClosed closed = a.closeLeague(lg, "2025-04-15").await();
    answers.forEach(x -> assertThat(x).isEqualTo(closed));
    Map<String, String> after = new HashMap<>();
    Map<String, String> from = new HashMap<>();
    closed.moves().forEach(m -> {
      after.put(m.userId(), m.to());
      from.put(m.userId(), m.from());
    });
    assertThat(from).isEqualTo(before);
    assertThat(after.values().stream().filter(t -> t.equals("gold")).count()).as("one promoted from silver")
        .isEqualTo(4 + 1 - 1);
    League l = League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
        Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
    LeagueStore members = new LeagueStore(stores.get(1).shards());
    assertThat(members.members(l).await()).isEqualTo(after);

    // as a node leaves it when it stops half way through applying
    stores.get(0).shards().send(Route.META, Request.cmd(Command.SREM).arg(Keys.leagueApplied(l)).arg("2025-04-15"))
        .await();
    Map<String, String> undone = new LinkedHashMap<>();
    after.forEach((u, t) -> undone.put(u, rnd.nextBoolean() ? t : from.get(u)));
    members.apply(l, "other", List.copyOf(undone.keySet()), new ArrayList<>(undone.values())).await();
    assertThat(members.applied(l, "2025-04-15").await()).isFalse();
    Future<LeagueClosed> again = a.closeLeague(lg, "2025-04-15");
    Future<LeagueClosed> racing = b.closeLeague(lg, "2025-04-15");
    Future.join(again, racing).otherwiseEmpty().await();
    for (Future<LeagueClosed> f : List.of(again, racing)) {
      // one node at a time runs the close: the other is refused, or finds it done
      assertThat(f.succeeded() || ((LeaderboardException) f.cause()).code().equals("period_closing")).isTrue();
    }
    assertThat(again.succeeded() || racing.succeeded()).isTrue();
    assertThat(members.members(l).await()).as("each member one move from where they started").isEqualTo(after);
    assertThat(members.applied(l, "2025-04-15").await()).isTrue();
  }

  /**
   * The moves are computed from the tiers' frozen periods in Redis; a close run again once those keys
   * are gone (here: dropped after a close whose moves were then forgotten and undone) computes them
   * from the archive, and they are the same moves.
   */
  @Test
  void aCloseWhoseTiersAreNoLongerInRedisComputesTheSameMovesFromTheArchive(Random rnd) {
    String lg = "lgr-" + UUID.randomUUID().toString().substring(0, 8);
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", 3)
        .put("promote", 1).put("relegate", 1).put("period", "daily").put("dropInactive", rnd.nextBoolean())).await();
    Map<String, String> before = new LinkedHashMap<>();
    long at = DAY.toEpochMilli() + 1000;
    for (int i = 0; i < 20; i++) {
      String user = "r" + i;
      String tier = TIERS.get(rnd.nextInt(3));
      before.put(user, tier);
      a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", user).put("tier", tier)), true).await();
      if (rnd.nextInt(5) > 0) {
        // equal scores too: ties go to who reached the score first
        (i % 2 == 0 ? a : b).submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user)
            .put("value", 1 + rnd.nextInt(4)).put("at", at + i))).await();
      }
    }
    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    LeagueClosed first = a.closeLeague(lg, "2025-04-15").await();
    League l = League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
        Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
    LeagueStore members = new LeagueStore(stores.get(1).shards());
    Map<String, String> after = members.members(l).await();

    // the moves forgotten and undone, the tiers' keys gone from Redis
    stores.get(0).archive().leagueMoves().delete(l.uid()).await();
    stores.get(0).shards().send(Route.META, Request.cmd(Command.SREM).arg(Keys.leagueApplied(l)).arg("2025-04-15"))
        .await();
    members.apply(l, "other", List.copyOf(before.keySet()), new ArrayList<>(before.values())).await();
    for (String tier : TIERS) {
      Board board = stores.get(0).boards().require(l.tierBoard(tier)).await();
      stores.get(0).periods().drop(board, "2025-04-15").await();
    }
    LeagueClosed again = b.closeLeague(lg, "2025-04-15").await();
    assertThat(again).as("the same moves, from the archive").isEqualTo(first);
    assertThat(members.members(l).await()).isEqualTo(after);
  }

  /** A daily ladder over {@link #TIERS} with random cohorts of 2–4, quotas (a count or a share) and dropInactive. */
  private static JsonObject randomLadder(Random rnd) {
    return new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", 2 + rnd.nextInt(3))
        .put("promote", rnd.nextBoolean() ? 1 : "50%").put("relegate", rnd.nextBoolean() ? 1 : "34%")
        .put("period", "daily").put("dropInactive", rnd.nextInt(3) == 0);
  }

  /** The members' tiers as stored, against the model. */
  private void checkTiers(String lg, Map<String, Member> model) {
    League l = league(lg);
    Map<String, String> want = new HashMap<>();
    model.forEach((u, m) -> want.put(u, TIERS.get(m.level)));
    assertThat(new LeagueStore(stores.get(0).shards()).members(l).await()).isEqualTo(want);
  }

  private League league(String lg) {
    return League.fromStored(new JsonObject(stores.get(0).shards().send(Route.META,
        Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(lg)).await().toString()));
  }

  /** Each member's move under {@code ladder}'s quotas and dropInactive, each cohort ranked by score, then time. */
  private static Map<String, Expected> expect(Map<String, Member> model, JsonObject ladder) {
    Object promote = ladder.getValue("promote");
    Object relegate = ladder.getValue("relegate");
    boolean drop = ladder.getBoolean("dropInactive");
    Map<String, Expected> out = new HashMap<>();
    Map<String, List<String>> cohorts = new HashMap<>();
    model.forEach((u, m) -> {
      if (m.cohort != null) {
        cohorts.computeIfAbsent(m.level + "/" + m.cohort, k -> new ArrayList<>()).add(u);
      } else {
        out.put(u, new Expected(drop ? -1 : m.level, null, drop ? "dropped" : "stay"));
      }
    });
    for (List<String> members : cohorts.values()) {
      members.sort(Comparator.<String>comparingLong(u -> -model.get(u).score).thenComparingLong(u -> model.get(u).reached));
      int n = members.size();
      int level = model.get(members.get(0)).level;
      int up = level == TIERS.size() - 1 ? 0 : share(promote, n);
      int down = level == 0 ? 0 : Math.min(share(relegate, n), n - up);
      for (int i = 0; i < n; i++) {
        String movement = i < up ? "up" : i >= n - down ? "down" : "stay";
        int to = movement.equals("up") ? level + 1 : movement.equals("down") ? level - 1 : level;
        out.put(members.get(i), new Expected(to, (long) i + 1, movement));
      }
    }
    return out;
  }

  private static int share(Object quota, int n) {
    return quota instanceof Integer count ? Math.min(count, n) : n * Integer.parseInt(((String) quota).replace("%", ""))
        / 100;
  }
}
