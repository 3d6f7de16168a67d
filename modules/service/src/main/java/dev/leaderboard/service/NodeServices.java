package dev.leaderboard.service;

import dev.leaderboard.service.friends.FriendRankVerticle;

import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import io.vertx.ext.healthchecks.HealthChecks;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the verticles of one node share in process: the service each running
 * {@code LeaderboardVerticle} or {@code FriendRankVerticle} offers (so the HTTP API calls it without an event-bus hop), and the
 * node's readiness procedures ({@code vertx-health-check}), which each part registers next to
 * what it checks.
 */
public final class NodeServices implements Shareable {
  private static final String MAP = "leaderboard.node";

  private final HealthChecks readiness;
  private final List<Leaderboards> leaderboards = new CopyOnWriteArrayList<>();
  private final List<FriendRankService> friends = new CopyOnWriteArrayList<>();

  private NodeServices(Vertx vertx) {
    this.readiness = HealthChecks.create(vertx);
  }

  /** This node's shared services (one per Vert.x instance). */
  public static NodeServices of(Vertx vertx) {
    return vertx.sharedData().<String, NodeServices>getLocalMap(MAP).computeIfAbsent("services", k -> new NodeServices(vertx));
  }

  /** A running service of this node, or {@code null} when none runs (not started yet, or stopping). */
  public Leaderboards leaderboards() {
    return first(leaderboards);
  }

  /** A running friend service of this node, or {@code null} when none runs. */
  public FriendRankService friends() {
    return first(friends);
  }

  public void offer(FriendRankService service) {
    friends.add(service);
  }

  public void withdraw(FriendRankService service) {
    friends.remove(service);
  }

  private static <T> T first(List<T> running) {
    try {
      return running.isEmpty() ? null : running.get(0);
    } catch (IndexOutOfBoundsException removedMeanwhile) {
      return null;
    }
  }

  public HealthChecks readiness() {
    return readiness;
  }

  /** Offers a started service; the first one also registers the service's readiness procedures. */
  synchronized void add(Leaderboards service, ReadinessProcedures procedures) {
    if (leaderboards.isEmpty()) {
      procedures.register(readiness, service);
    }
    leaderboards.add(service);
  }

  /** Withdraws a service; its procedures move to another running one, or go away with the last. */
  synchronized void remove(Leaderboards service, ReadinessProcedures procedures) {
    boolean wasFirst = !leaderboards.isEmpty() && leaderboards.get(0) == service;
    leaderboards.remove(service);
    if (wasFirst) {
      procedures.unregister(readiness);
      if (!leaderboards.isEmpty()) {
        procedures.register(readiness, leaderboards.get(0));
      }
    }
  }

  /** How a service registers and withdraws its readiness procedures. */
  interface ReadinessProcedures {
    void register(HealthChecks checks, Leaderboards service);

    void unregister(HealthChecks checks);
  }
}
