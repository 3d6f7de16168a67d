package dev.leaderboard.api.audit;

import dev.leaderboard.archive.AuditLog;
import dev.leaderboard.service.NodeStore;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;

/**
 * Holds the node's audit log on the node's {@link NodeStore} and offers the {@link AuditLog} to the
 * HTTP API ({@link NodeAudit}). Deploy one per node, before the HTTP verticles; while none runs they
 * refuse admin actions with 503.
 */
public class AuditVerticle extends VerticleBase {
  /** The most entries a node holds that are not written yet. */
  public static final int CAPACITY = 1000;
  private final Options options;
  private NodeStore store;
  private AuditLog log;

  /** @param clock stamps the entries */
  public record Options(NodeStore.Options store, Clock clock) {
  }

  public AuditVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).onSuccess(s -> {
      store = s;
      log = new AuditLog(vertx, context, s.audit(), options.clock(), CAPACITY);
      NodeAudit.of(vertx).offer(log);
    });
  }

  @Override
  public Future<?> stop() {
    if (log != null) {
      NodeAudit.of(vertx).withdraw(log);
    }
    return (log == null ? Future.succeededFuture() : log.close())
        .eventually(() -> store == null ? Future.succeededFuture() : store.release(vertx));
  }

  /** The node's audit log once started. */
  public AuditLog log() {
    return log;
  }
}
