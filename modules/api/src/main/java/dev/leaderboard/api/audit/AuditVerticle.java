package dev.leaderboard.api.audit;

import dev.leaderboard.archive.AuditStore;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;

/**
 * Holds the node's audit log: connects to PostgreSQL, brings the schema up to date and offers the
 * {@link AuditLog} to the HTTP API ({@link NodeAudit}). Deploy one per node, before the HTTP
 * verticles; while none runs they refuse admin actions with 503.
 */
public class AuditVerticle extends VerticleBase {
  /** The most entries a node holds that are not written yet. */
  public static final int CAPACITY = 1000;
  private final String pgUri;
  private final Clock clock;
  private AuditStore store;
  private AuditLog log;

  /** @param clock stamps the entries */
  public AuditVerticle(String pgUri, Clock clock) {
    this.pgUri = pgUri;
    this.clock = clock;
  }

  @Override
  public Future<?> start() {
    store = AuditStore.connect(vertx, pgUri);
    return store.migrate().onSuccess(ok -> {
      log = new AuditLog(vertx, context, store, clock, CAPACITY);
      NodeAudit.of(vertx).offer(log);
    }).onFailure(e -> store.close());
  }

  @Override
  public Future<?> stop() {
    if (log == null) {
      return Future.succeededFuture();
    }
    NodeAudit.of(vertx).withdraw(log);
    return log.close().onComplete(done -> store.close());
  }

  /** The node's audit log once started. */
  public AuditLog log() {
    return log;
  }
}
