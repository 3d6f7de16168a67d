package dev.leaderboard.service;

import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.Health.ShardCheck;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The leaderboard service's readiness procedures: {@code redis} (every shard answers PING within a
 * second; with some but not all answering the node is degraded, still ready: it serves the users of
 * the shards that answer), {@code boards} (the service has started and loaded its board cache) and
 * {@code archive} (PostgreSQL answers; when it does not the node is degraded, since live boards
 * still serve).
 * Each answers {@code {status data}} as {@code /health/ready} shows it under {@code checks}.
 */
final class ServiceReadiness implements NodeServices.ReadinessProcedures {
  static final String REDIS = "redis";
  static final String BOARDS = "boards";
  static final String ARCHIVE = "archive";
  /** Longer than the service's own 1 s PING timeout, so a slow shard is reported as such. */
  static final long TIMEOUT_MILLIS = 3000;

  @Override
  public void register(HealthChecks checks, Leaderboards service) {
    SharedRound round = new SharedRound(service);
    checks.register(REDIS, TIMEOUT_MILLIS, promise -> round.health().onComplete(ar -> promise.complete(redis(ar.result()))));
    checks.register(BOARDS, TIMEOUT_MILLIS, promise -> round.health()
        .onComplete(ar -> promise.complete(Status.OK(new JsonObject().put("boards", ar.result().boards())))));
    checks.register(ARCHIVE, TIMEOUT_MILLIS, promise -> round.health().onComplete(ar -> promise.complete(archive(ar.result()))));
  }

  /**
   * The three procedures of one readiness check run together; they share one health round (one
   * PING per shard, one query to PostgreSQL) instead of asking three times.
   */
  private static final class SharedRound {
    private final Leaderboards service;
    private Future<Health> inFlight;

    SharedRound(Leaderboards service) {
      this.service = service;
    }

    synchronized Future<Health> health() {
      if (inFlight == null || inFlight.isComplete()) {
        inFlight = service.health();
      }
      return inFlight;
    }
  }

  /** PostgreSQL down degrades the node (archived periods and closing fail) but live boards still serve. */
  private static Status archive(Health health) {
    JsonObject data = health.archive().toJson();
    if (!health.archive().up()) {
      data.put("degraded", true).put("reason", "PostgreSQL (the archive) did not answer within 1 s ("
          + health.archive().error() + "); archived periods and closing periods fail until it is back");
    }
    return Status.OK(data);
  }

  @Override
  public void unregister(HealthChecks checks) {
    checks.unregister(REDIS);
    checks.unregister(BOARDS);
    checks.unregister(ARCHIVE);
  }

  private static Status redis(Health health) {
    List<ShardCheck> down = health.down();
    JsonObject data = new JsonObject();
    if (!down.isEmpty()) {
      data.put("reason", "no PONG within 1 s from " + down.stream()
          .map(s -> "shard " + s.shard() + ": " + s.error())
          .collect(Collectors.joining("; ")));
    }
    data.put("shards", health.shardsJson());
    if (!down.isEmpty() && down.size() < health.shards().size()) {
      // the node still serves the users of the shards that answer: ready, but degraded
      data.put("degraded", true);
      return Status.OK(data);
    }
    return down.isEmpty() ? Status.OK(data) : Status.KO(data);
  }
}
