package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import dev.leaderboard.service.result.UserExport;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.request.LeagueJoin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.Erased;

/**
 * A user's league data at an erasure and a league's at its deletion: the erased user is in no
 * league's members, moves, history, rewards or cohort any more, while every other member's data is
 * as it was; a deleted league leaves no tier board, member hash, recorded move or reward.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueErasureTest {
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

  /** A league whose every tier rewards every cohort rank, so every member who scored has a reward. */
  private String league() {
    String lg = "lge-" + UUID.randomUUID().toString().substring(0, 8);
    JsonArray all = new JsonArray().add(new JsonObject().put("topPercent", 100).put("reward", new JsonObject()
        .put("coins", 1)));
    JsonObject rewards = new JsonObject();
    TIERS.forEach(t -> rewards.put(t, all));
    a.putLeague(lg, new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS))).put("cohortSize", 3)
        .put("promote", 1).put("relegate", 1).put("period", "daily").put("rewards", rewards)).await();
    return lg;
  }

  /** Every user scores once or more in the league, at times after {@code from}. */
  private void scores(String lg, List<String> users, long from, Random rnd) {
    JsonArray events = new JsonArray();
    long at = from;
    for (String u : users) {
      for (int k = 0; k <= rnd.nextInt(2); k++) {
        events.add(new JsonObject().put("userId", u).put("value", 1 + rnd.nextInt(5)).put("at", at += 1 + rnd.nextInt(3)));
      }
    }
    assertThat(a.submitLeagueBatch(lg, new ScoreBatch(new JsonObject().put("events", events))).await().batch()
        .applied()).isEqualTo(events.size());
  }

  private League stored(String lg) {
    return new LeagueStore(stores.get(0).shards()).get(lg).await();
  }

  private List<String> users(String prefix, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  /** What the test compares before and after: per league, members and moves; per user, history and rewards. */
  private Map<String, Object> snapshot(List<String> leagues, List<String> users) {
    Map<String, Object> out = new HashMap<>();
    LeagueStore store = new LeagueStore(stores.get(1).shards());
    LeagueMoveStore moves = stores.get(1).archive().leagueMoves();
    for (String lg : leagues) {
      League l = stored(lg);
      out.put(lg + " members", store.members(l).await());
      out.put(lg + " moves", moves.period(l.uid(), PERIOD).await());
      for (String u : users) {
        out.put(lg + " history " + u, b.leagueHistory(lg, u, null).await());
      }
    }
    for (String u : users) {
      out.put("rewards " + u, b.rewards(u, "all", null).await());
    }
    return out;
  }

  @Test
  void anErasedUserLeavesNothingInAnyLeagueAndTheOthersKeepTheirs(Random rnd) {
    String one = league();
    String two = league();
    String victim = "v" + rnd.nextInt(1000);
    List<String> inOne = new ArrayList<>(users("p", 8));
    List<String> inTwo = new ArrayList<>(users("q", 5));
    inOne.add(rnd.nextInt(inOne.size()), victim);
    inTwo.add(rnd.nextInt(inTwo.size()), victim);
    scores(one, inOne, DAY.toEpochMilli() + 1000, rnd);
    scores(two, inTwo, DAY.toEpochMilli() + 1000, rnd);
    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    a.closeLeague(one, PERIOD).await();
    b.closeLeague(two, PERIOD).await();
    // and a hot period after the close
    scores(one, inOne, DAY.plus(Duration.ofDays(1)).toEpochMilli() + 1000, rnd);
    assertThat(b.rewards(victim, "all", null).await().rewards()).hasSize(2);
    assertThat(b.leagueHistory(one, victim, null).await().periods()).hasSize(1);

    List<String> others = new ArrayList<>(inOne);
    others.addAll(inTwo);
    others.removeIf(victim::equals);
    Map<String, Object> before = snapshot(List.of(one, two), others);

    Erased erased = a.erase(victim).await();
    assertThat(erased.leagues()).containsExactlyInAnyOrder(one, two);
    assertThat(erased.leagueMoves()).isEqualTo(2);
    assertThat(erased.rewards()).isEqualTo(2);

    for (String lg : List.of(one, two)) {
      League l = stored(lg);
      assertThat(new LeagueStore(stores.get(0).shards()).members(l).await()).doesNotContainKey(victim);
      assertThat(stores.get(0).archive().leagueMoves().period(l.uid(), PERIOD).await())
          .noneMatch(m -> m.userId().equals(victim));
      assertThat(b.leagueHistory(lg, victim, null).await().periods()).isEmpty();
      LeaderboardException gone = (LeaderboardException) catchThrowable(() -> a.leagueUser(lg, victim, null, null).await());
      assertThat(gone.code()).isEqualTo("not_a_member");
      LeaderboardException archived = (LeaderboardException) catchThrowable(() -> a.leagueUser(lg, victim, PERIOD, null)
          .await());
      assertThat(archived.code()).as("no cohort place left in the archived period").isEqualTo("not_a_member");
    }
    assertThat(b.rewards(victim, "all", null).await().rewards()).isEmpty();
    for (String u : inOne) {
      if (!u.equals(victim)) {
        for (String period : new String[] {null, PERIOD}) {
          List<CohortBoard.Member> entries = a.leagueUser(one, u, period, null).await().entries();
          assertThat(entries.stream().map(CohortBoard.Member::userId)).doesNotContain(victim);
        }
      }
    }
    Map<String, Object> after = snapshot(List.of(one, two), others);
    for (String lg : List.of(one, two)) {
      @SuppressWarnings("unchecked")
      Map<String, String> members = new HashMap<>((Map<String, String>) before.get(lg + " members"));
      members.remove(victim);
      before.put(lg + " members", members);
      before.put(lg + " moves", ((List<?>) before.get(lg + " moves")).stream()
          .filter(m -> !((LeagueMoveStore.Move) m).userId().equals(victim)).toList());
    }
    assertThat(after).as("the others' league data as it was").isEqualTo(before);

    Erased again = b.erase(victim).await();
    assertThat(again.leagues()).isEmpty();
    assertThat(again.leagueMoves()).isZero();
  }

  @Test
  void aDeletedLeagueLeavesNoTierBoardMemberMoveOrReward(Random rnd) {
    String lg = league();
    List<String> members = users("d", 7);
    scores(lg, members, DAY.toEpochMilli() + 1000, rnd);
    clock.set(DAY.plus(Duration.ofDays(1)).plusSeconds(600));
    a.closeLeague(lg, PERIOD).await();
    League l = stored(lg);
    assertThat(stores.get(0).archive().leagueMoves().period(l.uid(), PERIOD).await()).hasSize(7);
    assertThat(b.rewards(members.get(0), "all", null).await().rewards()).hasSize(1);

    b.deleteLeague(lg).await();
    for (String tier : TIERS) {
      assertThat(stores.get(0).boards().fresh(l.tierBoard(tier)).await()).as(tier).isNull();
    }
    assertThat(stores.get(0).shards().send(Route.META, Request.cmd(Command.EXISTS).arg(Keys.leagueMembers(l))
        .arg(Keys.leagueApplied(l))).await().toInteger()).isZero();
    assertThat(stores.get(0).archive().leagueMoves().period(l.uid(), PERIOD).await()).isEmpty();
    for (String u : members) {
      assertThat(b.rewards(u, "all", null).await().rewards()).as(u).isEmpty();
    }
  }

  /** Removing an entry is the boards' route, which never names a tier board: league data is left alone. */
  @Test
  void aTierBoardsEntryCannotBeRemovedThroughTheBoardRoute(Random rnd) {
    String lg = league();
    scores(lg, List.of("x1"), DAY.toEpochMilli() + 1000, rnd);
    LeaderboardException refused = (LeaderboardException) catchThrowable(() -> a.removeEntry("~" + lg + ".bronze",
        "x1", null).await());
    assertThat(refused.code()).isEqualTo("invalid_field");
    assertThat(a.leagueUser(lg, "x1", null, null).await().rank()).isEqualTo(1);
  }
  /**
   * A league score racing an erasure on a node that has not heard of its ban yet: the erasure stored its
   * ban and removed the user's memberships (done on the other node, here written straight to Redis),
   * the score arrives before the ban is dropped. Its join reads the ban itself, so the user is not made a
   * member again, and nothing of them is left in the league when the ban goes.
   */
  @Test
  void aLeagueScoreRacingAnErasureDoesNotMakeTheUserAMemberAgain() {
    String lg = league();
    String user = "racer-" + UUID.randomUUID().toString().substring(0, 8);
    ModerationStore moderation = new ModerationStore(stores.get(0).shards());
    moderation.putBan(user, new Ban("erasure under way", clock.millis(), true)).await();
    try {
      // this node's ban registry has not heard of the ban: only the join's own read of it can keep the user out
      assertThat(stores.get(1).bans().banned(user)).isFalse();
      b.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", user).put("value", 3)))
          .recover(t -> Future.succeededFuture()).await();
      assertThat(new LeagueStore(stores.get(1).shards()).tiersOf(stored(lg), List.of(user)).await())
          .as("a member again?").containsExactly((String) null);
    } finally {
      moderation.dropBan(user).await();
    }
    assertThat(new LeagueStore(stores.get(0).shards()).members(stored(lg)).await()).doesNotContainKey(user);
  }

  /**
   * A score held for the previous period's close is in the user's export, and an erasure takes it out
   * of the held scores: the close's replay lands nothing of the erased user, and the others' held
   * scores still land.
   */
  @Test
  void anErasureTakesTheUsersHeldScoresOutOfTheReplay() {
    String lg = league();
    for (String u : List.of("gone", "stays")) {
      a.joinLeague(lg, new LeagueJoin(new JsonObject().put("userId", u).put("tier", "silver")), true).await();
      a.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", u).put("value", 5)
          .put("at", DAY.toEpochMilli() + 1000))).await();
    }
    Instant next = DAY.plusSeconds(86_400);
    clock.set(next.plusSeconds(2));
    for (String u : List.of("gone", "stays")) {
      assertThat(b.submitLeague(lg, new ScoreEvent(new JsonObject().put("userId", u).put("value", 7)
          .put("eventId", "held-" + u))).await().pending()).isTrue();
    }
    UserExport before = a.exportUser("gone").await();
    assertThat(before.pendingLeagueScores()).hasSize(1);
    assertThat(before.pendingLeagueScores().get(0).league()).isEqualTo(lg);
    assertThat(before.pendingLeagueScores().get(0).after()).isEqualTo(PERIOD);
    assertThat(before.pendingLeagueScores().get(0).event().getString("eventId")).isEqualTo("held-gone");

    b.erase("gone").await();
    assertThat(a.exportUser("gone").await().pendingLeagueScores()).isEmpty();
    clock.set(next.plusSeconds(60));
    a.closeLeague(lg, PERIOD).await();
    LeagueStanding stays = a.leagueUser(lg, "stays", "2025-04-16", null).await();
    assertThat(stays.entries()).extracting(CohortBoard.Member::userId).containsExactly("stays");
    assertThat(a.exportUser("gone").await().periods()).as("nothing of the erased user landed").isEmpty();
  }
}
