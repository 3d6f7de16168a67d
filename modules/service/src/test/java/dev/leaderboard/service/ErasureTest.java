package dev.leaderboard.service;

import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.ScoreEvent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.ModeratedEntry;
import dev.leaderboard.service.result.Erased;

/**
 * Erasure of a user who is on a hot period, on an archived one (still hot in Redis too) and in
 * friend lists, with idempotency records and a ban: everything goes, the archived period keeps the
 * others' recorded ranks and counts the erased row, and erasing again finds nothing more.
 */
@ExtendWith(VertxExtension.class)
class ErasureTest {
  private final TestClock clock = new TestClock(Instant.parse("2025-04-14T12:00:00Z"));
  private LeaderboardServiceImpl service;
  private LeaderboardServiceImpl moderation;
  private Shards shards;
  private FriendStore friends;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    service = (LeaderboardServiceImpl) NodeServices.of(vertx).leaderboards();
    moderation = service;
    shards = Shards.connect(vertx, TestShards.endpoints(), 2);
    friends = new FriendStore(shards);
  }

  @AfterEach
  void close() {
    shards.close();
  }

  @Test
  void erasesAUserFromHotAndArchivedPeriodsFriendListsAndRecords() {
    String board = "era-" + UUID.randomUUID().toString().substring(0, 8);
    String tag = UUID.randomUUID().toString().substring(0, 6);
    String user = "gone-" + tag;
    String f1 = "f1-" + tag;
    String f2 = "f2-" + tag;
    service.putBoard(board, new JsonObject().put("period", "daily").put("denseRanks", true)).await();
    submit(board, "a", 30, null);
    submit(board, user, 20, "e1");
    submit(board, "b", 20, null);
    submit(board, "c", 10, null);
    List<Entry> archivedBefore = page(board, "2025-04-14");
    clock.set(Instant.parse("2025-04-15T12:00:00Z"));
    service.closePeriod(board, "2025-04-14").await();
    submit(board, user, 5, "e2");
    submit(board, "a", 3, null);
    friends.link(user, f1, 100).await();
    friends.link(user, f2, 100).await();
    friends.link(f1, f2, 100).await();
    moderation.ban(user, new BanRequest(new JsonObject().put("reason", "spam"))).await();

    Erased erased = moderation.erase(user).await();

    assertThat(erased.banLifted()).isTrue();
    assertThat(ours(erased.periods(), board)).containsExactlyInAnyOrder("2025-04-14", "2025-04-15");
    assertThat(erased.eventRecords()).isEqualTo(2);
    assertThat(erased.friends()).containsExactly(f1, f2);
    assertThat(erased.archived().stream().filter(a -> a.board().equals(board)).map(Erased.ArchivedRows::period))
        .containsExactly("2025-04-14");
    // the archived period: the others keep their recorded positions and ranks, the size stays, one erased
    assertThat(status(service.user(board, user, "2025-04-14", null, null))).isEqualTo(404);
    List<Entry> archivedAfter = page(board, "2025-04-14");
    assertThat(archivedAfter).containsExactly(archivedBefore.get(0), archivedBefore.get(2), archivedBefore.get(3));
    PeriodList.Item day = service.periods(board).await().periods().stream()
        .filter(p -> p.period().equals("2025-04-14")).findFirst().orElseThrow();
    assertThat(day.size()).isEqualTo(4);
    assertThat(day.erased()).isEqualTo(1);
    // the hot period ranks the others without the user; the friend lists no longer name the user
    assertThat(status(service.user(board, user, null, null, null))).isEqualTo(404);
    assertThat(service.user(board, "a", null, "dense", null).await().entry().rank()).isEqualTo(1);
    assertThat(friends.friends(user).await()).isEmpty();
    assertThat(friends.friends(f1).await()).containsExactly(f2);
    assertThat(friends.friends(f2).await()).containsExactly(f1);
    // no ban is left, and the idempotency record went: the same event ID with another value is a new event
    ModeratedUser view = moderation.moderatedUser(user).await();
    assertThat(view.banned()).isFalse();
    assertThat(view.ban()).isNull();
    assertThat(submit(board, user, 9, "e2").getBoolean("applied")).isTrue();

    Erased again = moderation.erase(user).await();
    assertThat(ours(again.periods(), board)).containsExactly("2025-04-15");
    Erased third = moderation.erase(user).await();
    assertThat(third.periods()).isEmpty();
    assertThat(third.eventRecords()).isZero();
    assertThat(third.friends()).isEmpty();
    assertThat(third.archived()).isEmpty();
    assertThat(third.banLifted()).isFalse();
  }

  @Test
  void erasureAndRemovalDropTheEntriesMetadata() {
    String tag = UUID.randomUUID().toString().substring(0, 6);
    String b1 = "erm1-" + tag;
    String b2 = "erm2-" + tag;
    String user = "meta-" + tag;
    String other = "kept-" + tag;
    service.putBoard(b1, new JsonObject().put("period", "daily").put("denseRanks", true)).await();
    service.putBoard(b2, new JsonObject().put("period", "daily")).await();
    submitWithMeta(b1, user, 10, "Ann");
    submitWithMeta(b2, user, 20, "Ann");
    submitWithMeta(b1, other, 30, "Bob");
    clock.set(Instant.parse("2025-04-15T12:00:00Z"));
    submitWithMeta(b1, user, 5, "Ann again");
    submitWithMeta(b2, user, 6, "Ann again");
    assertThat(storedMeta(b1, "2025-04-15", user)).isNotNull();

    moderation.erase(user).await();

    for (String board : List.of(b1, b2)) {
      for (String period : List.of("2025-04-14", "2025-04-15")) {
        assertThat(storedMeta(board, period, user)).as("%s %s", board, period).isNull();
      }
    }
    assertThat(storedMeta(b1, "2025-04-14", other)).contains("Bob");
    submit(b1, user, 7, null);
    assertThat(service.user(b1, user, null, null, null).await().entry().meta()).isNull();

    // removing one entry drops its metadata: a later submit without meta shows none
    submitWithMeta(b2, other, 4, "Bob");
    moderation.removeEntry(b2, other, null).await();
    assertThat(storedMeta(b2, "2025-04-15", other)).isNull();
    submit(b2, other, 3, null);
    assertThat(service.user(b2, other, null, null, null).await().entry().meta()).isNull();
  }

  private void submitWithMeta(String board, String user, long value, String name) {
    service.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", value)
        .put("meta", new JsonObject().put("name", name))), false).await();
  }

  /** The user's field of the period's metadata hash on the user's partition, read from Redis. */
  private String storedMeta(String board, String period, String user) {
    Board b = service.board(board).await();
    Route r = Keys.keySet(shards, b, period, Partitioner.partitionOf(user, b.partitions()));
    Response field = shards.send(r, Request.cmd(Command.HGET).arg(Keys.meta(r)).arg(user)).await();
    return field == null ? null : field.toString();
  }

  private JsonObject submit(String board, String user, long value, String eventId) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    if (eventId != null) {
      e.put("eventId", eventId);
    }
    return service.submit(board, new ScoreEvent(e), true).await().toJson();
  }

  private List<Entry> page(String board, String period) {
    return service.entries(board, period, 0L, 100, null, null).await().entries();
  }

  /** The periods an answer's list names on {@code board}. */
  private static List<String> ours(List<ModeratedEntry> items, String board) {
    return items.stream().filter(o -> board.equals(o.board())).map(ModeratedEntry::period).toList();
  }

  private static int status(Future<?> answer) {
    return ((LeaderboardException) catchThrowable(answer::await)).status();
  }
}
