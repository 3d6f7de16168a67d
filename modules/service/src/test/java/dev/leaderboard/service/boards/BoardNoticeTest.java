package dev.leaderboard.service.boards;

import dev.leaderboard.core.BusAddresses;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Board and period notices are only a name: a node re-reads what is stored, so a forged notice that
 * carries a definition or a state of its sender's choosing changes nothing. The registry reads over
 * one connection, so its reads complete in the order of the notices; a genuine notice sent last
 * shows when the forged ones before it have been handled.
 */
@ExtendWith(VertxExtension.class)
public class BoardNoticeTest {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private Vertx vertx;
  private Shards shards;
  private BoardStore store;
  private BoardRegistry registry;

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    shards = Shards.connect(vertx, TestShards.endpoints(), 1);
    store = new BoardStore(shards);
    registry = new BoardRegistry(vertx, store,
        new PeriodStore(store.shards(), new ModerationStore(store.shards())));
    registry.start().await();
  }

  @AfterEach
  void stop() {
    registry.stop().await();
    shards.close();
  }

  @Test
  void aForgedBoardNoticeChangesNothing() {
    Board board = create(new JsonObject().put("maxScore", 1000));
    Board sentinel = create(new JsonObject());
    String ghost = "notice-" + UUID.randomUUID().toString().substring(0, 8);
    // the sentinel changes behind the registry's back, as another node's write would
    Board sentinelNow = Board.define(sentinel.name(), new JsonObject().put("maxScore", 7), sentinel, NOW, 4, "x");
    store.update(sentinelNow).await();

    JsonObject bogus = Board.define(board.name(), new JsonObject().put("maxScore", 1), board, NOW, 4, "x").toStored();
    publish(BusAddresses.BOARD_CHANGED, new JsonObject().put("board", board.name()).put("definition", bogus));
    publish(BusAddresses.BOARD_CHANGED, new JsonObject().put("board", ghost)
        .put("definition", Board.define(ghost, new JsonObject(), null, NOW, 4, "x").toStored()));
    publish(BusAddresses.BOARD_CHANGED, new JsonObject().put("board", 42).put("definition", bogus));
    publish(BusAddresses.BOARD_CHANGED, "not a notice");
    publish(BusAddresses.BOARD_CHANGED, new JsonObject().put("board", sentinel.name()));

    awaitCondition("the sentinel's new definition is read", () -> sentinelNow.equals(cached(sentinel.name())));
    assertThat(cached(board.name())).isEqualTo(board);
    assertThat(cached(ghost)).isNull();
    assertThat(registry.require(board.name()).await().maxScore()).isEqualTo(1000);
  }

  @Test
  void aForgedPeriodNoticeChangesNoPeriodsState() {
    Board daily = create(new JsonObject().put("period", "daily"));
    PeriodStore periods = new PeriodStore(shards, new ModerationStore(shards));
    assertThat(registry.periodStates(daily).await()).isEmpty();

    publish(BusAddresses.PERIOD_CHANGED, new JsonObject().put("uid", daily.uid()).put("period", "2025-04-14")
        .put("state", "archived"));
    publish(BusAddresses.PERIOD_CHANGED, new JsonObject().put("board", daily.name()).put("period", "2025-04-14")
        .put("state", "archived"));
    // a real change, stored and announced by name
    periods.setState(daily, "2025-04-13", PeriodState.CLOSING).await();
    publish(BusAddresses.PERIOD_CHANGED, new JsonObject().put("board", daily.name()));

    awaitCondition("the stored state is read", () -> registry.periodState(daily, "2025-04-13").await() == PeriodState.CLOSING);
    assertThat(registry.periodState(daily, "2025-04-14").await()).isEqualTo(PeriodState.OPEN);
  }

  private Board create(JsonObject spec) {
    Board b = Board.define("notice-" + UUID.randomUUID().toString().substring(0, 8), spec, null, NOW, 4,
        UUID.randomUUID().toString().substring(0, 8));
    assertThat(store.create(b).await()).isTrue();
    assertThat(registry.require(b.name()).await()).isEqualTo(b);
    return b;
  }

  private Board cached(String name) {
    return registry.cached().stream().filter(b -> b.name().equals(name)).findFirst().orElse(null);
  }

  /** As a member of the cluster would: the registry cannot tell a forged notice by its sender. */
  private void publish(String address, Object body) {
    vertx.eventBus().publish(address, body);
  }

  /** Until the condition holds (an observable state, looked at every 50 ms); fails after 10 s. */
  public static void awaitCondition(String what, BooleanSupplier condition) {
    Await.until(what, Duration.ofSeconds(10), condition);
  }
}
