package dev.leaderboard.app;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.LeaderboardService;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import java.util.Map;

/**
 * A separate JVM that joins the cluster without serving anything and calls the leaderboard
 * service through its typed event-bus proxy. Prints one JSON line per call.
 * Arguments: board, userId. Cluster settings come from the same {@code LB_CLUSTER_*} variables as a node.
 */
public final class EventBusClientMain {
  private EventBusClientMain() {
  }

  public static void main(String[] args) {
    AppConfig config = AppConfig.fromEnv(Map.copyOf(System.getenv()));
    Vertx vertx = LeaderboardApp.createVertx(config).await();
    LeaderboardService leaderboard = LeaderboardService.createProxy(vertx, BusAddresses.SERVICE);
    try {
      print("user", () -> leaderboard.user(args[0], args[1], null, "competition", null).await().toJson());
      print("entries", () -> leaderboard.entries(args[0], null, 0L, 5, null, null).await().toJson());
      print("unknownBoard", () -> leaderboard.getBoard("no-such-board-" + System.nanoTime()).await().toJson());
      print("badLimit", () -> leaderboard.entries(args[0], null, 0L, 0, null, null).await().toJson());
    } finally {
      vertx.close().await();
    }
  }

  private static void print(String call, java.util.function.Supplier<JsonObject> body) {
    JsonObject line = new JsonObject().put("call", call);
    try {
      line.put("status", 200).put("body", body.get());
    } catch (ServiceException e) {
      // the failure's fields (error, and field on invalid_field) as HTTP answers them, with its message
      line.put("status", e.failureCode()).put("body", e.getDebugInfo().copy().put("message", e.getMessage()));
    }
    System.out.println("RESULT " + line.encode());
  }
}
