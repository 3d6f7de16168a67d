package dev.leaderboard.service.boards;

import dev.leaderboard.core.BusAddresses;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.PromiseInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board change answered once every live node applied it: the node that made it re-reads the board
 * here, asks every cluster member on its own address and waits for their replies, at most
 * {@link #APPLY_TIMEOUT_MS}; a member silent by then is dying or cut off and membership will drop it.
 */
final class BoardChanges {
  private static final Logger LOG = LoggerFactory.getLogger(BoardChanges.class);
  /** Followed by a node ID: where that node takes {@code {"board": name}} and replies once applied. */
  static final String APPLY_PREFIX = "leaderboard.boards.apply.";
  static final long APPLY_TIMEOUT_MS = 5_000;

  private final Vertx vertx;
  private final Function<String, Future<Void>> apply;
  private MessageConsumer<Object> consumer;

  /** @param apply re-reads a board on this node; completes (never fails) once applied */
  BoardChanges(Vertx vertx, Function<String, Future<Void>> apply) {
    this.vertx = vertx;
    this.apply = apply;
  }

  Future<Void> start() {
    if (!vertx.isClustered()) {
      return Future.succeededFuture();
    }
    consumer = vertx.eventBus().consumer(APPLY_PREFIX + cluster().getNodeId(),
        msg -> BoardRegistry.named(msg.body(), name -> apply.apply(name).onComplete(done -> msg.reply(null))));
    return consumer.completion();
  }

  Future<Void> stop() {
    return BoardRegistry.unregister(consumer);
  }

  /** Publishes the change, applies it here and on every member; completes when all did or ran out of time. */
  Future<Void> announce(String name) {
    JsonObject notice = new JsonObject().put("board", name);
    vertx.eventBus().publish(BusAddresses.BOARD_CHANGED, notice);
    ContextInternal context = ((VertxInternal) vertx).getOrCreateContext();
    PromiseInternal<Void> here = context.promise();
    apply.apply(name).onComplete(ar -> here.complete());
    List<Future<?>> applied = new ArrayList<>();
    applied.add(here.future().timeout(APPLY_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .otherwise(t -> unanswered("this node", name, t)));
    if (vertx.isClustered()) {
      DeliveryOptions within = new DeliveryOptions().setSendTimeout(APPLY_TIMEOUT_MS);
      for (String node : cluster().getNodes()) {
        if (!node.equals(cluster().getNodeId())) {
          applied.add(vertx.eventBus().request(APPLY_PREFIX + node, notice, within)
              .<Void>mapEmpty().otherwise(t -> unanswered(node, name, t)));
        }
      }
    }
    PromiseInternal<Void> all = context.promise();
    Future.join(applied).onComplete(done -> all.complete());
    return all.future();
  }

  private ClusterManager cluster() {
    return ((VertxInternal) vertx).clusterManager();
  }

  private static Void unanswered(String node, String name, Throwable t) {
    if (t instanceof ReplyException e && e.failureType() == ReplyFailure.NO_HANDLERS) {
      // starting, stopping or running no service: nothing to apply
      LOG.debug("node {} runs no board cache to apply board {} to", node, name);
    } else {
      LOG.warn("node {} did not confirm applying board {} within {} ms ({}); answering without it: it is dying or cut off,"
          + " and membership will drop it", node, name, APPLY_TIMEOUT_MS, t.toString());
    }
    return null;
  }
}
