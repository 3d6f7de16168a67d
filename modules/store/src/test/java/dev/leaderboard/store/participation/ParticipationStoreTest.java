package dev.leaderboard.store.participation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.Live;
import dev.leaderboard.store.participation.ParticipationStore.Join;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.participation.ParticipationStore.Status;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Command;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.scores.SubmitOutcome;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Joins, size limits, cohort placement and attempts under concurrency, from two clients standing for
 * two nodes: each decision is one script on one route, so the limits hold exactly.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ParticipationStoreTest {
  /** Room for every join of a test in flight at once: the tests race joins, they do not overload the pool. */
  static final RedisPool ROOMY = new RedisPool(8, 4096);
  private static final long NOW = Instant.parse("2025-04-15T12:00:00Z").toEpochMilli();

  private Shards nodeA;
  private Shards nodeB;

  Shards connect(Vertx vertx) {
    return Shards.connect(vertx, TestShards.endpoints(), ROOMY);
  }

  @BeforeEach
  void start(Vertx vertx) {
    nodeA = connect(vertx);
    nodeB = connect(vertx);
    new ScoreStore(nodeA).loadScripts().await();
  }

  @AfterEach
  void close() {
    nodeA.close();
    nodeB.close();
  }

  private Board board(JsonObject spec) {
    Board b = Board.define("cp-" + UUID.randomUUID().toString().substring(0, 8), spec.put("partitions", 8), null,
        Instant.ofEpochMilli(NOW - 60_000), 8, UUID.randomUUID().toString().substring(0, 6));
    Live.mark(nodeA, b, "all");
    return b;
  }

  @Test
  void twoHundredConcurrentJoinsFromTwoNodesAdmitExactlyMaxSize(Random rnd) {
    Board b = board(new JsonObject().put("joinRequired", true).put("maxSize", 50));
    ParticipationStore a = new ParticipationStore(nodeA);
    ParticipationStore c = new ParticipationStore(nodeB);
    List<Future<Join>> joins = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      joins.add((rnd.nextBoolean() ? a : c).join(b, "all", "u" + i, "", NOW + i));
    }
    List<Join> done = Future.all(joins).await().list();
    Set<String> admitted = new HashSet<>();
    for (int i = 0; i < done.size(); i++) {
      assertThat(done.get(i).status()).isIn(Status.JOINED, Status.FULL);
      if (done.get(i).status() == Status.JOINED) {
        admitted.add("u" + i);
      }
    }
    assertThat(admitted).hasSize(50);
    ParticipationStore.ParticipantPage page = a.page(b, "all", 0, 500).await();
    assertThat(page.total()).isEqualTo(50);
    assertThat(page.participants()).extracting(Participant::userId).containsExactlyInAnyOrderElementsOf(admitted);
    // a seat of a board without cohorts comes without members
    String seatedUser = admitted.iterator().next();
    ParticipationStore.Seated seated = c.seated(b, "all", seatedUser).await();
    assertThat(seated.participant()).isEqualTo(c.participant(b, "all", seatedUser).await());
    assertThat(seated.participant().cohort()).isZero();
    assertThat(seated.cohort()).isEmpty();
    // joining again answers the first join, full or not
    Join again = c.join(b, "all", admitted.iterator().next(), "", NOW + 10_000).await();
    assertThat(again.status()).isEqualTo(Status.ALREADY);
    assertThat(c.join(b, "all", "late", "", NOW + 10_000).await().status()).isEqualTo(Status.FULL);
  }

  @Test
  void concurrentJoinsFillCohortsOfSevenPerValueWithAtMostOneNotFull(Random rnd) {
    Board b = board(new JsonObject().put("cohortSize", 7).put("cohortBy", "bracket"));
    ParticipationStore a = new ParticipationStore(nodeA);
    ParticipationStore c = new ParticipationStore(nodeB);
    String[] brackets = {"gold", "silver", "", "bronze"};
    int n = 150 + rnd.nextInt(100);
    Map<String, String> valueOf = new HashMap<>();
    List<Future<Join>> joins = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String user = "u" + i;
      String value = brackets[rnd.nextInt(brackets.length)];
      valueOf.put(user, value);
      joins.add((rnd.nextBoolean() ? a : c).join(b, "all", user, value, NOW + i));
    }
    List<Join> done = Future.all(joins).await().list();
    Map<Long, List<String>> cohorts = new HashMap<>();
    for (Join j : done) {
      assertThat(j.status()).isEqualTo(Status.JOINED);
      cohorts.computeIfAbsent(j.participant().cohort(), k -> new ArrayList<>()).add(j.participant().userId());
    }
    Map<String, Integer> notFull = new HashMap<>();
    for (Map.Entry<Long, List<String>> cohort : cohorts.entrySet()) {
      List<String> members = cohort.getValue();
      assertThat(members).as("cohort " + cohort.getKey()).hasSizeLessThanOrEqualTo(7);
      Set<String> values = new HashSet<>();
      members.forEach(u -> values.add(valueOf.get(u)));
      assertThat(values).as("one bracket per cohort").hasSize(1);
      if (members.size() < 7) {
        notFull.merge(values.iterator().next(), 1, Integer::sum);
      }
      assertThat(a.cohort(b, "all", cohort.getKey()).await()).containsExactlyInAnyOrderElementsOf(members);
    }
    assertThat(notFull.values()).allMatch(k -> k == 1);
    List<Long> ids = new ArrayList<>(cohorts.keySet());
    Collections.sort(ids);
    assertThat(ids.get(0)).isEqualTo(1);
    assertThat(ids.get(ids.size() - 1)).isEqualTo(ids.size());
    for (Map.Entry<String, String> user : valueOf.entrySet()) {
      Participant p = c.participant(b, "all", user.getKey()).await();
      assertThat(cohorts.get(p.cohort())).contains(user.getKey());
      // the seat and the cohort's members in one call: what the two reads answer
      ParticipationStore.Seated seated = a.seated(b, "all", user.getKey()).await();
      assertThat(seated.participant()).isEqualTo(p);
      assertThat(seated.cohort()).isEqualTo(a.cohort(b, "all", p.cohort()).await());
    }
    assertThat(a.seated(b, "all", "nobody").await()).isNull();
  }

  @Test
  void concurrentSubmitsOfOneUserAreAdmittedExactlyMaxAttempts(Random rnd) {
    int max = 3 + rnd.nextInt(8);
    Board b = board(new JsonObject().put("maxAttempts", max));
    ScoreStore a = new ScoreStore(nodeA);
    ScoreStore c = new ScoreStore(nodeB);
    List<Future<SubmitOutcome>> submits = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      SubmitCommand e = new SubmitCommand("all", "alice", Operator.INCR, 1, 0, "e" + i);
      submits.add((rnd.nextBoolean() ? a : c).submit(b, e, NOW, 3_600_000));
    }
    List<SubmitOutcome> done = Future.all(submits).await().list();
    List<Integer> lefts = new ArrayList<>();
    int applied = 0;
    for (SubmitOutcome o : done) {
      if (o.applied()) {
        applied++;
        lefts.add(o.attemptsLeft());
      } else {
        assertThat(o.status()).isEqualTo(SubmitOutcome.Status.ATTEMPTS_EXHAUSTED);
        assertThat(o.attemptsLeft()).isZero();
      }
    }
    assertThat(applied).isEqualTo(max);
    Collections.sort(lefts);
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < max; i++) {
      expected.add(i);
    }
    assertThat(lefts).isEqualTo(expected);
    assertThat(b.scoreOf(a.stored(b, "all", "alice").await().composite())).isEqualTo(max);
    // a duplicate of an applied event is no attempt and is still answered as a duplicate
    int firstApplied = 0;
    while (!done.get(firstApplied).applied()) {
      firstApplied++;
    }
    SubmitCommand dup = new SubmitCommand("all", "alice", Operator.INCR, 1, 0, "e" + firstApplied);
    assertThat(a.submit(b, dup, NOW, 3_600_000).await().status()).isEqualTo(SubmitOutcome.Status.DUPLICATE);
    assertThat(new ParticipationStore(nodeA).attemptsUsed(b, "all", List.of("alice", "bob")).await())
        .containsExactly(max, 0);
  }

  @Test
  void submitsCheckMembershipInThePartitionAtomically() {
    Board required = board(new JsonObject().put("joinRequired", true));
    ScoreStore scores = new ScoreStore(nodeA);
    SubmitCommand e = new SubmitCommand("all", "bob", Operator.SET, 5, 0, "x1");
    assertThat(scores.submit(required, e, NOW, 3_600_000).await().status()).isEqualTo(SubmitOutcome.Status.NOT_JOINED);
    assertThat(scores.stored(required, "all", "bob").await()).isNull();
    new ParticipationStore(nodeB).join(required, "all", "bob", "", NOW).await();
    assertThat(scores.submit(required, e, NOW, 3_600_000).await().status()).isEqualTo(SubmitOutcome.Status.CHANGED);

    Board onSubmit = board(new JsonObject().put("maxSize", 1));
    assertThat(scores.submit(onSubmit, e, NOW, 3_600_000).await().status()).isEqualTo(SubmitOutcome.Status.NEEDS_JOIN);
    assertThat(scores.stored(onSubmit, "all", "bob").await()).isNull();
  }

  /**
   * An erasure's removal of a user's seats bars them from the period at its home until its end, and
   * a join that passed the home before the bar leaves no copy on a partition the erasure has marked:
   * whatever a node's ban cache knows, nothing of the user is seated by a join racing the erasure.
   */
  @Test
  void anErasedUserIsNeverSeatedAgainNorCopiedOntoAMarkedPartition() {
    Board b = board(new JsonObject().put("joinRequired", true).put("cohortSize", 10));
    ParticipationStore a = new ParticipationStore(nodeA);
    ParticipationStore other = new ParticipationStore(nodeB);
    assertThat(a.join(b, "all", "ann", "", NOW).await().status()).isEqualTo(Status.JOINED);
    assertThat(new UserSeats(nodeA).forget(List.of(new UserSeats.BoardPeriod(b, "all")), "ann").await()).isEqualTo(1);
    Join again = other.join(b, "all", "ann", "", NOW + 1).await();
    assertThat(again.status()).as("a join after the erasure, from a node that has not heard of it").isEqualTo(Status.BARRED);
    assertThat(a.participant(b, "all", "ann").await()).isNull();
    new UserSeats(nodeA).unbar(List.of(new UserSeats.BoardPeriod(b, "all")), "ann").await();
    assertThat(other.join(b, "all", "ann", "", NOW + 3).await().status()).as("once the erasure is over, a new participant")
        .isEqualTo(Status.JOINED);

    // a join racing an erasure: seated at the home just before the bar, its copy arrives after the mark
    Route partition = Keys.home(nodeA, b, "all", "bob");
    nodeA.send(partition, Request.cmd(Command.SADD).arg(Keys.banned(partition)).arg("bob")).await();
    assertThat(other.join(b, "all", "bob", "", NOW + 2).await().status()).as("the copy refused").isEqualTo(Status.BARRED);
    assertThat(nodeA.send(partition, Request.cmd(Command.HGET).arg(Keys.participants(partition)).arg("bob")).await())
        .as("no copy on the marked partition").isNull();
  }
}
