package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds, from a transaction of its own, a lock on {@code league_move_count} that lets nobody finish
 * recording a league's moves (the counts are the record's last write, in its transaction): a node
 * closing a league's period stops there, after archiving the tier boards and computing the moves, still
 * holding the league's close lease, until the gate opens.
 */
final class LeagueMoveGate implements AutoCloseable {
  private static final String WAITING = "select pid from pg_locks where locktype = 'relation' and not granted"
      + " and relation = 'league_move_count'::regclass order by pid";

  private final PgConnection session;

  private LeagueMoveGate(PgConnection session) {
    this.session = session;
  }

  static LeagueMoveGate shut(Vertx vertx, String pgUri) {
    PgConnection session = PgConnection.connect(vertx, pgUri).await();
    session.query("begin").execute().await();
    session.query("lock table league_move_count in share mode").execute().await();
    return new LeagueMoveGate(session);
  }

  /** The server process IDs of the sessions waiting at the gate. */
  List<Integer> waiting() {
    List<Integer> pids = new ArrayList<>();
    for (Row row : session.query(WAITING).execute().await()) {
      pids.add(row.getInteger(0));
    }
    return pids;
  }

  /** Ends the given sessions (a killed node's session would wait on), then lets everyone else through. */
  void open(List<Integer> ending) {
    for (int pid : ending) {
      session.preparedQuery("select pg_terminate_backend($1)").execute(Tuple.of(pid)).await();
    }
    session.query("commit").execute().await();
  }

  @Override
  public void close() {
    session.close().await();
  }
}
