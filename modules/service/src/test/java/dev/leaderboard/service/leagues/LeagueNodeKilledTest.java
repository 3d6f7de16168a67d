package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A node killed while it closes a league's period across which the new period's scores are held:
 * node A runs the close and dies at a cut ({@link Cut}), its Redis connections closed there and then
 * ({@link RedisCut}), its stores after, its leases left to lapse. Node B, taking scores all the while,
 * finishes the close once A's lease has lapsed: nothing is refused, every member moves exactly once
 * as the model ranks their cohort, and every held and new score counts exactly once, in the tier the
 * close gave.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueNodeKilledTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private static final Instant NEXT = DAY.plus(Duration.ofDays(1));
  private static final String OLD = "2025-04-15";
  private static final String NEW = "2025-04-16";
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private static final int MEMBERS = 300;
  private static final int COHORT = 20;
  private static final int QUOTA = 3;
  /** How long the killed node's leases outlive it. */
  private static final long LEASE_MILLIS = 2_000;
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private final List<NodeStore> killed = new ArrayList<>();
  private RedisCut cut;

  /** Where node A dies: just before it sends the command named. */
  enum Cut {
    /** Taking the top tier's close lease: the lowest tier is archived, the top one not yet, no move recorded. */
    ARCHIVING,
    /** Writing the members' new tiers: the moves are recorded, nobody has moved. */
    APPLYING,
    /**
     * Recording how far the held scores were replayed: the moves are applied and the first
     * {@value HeldReplay#CHUNK} held scores sent to their tier boards, but no replay is recorded, so
     * the node that finishes replays them again.
     */
    REPLAYING;

    Predicate<List<String>> command(League l, Board top) {
      return switch (this) {
        case ARCHIVING -> c -> c.get(0).equalsIgnoreCase("SET") && c.get(1).equals(Keys.closeLease(top, OLD));
        case APPLYING -> c -> c.get(0).equalsIgnoreCase("HSET") && c.get(1).equals(Keys.leagueMembers(l));
        case REPLAYING -> c -> c.get(0).equalsIgnoreCase("EVALSHA") && c.contains(Keys.leagueHeldIds(l, OLD));
      };
    }
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
    if (cut != null) {
      cut.close();
      if (!cut.made().isComplete()) {
        // a test that failed before the kill
        killed.forEach(NodeStore::close);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Cut.class)
  void aNodeKilledClosingAPeriodLeavesItToTheOtherAndEveryScoreLandsOnce(Cut where, Vertx vertx, Random rnd) {
    cut = RedisCut.start(vertx, TestShards.endpoints());
    LeaderboardServiceImpl a = LeagueNodes.start(vertx, clock, killed, cut.endpoints(), LEASE_MILLIS);
    LeaderboardServiceImpl b = LeagueNodes.start(vertx, clock, stores);
    List<LeaderboardServiceImpl> nodes = List.of(a, b);
    String lg = "lgk-" + UUID.randomUUID().toString().substring(0, 8);
    b.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS)))
        .put("cohortSize", COHORT).put("promote", QUOTA).put("relegate", QUOTA).put("period", "daily")
        .put("graceSeconds", 10).put("autoJoin", true)).await();
    LeagueStore leagues = new LeagueStore(stores.get(0).shards());
    HeldScoreStore held = new HeldScoreStore(stores.get(0).shards());
    League l = leagues.get(lg).await();

    // members placed at random, each with one score of the old period, all distinct
    List<Long> values = new ArrayList<>();
    for (long v = 1; v <= MEMBERS; v++) {
      values.add(v);
    }
    Collections.shuffle(values, rnd);
    List<String> users = new ArrayList<>();
    List<JsonObject> old = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      String u = "k" + i;
      users.add(u);
      old.add(new JsonObject().put("userId", u).put("value", values.get(i)).put("at", DAY.toEpochMilli() + 60_000 + i)
          .put("eventId", "o-" + u));
    }
    for (int from = 0; from < MEMBERS; from += 100) {
      Future.all(users.subList(from, from + 100).stream()
          .map(u -> leagues.join(l, u, TIERS.get(rnd.nextInt(TIERS.size())), true)).toList()).await();
    }
    Map<String, String> before = leagues.members(l).await();
    assertThat(send(nodes, lg, old, rnd, 100).applied).isEqualTo(MEMBERS);

    // within the grace the new period's scores are held: all members but a tenth send two, one with a
    // time of its own and one without (it takes the time it is replayed at)
    clock.set(NEXT.plusSeconds(2));
    Map<String, Long> newScore = new HashMap<>();
    List<JsonObject> fresh = new ArrayList<>();
    List<String> holding = new ArrayList<>(users);
    Collections.shuffle(holding, rnd);
    for (String u : holding.subList(MEMBERS / 10, MEMBERS)) {
      long first = 1 + rnd.nextInt(9);
      long second = 1 + rnd.nextInt(9);
      JsonObject at = new JsonObject().put("userId", u).put("value", first).put("eventId", "h-" + u + "-0")
          .put("at", NEXT.toEpochMilli() + rnd.nextInt(2000));
      fresh.add(at);
      fresh.add(new JsonObject().put("userId", u).put("value", second).put("eventId", "h-" + u + "-1"));
      newScore.merge(u, first + second, Long::sum);
    }
    Collections.shuffle(fresh, rnd);
    Totals grace = send(nodes, lg, fresh, rnd, 60);
    assertThat(grace.pending).as("every new-period score within the grace is held").isEqualTo(fresh.size());
    assertThat(fresh.size()).as("more held than one replay round").isGreaterThan(HeldReplay.CHUNK);

    // the model: each cohort ranked by its old scores
    Map<String, Move> expected = expect(b, lg);
    assertThat(expected.keySet()).containsExactlyInAnyOrderElementsOf(users);
    Map<String, String> want = new HashMap<>();
    expected.forEach((u, m) -> want.put(u, m.to()));

    // past the grace, node A closes the period and dies at the cut
    clock.set(NEXT.plusSeconds(30));
    Board top = stores.get(0).boards().require(l.tierBoard(TIERS.get(TIERS.size() - 1))).await();
    cut.at(where.command(l, top));
    Future<LeagueClosed> closing = a.closeLeague(lg, OLD);
    Await.until("node A reaches the cut " + where, Duration.ofSeconds(60), () -> cut.made().isComplete());
    Future<Void> gone = killed.get(0).close();
    Await.until("node A's stores closed", Duration.ofSeconds(30), gone::isComplete);
    Await.until("node A's close ends", Duration.ofSeconds(30), closing::isComplete);
    assertThat(closing.failed()).as("the killed node never answers its close: %s", closing.result()).isTrue();

    // what node A left behind
    long recorded = stores.get(0).archive().leagueMoves().counts(l.uid(), OLD).await().total();
    boolean applied = leagues.applied(l, OLD).await();
    switch (where) {
      case ARCHIVING -> {
        Board lowest = stores.get(0).boards().require(l.tierBoard(TIERS.get(0))).await();
        assertThat(stores.get(0).periods().states(lowest).await().get(OLD)).isEqualTo(PeriodState.ARCHIVED);
        assertThat(stores.get(0).periods().states(top).await().get(OLD)).isNotIn(PeriodState.CLOSING,
            PeriodState.ARCHIVED);
        assertThat(recorded).as("no move recorded").isZero();
        assertThat(applied).isFalse();
        assertThat(leagues.members(l).await()).as("nobody moved").isEqualTo(before);
      }
      case APPLYING -> {
        assertThat(recorded).as("every move recorded").isEqualTo(MEMBERS);
        assertThat(applied).isFalse();
        assertThat(leagues.members(l).await()).as("nobody moved").isEqualTo(before);
      }
      case REPLAYING -> {
        assertThat(applied).isTrue();
        assertThat(leagues.members(l).await()).as("every member moved").isEqualTo(want);
        assertThat(held.replayedSoFar(l, OLD).await()).as("no replay recorded").isZero();
        assertThat(b.leagueTiers(lg, NEW).await().tiers().stream().mapToLong(LeagueTiers.Tier::members).sum())
            .as("the first held scores landed").isPositive();
      }
    }
    assertThat(held.settled(l, OLD).await()).isFalse();

    // time goes on; node B takes scores, held or landed at once, and finishes the close once A's lease lapsed
    clock.set(NEXT.plusSeconds(50));
    List<String> refusals = new ArrayList<>();
    int[] sent = {0};
    Await.until("node B finishes the close", Duration.ofSeconds(30), () -> {
      String u = users.get(rnd.nextInt(MEMBERS));
      long value = 1 + rnd.nextInt(9);
      JsonObject e = new JsonObject().put("userId", u).put("value", value).put("eventId", "t-" + sent[0]++);
      LeagueStanding s = b.submitLeague(lg, new ScoreEvent(e)).await();
      newScore.merge(u, value, Long::sum);
      if (s.pending() == null) {
        assertThat(leagues.applied(l, OLD).await()).as("%s lands only once the moves are applied", s).isTrue();
        assertThat(s.tier()).as("%s", s).isEqualTo(want.get(u));
        assertThat(s.scored().applied()).isTrue();
      }
      Future<LeagueClosed> again = b.closeLeague(lg, OLD);
      again.otherwiseEmpty().await();
      if (again.failed()) {
        assertThat(((LeaderboardException) again.cause()).code()).as("%s", again.cause()).isEqualTo("period_closing");
        refusals.add(again.cause().getMessage());
      }
      return held.settled(l, OLD).await();
    });
    System.out.printf("node B finished the close after %d refusals and %d scores%n", refusals.size(), sent[0]);

    // after the close: scores land at once in the tier it gave; held ones sent again count nothing
    List<JsonObject> after = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      String u = users.get(rnd.nextInt(MEMBERS));
      long value = 1 + rnd.nextInt(9);
      newScore.merge(u, value, Long::sum);
      after.add(new JsonObject().put("userId", u).put("value", value).put("eventId", "n-" + i));
    }
    after.addAll(fresh.subList(0, 50));
    Collections.shuffle(after, rnd);
    Totals landed = send(List.of(b), lg, after, rnd, 25);
    assertThat(landed.pending).isZero();
    assertThat(landed.applied).as("the new ones").isEqualTo(100);
    assertThat(landed.duplicate).as("held ones sent again").isEqualTo(50);

    // every member moved once, as the model says
    LeagueClosed closed = b.closeLeague(lg, OLD).await();
    assertThat(closed.total()).isEqualTo(MEMBERS);
    assertThat(moves(b, lg)).isEqualTo(expected);
    assertThat(leagues.members(l).await()).as("every member's tier is their move's").isEqualTo(want);

    // every held and new score counted once, in the tier the close gave
    Map<String, String> landedIn = new HashMap<>();
    Map<String, Long> landedScore = new HashMap<>();
    for (LeagueTiers.Tier t : b.leagueTiers(lg, NEW).await().tiers()) {
      for (long c = 1; c <= t.cohorts(); c++) {
        for (LeagueCohort.Ranked r : b.leagueCohort(lg, t.tier(), c, NEW).await().entries()) {
          assertThat(landedIn.put(r.entry().userId(), t.tier())).as("%s in one cohort", r.entry().userId()).isNull();
          landedScore.put(r.entry().userId(), r.entry().score());
        }
      }
    }
    assertThat(landedScore).as("each member's new-period score").isEqualTo(newScore);
    Map<String, String> newTiers = new HashMap<>(want);
    newTiers.keySet().retainAll(newScore.keySet());
    assertThat(landedIn).as("each member's new tier").isEqualTo(newTiers);
  }

  /**
   * Each member's move as the model says, from the old period's cohorts as a node reads them before
   * the close: in each cohort the first {@value #QUOTA} (by score) move up, unless in the top tier, and
   * of the rest the last {@value #QUOTA} down, unless in the lowest.
   */
  private static Map<String, Move> expect(LeaderboardServiceImpl node, String lg) {
    Map<String, Move> out = new HashMap<>();
    for (LeagueTiers.Tier t : node.leagueTiers(lg, OLD).await().tiers()) {
      int level = TIERS.indexOf(t.tier());
      for (long c = 1; c <= t.cohorts(); c++) {
        List<LeagueCohort.Ranked> cohort = new ArrayList<>(node.leagueCohort(lg, t.tier(), c, OLD).await().entries());
        assertThat(cohort.size()).as("cohort size").isLessThanOrEqualTo(COHORT);
        cohort.sort(Comparator.comparingLong((LeagueCohort.Ranked r) -> -r.entry().score()));
        int n = cohort.size();
        int up = level == TIERS.size() - 1 ? 0 : Math.min(QUOTA, n);
        int down = level == 0 ? 0 : Math.min(QUOTA, n - up);
        for (int r = 0; r < n; r++) {
          String movement = r < up ? "up" : r >= n - down ? "down" : "stay";
          String to = TIERS.get(movement.equals("up") ? level + 1 : movement.equals("down") ? level - 1 : level);
          String u = cohort.get(r).entry().userId();
          out.put(u, new Move(u, t.tier(), to, c, r + 1L, cohort.get(r).entry().score(), movement));
        }
      }
    }
    return out;
  }

  /** What batches answered, summed over first sends; nothing refused, failed or in conflict. */
  private static final class Totals {
    long applied;
    long duplicate;
    long pending;
  }

  /**
   * Sends the events from the nodes at random, in batches of up to {@code batch} with about one event
   * in five alone; about one batch in six is sent a second time once answered (a retry: held once, or
   * a duplicate), which the totals leave out.
   */
  private static Totals send(List<LeaderboardServiceImpl> nodes, String lg, List<JsonObject> events, Random rnd,
      int batch) {
    Totals t = new Totals();
    for (int from = 0; from < events.size(); ) {
      int n = rnd.nextInt(5) == 0 ? 1 : Math.min(events.size() - from, 1 + rnd.nextInt(batch));
      List<JsonObject> part = events.subList(from, from + n);
      from += n;
      for (int round = 0; round < (rnd.nextInt(6) == 0 ? 2 : 1); round++) {
        LeaderboardServiceImpl node = nodes.get(rnd.nextInt(nodes.size()));
        if (n == 1) {
          LeagueStanding s = node.submitLeague(lg, new ScoreEvent(part.get(0).copy())).await();
          if (round == 0) {
            t.pending += Boolean.TRUE.equals(s.pending()) ? 1 : 0;
            t.applied += s.pending() == null && s.scored().applied() ? 1 : 0;
            t.duplicate += s.pending() == null && !s.scored().applied() ? 1 : 0;
          }
          continue;
        }
        LeagueBatchResult r = node.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events",
            new JsonArray(new ArrayList<Object>(part.stream().map(JsonObject::copy).toList()))))).await();
        assertThat(r.batch().rejected()).as("%s", r.batch().rejections()).isZero();
        assertThat(r.batch().failed()).as("%s", r.batch().failures()).isZero();
        assertThat(r.batch().conflict()).as("%s", r.batch().conflicts()).isZero();
        if (round == 0) {
          t.applied += r.batch().applied();
          t.duplicate += r.batch().duplicate();
          t.pending += r.pending();
        }
      }
    }
    return t;
  }

  /** The period's recorded moves, read page by page, each member's once. */
  private static Map<String, Move> moves(LeaderboardServiceImpl node, String lg) {
    Map<String, Move> out = new HashMap<>();
    String after = null;
    do {
      LeagueMovePage page = node.leagueMoves(lg, OLD, null, null, 100, after).await();
      for (Move m : page.moves()) {
        assertThat(out.put(m.userId(), m)).as("%s moved once", m.userId()).isNull();
      }
      after = page.next();
    } while (after != null);
    return out;
  }
}
