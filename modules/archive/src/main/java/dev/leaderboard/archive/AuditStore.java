package dev.leaderboard.archive;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit log of admin actions in PostgreSQL ({@code audit_log}, beside the archive; its table
 * comes with {@link ArchiveStore#migrate}). Rows are only ever appended.
 */
public final class AuditStore {
  /** The archive's migration that adds the table. */
  static final String SCHEMA = """
      create table audit_log (
        id bigserial primary key,
        at timestamptz not null,
        actor text not null,
        operation text not null,
        board text,
        target jsonb not null,
        request jsonb not null,
        status int not null,
        error text);
      create index audit_log_newest on audit_log (at desc, id desc);
      create index audit_log_board on audit_log (board, at desc, id desc);
      """;
  /** A later migration: indexes for pages filtered by action or by actor, in the order they are read. */
  static final String FILTER_INDEXES = """
      create index if not exists audit_log_operation on audit_log (operation, at desc, id desc);
      create index if not exists audit_log_actor on audit_log (actor, at desc, id desc);
      """;
  private static final String COLUMNS = "at, actor, operation, board, target, request, status, error";

  private final Pool pool;
  private final ArchiveStore schema;

  private AuditStore(Pool pool) {
    this.pool = pool;
    this.schema = new ArchiveStore(pool);
  }

  /** A pool of its own, so that its last writes outlive the archive's verticles when a node stops. */
  public static AuditStore connect(Vertx vertx, String uri) {
    return new AuditStore(ArchiveStore.pool(vertx, uri, "audit", 2));
  }

  /** Brings the schema (the archive's and the audit log's) to the newest version. */
  public Future<Void> migrate() {
    return schema.migrate();
  }

  /** Appends the entries in one statement (their {@code id}s are ignored). */
  public Future<Void> append(List<AuditEntry> entries) {
    if (entries.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Tuple> rows = entries.stream().map(e -> Tuple.of(ArchiveSql.time(e.at()), e.actor(), e.operation(),
        e.board(), e.target(), e.request(), e.status(), e.error())).toList();
    return ArchiveSql.reached(pool.preparedQuery("insert into audit_log (" + COLUMNS
        + ") values ($1, $2, $3, $4, $5, $6, $7, $8)").executeBatch(rows)).mapEmpty();
  }

  /**
   * Up to {@code limit} entries from the {@code offset}-th newest on, of those that match every filter
   * given ({@code null}: any board, operation or actor). The filters are bound, never spliced in.
   */
  public Future<List<AuditEntry>> page(AuditFilter filter, long offset, int limit) {
    List<Object> args = new ArrayList<>(List.of(offset, limit));
    List<String> where = new ArrayList<>();
    String[][] columns = {{"board", filter.board()}, {"operation", filter.operation()}, {"actor", filter.actor()}};
    for (String[] c : columns) {
      if (c[1] != null) {
        args.add(c[1]);
        where.add(c[0] + " = $" + args.size());
      }
    }
    String clause = where.isEmpty() ? "" : " where " + String.join(" and ", where);
    return ArchiveSql.reached(pool.preparedQuery("select id, " + COLUMNS + " from audit_log" + clause
            + " order by at desc, id desc offset $1 limit $2").execute(Tuple.from(args)))
        .map(rows -> ArchiveSql.map(rows, AuditStore::toEntry));
  }

  public void close() {
    pool.close();
  }

  static AuditEntry toEntry(Row row) {
    return new AuditEntry(row.getLong("id"), row.getOffsetDateTime("at").toInstant().toEpochMilli(),
        row.getString("actor"), row.getString("operation"), row.getString("board"), row.getJsonObject("target"),
        row.getJsonObject("request"), row.getInteger("status"), row.getString("error"));
  }
}
