package dev.leaderboard.service.moderation;

import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.boards.BoardNoticeTest;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.ServiceGraph;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.ModeratedEntry;
import dev.leaderboard.service.result.BanChange;

/**
 * Bans seen by other nodes: services with caches of their own over the same Redis and one event
 * bus, as the nodes of a cluster are. Node C never hears a notice (its ban cache is not started),
 * standing for a node that has not seen the ban yet: the partitions' banned markers still refuse
 * its writes, and before its first write to a new period it reloads the bans.
 */
@ExtendWith(VertxExtension.class)
class BanAcrossNodesTest {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  private final List<Node> nodes = new ArrayList<>();
  private Node a;
  private Node b;
  private Node c;

  /** One node's service: its own store (connections, board cache and ban cache). */
  private final class Node {
    final NodeStore store;
    final BoardRegistry boards;
    final BanRegistry bans;
    final LeaderboardServiceImpl service;

    Node(boolean hearsNotices) {
      store = NodeStore.connect(vertx, NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri())).await();
      boards = store.boards();
      bans = store.bans();
      if (!hearsNotices) {
        bans.stop().await();
      }
      service = new ServiceGraph(vertx, store, CLOCK, 4, PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS).service();
      nodes.add(this);
    }

    JsonObject submit(String board, String user, long value) {
      return service.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", value)), true).await().toJson();
    }

    List<Entry> entries(String board) {
      return service.entries(board, null, 0L, 100, null, null).await().entries();
    }
  }

  private Vertx vertx;

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    a = new Node(true);
    b = new Node(true);
    c = new Node(false);
  }

  @AfterEach
  void stop() {
    for (Node n : nodes) {
      n.store.close().await();
    }
  }

  @Test
  void aBanAndItsLiftAreSeenByEveryNodeAtOnce() {
    String board = board(new JsonObject().put("denseRanks", true));
    String user = "ban-" + UUID.randomUUID().toString().substring(0, 8);
    b.submit(board, "x", 50);
    JsonObject before = b.submit(board, user, 40);
    b.submit(board, "y", 30);
    List<Entry> withUser = a.entries(board);

    a.service.ban(user, new BanRequest(new JsonObject().put("reason", "cheating"))).await();

    BoardNoticeTest.awaitCondition("node B hears of the ban", () -> b.bans.banned(user));
    assertBanned(b.service.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", 5)), true));
    assertThat(status(b.service.user(board, user, null, null, null))).isEqualTo(404);
    // the others move up: y is second now, in every rank mode
    List<Entry> without = b.entries(board);
    assertThat(without).extracting(Entry::userId).containsExactly("x", "y");
    assertThat(without.get(1).rank()).isEqualTo(2);
    assertThat(b.service.entries(board, null, 0L, 10, "dense", null).await().entries().get(1).rank()).isEqualTo(2);

    // node C has not heard of the ban: the partition's marker refuses its write, which changes nothing
    assertThat(c.bans.banned(user)).isFalse();
    assertBanned(c.service.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", 5).put("eventId", "e")), true));
    assertThat(b.entries(board)).isEqualTo(without);
    // a board created during the ban: C reloads the bans before its first write to the new period
    String later = board(new JsonObject());
    assertBanned(c.service.submit(later, new ScoreEvent(new JsonObject().put("userId", user).put("value", 5)), true));
    assertThat(c.bans.banned(user)).isTrue();
    assertThat(c.entries(later)).isEmpty();

    BanChange lifted = b.service.lift(user).await();
    assertThat(lifted.restored()).hasSize(1);
    BoardNoticeTest.awaitCondition("node A hears of the lift", () -> !a.bans.banned(user));
    Entry back = a.service.user(board, user, null, null, null).await().entry();
    assertThat(back.score()).isEqualTo(before.getLong("score"));
    assertThat(back.at()).isEqualTo(before.getLong("at"));
    assertThat(a.entries(board)).isEqualTo(withUser);
    assertThat(a.submit(board, user, 1).getLong("score")).isEqualTo(41);
  }

  @Test
  void banningTwiceKeepsTheFirstTimeAndAPeriodClosedDuringTheBanIsArchivedWithoutTheUser() {
    String closing = board(new JsonObject());
    String staying = board(new JsonObject());
    String user = "ban-" + UUID.randomUUID().toString().substring(0, 8);
    a.submit(closing, user, 10);
    a.submit(closing, "z", 5);
    a.submit(staying, user, 7);
    Bans moderation = new Bans(a);
    BanChange first = moderation.ban(user, "first");
    BanChange again = moderation.ban(user, "second");
    assertThat(((BanChange.Put) again).since()).isEqualTo(((BanChange.Put) first).since());
    assertThat(again.held()).isEmpty();
    ModeratedUser view = a.service.moderatedUser(user).await();
    assertThat(view.ban().reason()).isEqualTo("second");
    assertThat(view.heldByBan()).hasSize(2);

    a.service.closePeriod(closing, null).await();
    assertThat(status(a.service.user(closing, user, null, null, null))).isEqualTo(404);
    assertThat(a.entries(closing)).extracting(Entry::rank).containsExactly(1L);

    BanChange lifted = a.service.lift(user).await();
    assertThat(lifted.restored()).extracting(ModeratedEntry::board).containsExactly(staying);
    assertThat(a.service.user(staying, user, null, null, null).await().entry().score()).isEqualTo(7);
    assertThat(status(a.service.user(closing, user, null, null, null))).isEqualTo(404);
    assertThat(status(a.service.lift(user))).isEqualTo(404);
  }

  @Test
  void aBanALiftAndAnErasureCutShortAreFinishedByRunningThemAgain() {
    String one = board(new JsonObject().put("denseRanks", true));
    String two = board(new JsonObject());
    String user = "ban-" + UUID.randomUUID().toString().substring(0, 8);
    a.submit(one, user, 10);
    a.submit(two, user, 20);
    a.submit(one, "w", 15);
    List<Entry> before = a.entries(one);
    ModerationStore store = new ModerationStore(a.store.shards());
    List<ModerationStore.Target> both = List.of(target(one), target(two));

    // a ban that stopped after the record and the first board
    store.putBan(user, new Ban("first try", 1, false)).await();
    store.apply(ModerationStore.Op.BAN, user, List.of(target(one))).await();
    BanChange ban = a.service.ban(user, new BanRequest(new JsonObject().put("reason", "again"))).await();
    assertThat(((BanChange.Put) ban).since()).isEqualTo(1);
    assertThat(ban.held()).extracting(ModeratedEntry::board).containsExactly(two);
    assertThat(a.service.moderatedUser(user).await().heldByBan()).hasSize(2);

    // a lift that stopped after the first board: the user is still banned until it is run again
    store.apply(ModerationStore.Op.LIFT, user, List.of(target(one))).await();
    assertThat(store.ban(user).await()).isNotNull();
    BanChange lifted = a.service.lift(user).await();
    assertThat(lifted.restored()).extracting(ModeratedEntry::board).containsExactly(two);
    assertThat(a.entries(one)).isEqualTo(before);
    assertThat(a.service.user(two, user, null, null, null).await().entry().score()).isEqualTo(20);

    // an erasure that stopped after the partitions: the user stays locked out until it is run again
    store.putBan(user, new Ban("erasure under way", 2, true)).await();
    store.apply(ModerationStore.Op.ERASE, user, both).await();
    assertThat(status(a.service.ban(user, new BanRequest(new JsonObject().put("reason", "x"))))).isEqualTo(409);
    assertBanned(a.service.submit(one, new ScoreEvent(new JsonObject().put("userId", user).put("value", 1)), true));
    assertThat(a.service.erase(user).await().periods()).isEmpty();
    assertThat(store.ban(user).await()).isNull();
    assertThat(a.entries(one)).extracting(Entry::userId).containsExactly("w");
    assertThat(a.submit(one, user, 1).getLong("rank")).isEqualTo(2);
  }

  private ModerationStore.Target target(String board) {
    return new ModerationStore.Target(a.boards.require(board).await(), "2025-04-15");
  }

  /** Bans through node {@code n}'s moderation. */
  private record Bans(Node n) {
    BanChange ban(String user, String reason) {
      return n.service.ban(user, new BanRequest(new JsonObject().put("reason", reason))).await();
    }
  }

  private String board(JsonObject spec) {
    String name = "ban-" + UUID.randomUUID().toString().substring(0, 8);
    a.service.putBoard(name, spec.put("period", "daily")).await();
    return name;
  }

  private static void assertBanned(Future<?> answer) {
    LeaderboardException e = (LeaderboardException) catchThrowable(answer::await);
    assertThat(e.status()).isEqualTo(403);
    assertThat(e.code()).isEqualTo("banned");
  }

  private static int status(Future<?> answer) {
    return ((LeaderboardException) catchThrowable(answer::await)).status();
  }
}
