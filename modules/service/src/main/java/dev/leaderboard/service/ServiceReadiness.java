package dev.leaderboard.service;

import dev.leaderboard.service.result.AnswerJson;
import dev.leaderboard.service.result.Health;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The node's readiness procedures: {@code redis} and {@code archive}, registered by the
 * {@link NodeStore} that owns them (some shards or PostgreSQL down: degraded, still ready), and
 * {@code boards}, by the running leaderboard service ({@link NodeServices}).
 */
public final class ServiceReadiness {
  public static final String REDIS = "redis";
  public static final String BOARDS = "boards";
  public static final String ARCHIVE = "archive";
  /** Every procedure a ready node has, in the order readiness shows them. */
  public static final List<String> CHECKS = List.of(REDIS, BOARDS, ARCHIVE);
  /** Longer than the stores' own 1 s PING timeout, so a slow shard is reported as such. */
  static final long TIMEOUT_MILLIS = 3000;

  private ServiceReadiness() {
  }

  /**
   * The store's procedures; they share one health round (one PING per shard, one query to
   * PostgreSQL). {@code redisServer}, the local shards' redis-server (or {@code null}), is shown as
   * the {@code redis} check's {@code server}.
   */
  static void registerStores(HealthChecks checks, Supplier<Future<Health>> health, String redisServer) {
    checks.register(REDIS, TIMEOUT_MILLIS, promise -> health.get().onComplete(ar -> {
      Status status = redis(ar.result());
      if (redisServer != null) {
        status.getData().put("server", redisServer);
      }
      promise.complete(status);
    }));
    checks.register(ARCHIVE, TIMEOUT_MILLIS, promise -> health.get().onComplete(ar -> promise.complete(archive(ar.result()))));
  }

  static void registerBoards(HealthChecks checks, Supplier<Future<Health>> health) {
    checks.register(BOARDS, TIMEOUT_MILLIS, promise -> health.get()
        .onComplete(ar -> promise.complete(Status.OK(new JsonObject().put("boards", ar.result().boards())))));
  }

  /** PostgreSQL down degrades the node (archived periods and closing fail) but live boards still serve. */
  private static Status archive(Health health) {
    JsonObject data = health.archive().toJson();
    if (!data.getBoolean("up")) {
      data.put("degraded", true).put("reason", "PostgreSQL (the archive) did not answer within 1 s ("
          + data.getString("error") + "); archived periods and closing periods fail until it is back");
    }
    return Status.OK(data);
  }

  private static Status redis(Health health) {
    List<Health.ShardCheck> down = health.down();
    JsonObject data = new JsonObject();
    if (!down.isEmpty()) {
      data.put("reason", "no PONG within 1 s from " + down.stream()
          .map(s -> "shard " + s.shard() + ": " + s.error())
          .collect(Collectors.joining("; ")));
    }
    data.put("shards", AnswerJson.json(health.shards()));
    if (!down.isEmpty() && down.size() < health.shards().size()) {
      // the node still serves the users of the shards that answer: ready, but degraded
      data.put("degraded", true);
      return Status.OK(data);
    }
    return down.isEmpty() ? Status.OK(data) : Status.KO(data);
  }
}
