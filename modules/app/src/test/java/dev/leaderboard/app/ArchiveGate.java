package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds, from a session of its own, the advisory lock that the archive transaction of one period
 * takes first ({@code ArchiveStore.archive}). A node closing that period stops at its archive step,
 * still holding the period's close lease, until the gate opens.
 */
final class ArchiveGate implements AutoCloseable {
  /** The lock's two int4 keys, as pg_locks shows them: classid and objid (oids, i.e. unsigned). */
  private static final String WAITING = "select pid from pg_locks where locktype = 'advisory' and not granted"
      + " and objsubid = 2 and classid::bigint = (hashtext($1)::bigint & 4294967295)"
      + " and objid::bigint = (hashtext($2)::bigint & 4294967295) order by pid";

  private final PgConnection session;
  private final Tuple key;

  private ArchiveGate(PgConnection session, Tuple key) {
    this.session = session;
    this.key = key;
  }

  static ArchiveGate shut(Vertx vertx, String pgUri, String boardUid, String period) {
    PgConnection session = PgConnection.connect(vertx, pgUri).await();
    Tuple key = Tuple.of(boardUid, period);
    session.preparedQuery("select pg_advisory_lock(hashtext($1), hashtext($2))").execute(key).await();
    return new ArchiveGate(session, key);
  }

  /** The server process IDs of the sessions waiting at the gate. */
  List<Integer> waiting() {
    List<Integer> pids = new ArrayList<>();
    for (Row row : session.preparedQuery(WAITING).execute(key).await()) {
      pids.add(row.getInteger(0));
    }
    return pids;
  }

  /**
   * Ends the given sessions, which PostgreSQL would end on its own only once it next talks to their
   * client (a killed node's session keeps waiting for the lock), then lets everyone else through.
   */
  void open(List<Integer> ending) {
    for (int pid : ending) {
      session.preparedQuery("select pg_terminate_backend($1)").execute(Tuple.of(pid)).await();
    }
    session.preparedQuery("select pg_advisory_unlock(hashtext($1), hashtext($2))").execute(key).await();
  }

  @Override
  public void close() {
    session.close().await();
  }
}
