package dev.leaderboard.api.stream;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.intake.ScoreNotice;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.time.Clock;

/**
 * Serves the node's live streams: holds the {@link StreamHub} on this verticle's event loop, hears
 * the cluster's {@link ScoreNotice}s and board notices, ticks every interval and sends keepalives,
 * and offers the hub and the stream tickets to the node's HTTP verticles ({@link NodeStreams}).
 * Deploy one per node, after the leaderboard service and before HTTP. Stopping it ends every stream.
 */
public class StreamVerticle extends VerticleBase {
  private final Options options;
  private NodeStore store;
  private StreamHub hub;
  private NodeStreams.Running running;

  public record Options(NodeStore.Options store, Clock clock, StreamSettings settings) {
  }

  public StreamVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).compose(s -> {
      store = s;
      return listen(s);
    });
  }

  private Future<?> listen(NodeStore s) {
    Clock clock = options.clock();
    StreamSettings settings = options.settings();
    StreamMeters meters = new StreamMeters();
    NodeServices node = NodeServices.of(vertx);
    hub = new StreamHub(context, node::leaderboards, s.boardStore(), clock, meters,
        settings.interval().toMillis());
    // anything may arrive: a notice only marks what to read, a board notice only names a board
    MessageConsumer<Object> notices = vertx.eventBus().consumer(BusAddresses.SCORES_CHANGED, msg -> {
      ScoreNotice n = ScoreNotice.fromJson(msg.body());
      if (n != null) {
        hub.notice(n);
      }
    });
    MessageConsumer<Object> profiles = vertx.eventBus().consumer(BusAddresses.PROFILE_CHANGED, msg -> {
      if (msg.body() instanceof JsonObject o && o.getValue("userId") instanceof String userId) {
        hub.profileChanged(userId);
      }
    });
    MessageConsumer<Object> changes = vertx.eventBus().consumer(BusAddresses.BOARD_CHANGED, msg -> {
      if (msg.body() instanceof JsonObject o && o.getValue("board") instanceof String board) {
        hub.boardChanged(board);
      }
    });
    // a few ticks per interval: a feed marked just after its read waits at most a quarter interval more
    vertx.setPeriodic(Math.max(1, settings.interval().toMillis() / 4), t -> hub.tick());
    vertx.setPeriodic(settings.keepalive().toMillis(), t -> hub.keepalive());
    running = new NodeStreams.Running(hub, s.tickets(), clock, settings, meters);
    return Future.all(notices.completion(), profiles.completion(), changes.completion())
        .onSuccess(ok -> NodeStreams.of(vertx).offer(running));
  }

  @Override
  public Future<?> stop() {
    if (running != null) {
      NodeStreams.of(vertx).withdraw(running);
    }
    if (hub != null) {
      hub.endAll();
    }
    return store == null ? Future.succeededFuture() : store.release(vertx);
  }
}
