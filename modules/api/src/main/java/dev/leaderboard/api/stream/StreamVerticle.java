package dev.leaderboard.api.stream;

import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.ScoreNotice;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.RedisPool;
import dev.leaderboard.store.RedisTopology;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.List;

/**
 * Serves the node's live streams: holds the {@link StreamHub} on this verticle's event loop, hears
 * the cluster's {@link ScoreNotice}s and board notices, ticks every interval and sends keepalives,
 * and offers the hub and the stream tickets to the node's HTTP verticles ({@link NodeStreams}).
 * Deploy one per node, after the leaderboard service and before HTTP. Stopping it ends every stream.
 */
public class StreamVerticle extends VerticleBase {
  /** Connections to each shard for tickets and board checks: a few small commands a second. */
  private static final int POOL_SIZE = 2;
  private final RedisTopology redis;
  private final Clock clock;
  private final StreamSettings settings;
  private Shards shards;
  private StreamHub hub;
  private NodeStreams.Running running;

  public StreamVerticle(List<String> endpoints, Clock clock, StreamSettings settings) {
    this(RedisTopology.standalone(endpoints), clock, settings);
  }

  public StreamVerticle(RedisTopology redis, Clock clock, StreamSettings settings) {
    this.redis = redis;
    this.clock = clock;
    this.settings = settings;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, redis, RedisPool.of(POOL_SIZE));
    StreamMeters meters = new StreamMeters();
    NodeServices node = NodeServices.of(vertx);
    hub = new StreamHub(context, node::leaderboards, new BoardStore(shards), clock, meters);
    StreamTickets tickets = new StreamTickets(shards, clock, settings.ticketTtl().toMillis());
    // anything may arrive: a notice only marks what to read, a board notice only names a board
    MessageConsumer<Object> notices = vertx.eventBus().consumer(ScoreNotice.ADDRESS, msg -> {
      ScoreNotice n = ScoreNotice.fromJson(msg.body());
      if (n != null) {
        hub.notice(n);
      }
    });
    MessageConsumer<Object> changes = vertx.eventBus().consumer(BoardRegistry.CHANGED_ADDRESS, msg -> {
      if (msg.body() instanceof JsonObject o && o.getValue("board") instanceof String board) {
        hub.boardChanged(board);
      }
    });
    vertx.setPeriodic(settings.interval().toMillis(), t -> hub.tick());
    vertx.setPeriodic(settings.keepalive().toMillis(), t -> hub.keepalive());
    running = new NodeStreams.Running(hub, tickets, settings, meters);
    return Future.all(notices.completion(), changes.completion())
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
    if (shards != null) {
      shards.close();
    }
    return Future.succeededFuture();
  }
}
