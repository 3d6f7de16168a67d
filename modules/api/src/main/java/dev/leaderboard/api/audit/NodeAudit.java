package dev.leaderboard.api.audit;

import dev.leaderboard.archive.AuditLog;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.LocalMap;

/** Where the node's {@link AuditLog} is found by every HTTP verticle instance of one Vert.x. */
public final class NodeAudit {
  private static final String MAP = "leaderboard.audit";
  private static final String LOG = "log";
  private final LocalMap<String, AuditLog> map;

  private NodeAudit(LocalMap<String, AuditLog> map) {
    this.map = map;
  }

  public static NodeAudit of(Vertx vertx) {
    return new NodeAudit(vertx.sharedData().getLocalMap(MAP));
  }

  /** The node's audit log; a 503 {@link LeaderboardException} while no {@link AuditVerticle} runs. */
  public AuditLog require() {
    AuditLog log = map.get(LOG);
    if (log == null) {
      throw Refusal.SERVICE_UNAVAILABLE.exception("the audit log");
    }
    return log;
  }

  void offer(AuditLog log) {
    map.put(LOG, log);
  }

  void withdraw(AuditLog log) {
    map.remove(LOG, log);
  }
}
