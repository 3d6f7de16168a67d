package dev.leaderboard.service.boards;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.PromiseInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.Shareable;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a board change reaches every board cache of the cluster before it is acknowledged. One per
 * node (Vert.x instance), holding the node's running {@link BoardRegistry registries}, however many
 * there are. The node that stored a change asks every member the cluster manager lists, on the
 * member's own address {@link #APPLY_PREFIX}{@code <nodeId>}, to apply it, and answers once all
 * have replied; a member replies after every registry it runs has re-read the board from Redis (or
 * dropped it). The request only names the board, so a forged one can do no more than a change
 * notice: make a node read what is stored.
 *
 * <p>The wait is bounded by {@link #APPLY_TIMEOUT_MS}: a member that has not replied by then is
 * dying or cut off (membership will drop it), so it is logged by node ID and the change is
 * acknowledged anyway rather than held up by a member that may never answer. A member without a
 * registry on the address (starting before its registries, stopping, or running no service) has
 * nothing to apply and is skipped.
 */
final class BoardChanges implements Shareable {
  private static final Logger LOG = LoggerFactory.getLogger(BoardChanges.class);
  /** Followed by a node ID: where that node's registries take {@code {"board": name}} and reply once applied. */
  static final String APPLY_PREFIX = "leaderboard.boards.apply.";
  /** How long a change waits for the members to apply it before it is acknowledged anyway. */
  static final long APPLY_TIMEOUT_MS = 5_000;
  private static final String MAP = "leaderboard.node";

  private final List<BoardRegistry> registries = new CopyOnWriteArrayList<>();

  private BoardChanges() {
  }

  /** This node's (one per Vert.x instance). */
  static BoardChanges of(Vertx vertx) {
    return vertx.sharedData().<String, BoardChanges>getLocalMap(MAP).computeIfAbsent("boardChanges", k -> new BoardChanges());
  }

  /** This node's apply address, or {@code null} when Vert.x runs without a cluster. */
  static String address(Vertx vertx) {
    return vertx.isClustered() ? APPLY_PREFIX + ((VertxInternal) vertx).clusterManager().getNodeId() : null;
  }

  void join(BoardRegistry registry) {
    registries.add(registry);
  }

  void leave(BoardRegistry registry) {
    registries.remove(registry);
  }

  /** Every registry of this node re-reads the board; completes (never fails) when all have. */
  Future<Void> applyHere(String name) {
    return Future.join(registries.stream().map(r -> r.apply(name)).toList()).<Void>mapEmpty().otherwiseEmpty();
  }

  /** The board was stored by this node: completes once every member of the cluster has applied it, or the wait ran out. */
  Future<Void> propagate(Vertx vertx, String name) {
    ContextInternal context = ((VertxInternal) vertx).getOrCreateContext();
    PromiseInternal<Void> here = context.promise();
    applyHere(name).onComplete(ar -> here.complete());
    List<Future<?>> applied = new ArrayList<>();
    applied.add(here.future().timeout(APPLY_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .otherwise(t -> unanswered("this node", name, t)));
    if (vertx.isClustered()) {
      ClusterManager cluster = ((VertxInternal) vertx).clusterManager();
      String self = cluster.getNodeId();
      JsonObject request = new JsonObject().put("board", name);
      DeliveryOptions within = new DeliveryOptions().setSendTimeout(APPLY_TIMEOUT_MS);
      for (String node : cluster.getNodes()) {
        if (!node.equals(self)) {
          applied.add(vertx.eventBus().request(APPLY_PREFIX + node, request, within)
              .<Void>mapEmpty().otherwise(t -> unanswered(node, name, t)));
        }
      }
    }
    PromiseInternal<Void> all = context.promise();
    Future.join(applied).onComplete(done -> all.complete());
    return all.future();
  }

  private static Void unanswered(String node, String name, Throwable t) {
    if (t instanceof ReplyException e && e.failureType() == ReplyFailure.NO_HANDLERS) {
      LOG.debug("node {} runs no board cache to apply board {} to", node, name);
    } else {
      LOG.warn("node {} did not confirm applying board {} within {} ms ({}); answering without it: it is dying or cut off,"
          + " and membership will drop it", node, name, APPLY_TIMEOUT_MS, t.toString());
    }
    return null;
  }
}
