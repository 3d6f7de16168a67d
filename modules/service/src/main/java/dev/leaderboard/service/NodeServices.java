package dev.leaderboard.service;

import dev.leaderboard.core.Refusal;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import io.vertx.ext.healthchecks.HealthChecks;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the verticles of one node share in process: the running services (the HTTP API calls them
 * without an event-bus hop) and the readiness procedures, which each part registers for what it owns.
 */
public final class NodeServices implements Shareable {
  private static final String MAP = "leaderboard.node";

  private final HealthChecks readiness;
  private final List<LocalLeaderboardService> leaderboards = new CopyOnWriteArrayList<>();
  private final List<FriendRankService> friends = new CopyOnWriteArrayList<>();

  private NodeServices(Vertx vertx) {
    this.readiness = HealthChecks.create(vertx);
  }

  /** This node's shared services (one per Vert.x instance). */
  public static NodeServices of(Vertx vertx) {
    return vertx.sharedData().<String, NodeServices>getLocalMap(MAP).computeIfAbsent("services", k -> new NodeServices(vertx));
  }

  /** A running leaderboard service of this node, or {@code null} when none runs (not started yet, or stopping). */
  public LocalLeaderboardService leaderboards() {
    return first(leaderboards);
  }

  /** A board's definition, for the node's own checks (access, streams); 503 while no service runs here. */
  public Future<Board> board(String name) {
    LocalLeaderboardService service = first(leaderboards);
    return service == null ? Future.failedFuture(notRunning()) : service.board(name);
  }

  /** {@code service}, or a 503 when it is not running on this node. */
  public static <T> T running(T service) {
    if (service == null) {
      throw notRunning();
    }
    return service;
  }

  private static LeaderboardException notRunning() {
    return Refusal.SERVICE_UNAVAILABLE.exception("the leaderboard service");
  }

  /** A running friend service of this node, or {@code null} when none runs. */
  public FriendRankService friends() {
    return first(friends);
  }

  /** Offers a started service; the first registers the {@code boards} readiness procedure. */
  synchronized void offer(LocalLeaderboardService service) {
    if (leaderboards.isEmpty()) {
      ServiceReadiness.registerBoards(readiness, () -> first(leaderboards).health());
    }
    leaderboards.add(service);
  }

  /** Withdraws a service; the procedure goes away with the last. */
  synchronized void withdraw(LocalLeaderboardService service) {
    leaderboards.remove(service);
    if (leaderboards.isEmpty()) {
      readiness.unregister(ServiceReadiness.BOARDS);
    }
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
}
