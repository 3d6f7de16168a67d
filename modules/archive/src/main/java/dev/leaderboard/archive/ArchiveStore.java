package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.first;
import static dev.leaderboard.archive.ArchiveSql.map;
import static dev.leaderboard.archive.ArchiveSql.reached;
import static dev.leaderboard.archive.ArchiveSql.time;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.List;

/**
 * The archive of closed periods in PostgreSQL: one {@code archived_period} row per period and its
 * entries in {@code archived_entry}, keyed by position so any page is an index range scan. A period
 * is written whole in one transaction or not at all, so archiving is safe to retry after a crash.
 */
public final class ArchiveStore {

  static final String ENTRY_COLUMNS = "position, user_id, score, at, competition_rank, dense_rank, meta, keys";
  private static final String PERIOD_COLUMNS = "board_uid, board, period, size, archived_at, definition";
  private static final String READ_PERIOD_COLUMNS = PERIOD_COLUMNS + ", erased";
  /**
   * One statement, so atomic: a retry after a crash finds nothing left and counts nothing twice.
   * The other rows keep their positions and ranks; the period counts what was erased from it.
   */
  private static final String ERASE_USER = "with " + ParticipantArchive.eraseSeats("$1") + ","
      + " joined as (delete from archived_participant where user_id = $1),"
      + " gone as (delete from archived_entry where user_id = $1"
      + " returning board_uid, period), counted as (select board_uid, period, count(*) as n from gone"
      + " group by board_uid, period) update archived_period p set erased = p.erased + c.n from counted c"
      + " where p.board_uid = c.board_uid and p.period = c.period returning p.board_uid, p.board, p.period, c.n";
  private final Pool pool;
  private final LeagueMoveStore leagueMoves;
  private final ParticipantArchive participants;
  private final RewardStore rewards;
  private final UserArchive users;

  ArchiveStore(Pool pool) {
    this.pool = pool;
    this.participants = new ParticipantArchive(pool);
    this.rewards = new RewardStore(pool);
    this.leagueMoves = new LeagueMoveStore(pool);
    this.users = new UserArchive(pool);
  }

  /** What the archive and the audit log hold of one user, on this store's pool. */
  public UserArchive users() {
    return users;
  }

  /** The participants of archived periods, on the same pool. */
  public ParticipantArchive participants() {
    return participants;
  }

  /** The moves of leagues' closes, on this store's pool. */
  public LeagueMoveStore leagueMoves() {
    return leagueMoves;
  }

  /** The rewards of the archived periods, on this store's pool. */
  public RewardStore rewards() {
    return rewards;
  }

  /** A pool on {@code uri} ({@code postgresql://user[:password]@host:port/db[?options]}); connects lazily. */
  public static ArchiveStore connect(Vertx vertx, String uri) {
    return new ArchiveStore(pool(vertx, uri, "archive", 8));
  }

  /**
   * The node's pool {@code name} on {@code uri}, of {@code size} connections, shared by every
   * verticle instance that connects to it.
   */
  static Pool pool(Vertx vertx, String uri, String name, int size) {
    PgConnectOptions options = PgConnectOptions.fromUri(uri).setCachePreparedStatements(true);
    return PgBuilder.pool()
        // one pool per node and database, shared by every verticle instance that connects
        .with(new PoolOptions().setMaxSize(size).setShared(true).setName("leaderboard-" + name + "-" + uri.hashCode()))
        .connectingTo(options)
        .using(vertx)
        .build();
  }

  /** Succeeds when PostgreSQL answers a trivial query (readiness). */
  public Future<Void> ping() {
    return reached(pool.query("select 1").execute()).mapEmpty();
  }

  /**
   * Brings the schema to the newest version (the archive's tables and the audit log's). Nodes may
   * call it at once: the advisory lock makes the second wait for the first and then find nothing
   * left to do.
   */
  public Future<Void> migrate() {
    return ArchiveSchema.migrate(pool);
  }

  /** Brings the schema to version {@code upTo} at most, as {@link #migrate()} does (a restore, before it loads a backup). */
  public Future<Void> migrate(int upTo) {
    return ArchiveSchema.migrate(pool, upTo);
  }

  /** The newest schema version of this build. */
  public static int schemaVersion() {
    return ArchiveSchema.latest();
  }


  /**
   * Writes the period and all its entries (positions 0 … size − 1) in one transaction, the period row
   * last. Answers false, writing nothing, when the period is archived already. Concurrent archivers
   * of one period queue on an advisory lock, so exactly one of them writes.
   */
  public Future<Boolean> archive(ArchivedPeriod period, List<ArchivedEntry> entries) {
    return archive(period, entries, List.of());
  }

  /**
   * As above, with the period's rewards written in the same transaction: a period is archived with
   * all its rewards or not at all, so a close cut short at any step records each reward once.
   */
  public Future<Boolean> archive(ArchivedPeriod period, List<ArchivedEntry> entries, List<Reward> prizes) {
    return archive(period, entries, prizes, List.of());
  }

  /**
   * As above, with the period's participants in the same transaction ({@link ParticipantArchive}):
   * each entry of a participant carries their seat.
   */
  public Future<Boolean> archive(ArchivedPeriod period, List<ArchivedEntry> entries, List<Reward> prizes,
      List<ArchivedParticipant> joined) {
    return archive(period, entries, prizes, joined, ParticipantArchive.Seats.entryOf(entries, joined));
  }

  /**
   * As above, with each participant's entry given ({@code entryOf}: its place in {@code entries}, −1:
   * none), as the close has matched them already.
   */
  public Future<Boolean> archive(ArchivedPeriod period, List<ArchivedEntry> entries, List<Reward> prizes,
      List<ArchivedParticipant> joined, int[] entryOf) {
    if (joined.size() != entryOf.length) {
      return Future.failedFuture(new IllegalArgumentException(joined.size() + " participants but " + entryOf.length
          + " places of their entries"));
    }
    if (period.size() != entries.size()) {
      return Future.failedFuture(new IllegalArgumentException("period " + period.period() + " of board "
          + period.board() + " has size " + period.size() + " but " + entries.size() + " entries were given"));
    }
    Tuple key = Tuple.of(period.boardUid(), period.period());
    return reached(pool.withTransaction(conn -> conn
        .preparedQuery("select pg_advisory_xact_lock(hashtext($1), hashtext($2))").execute(key)
        // a statement of its own: its snapshot must be taken after the lock is ours
        .compose(v -> conn.preparedQuery("select 1 from archived_period where board_uid = $1 and period = $2")
            .execute(key))
        .compose(found -> found.size() > 0
            ? Future.succeededFuture(false)
            : seated(conn, period, entries, joined, entryOf)
                .compose(v -> RewardStore.insert(conn, period, prizes))
                .compose(v -> conn.preparedQuery("insert into archived_period (" + PERIOD_COLUMNS
                        + ") values ($1, $2, $3, $4, $5, $6)")
                    .execute(Tuple.of(period.boardUid(), period.board(), period.period(), period.size(),
                        time(period.archivedAt()), period.definition())))
                .map(true))));
  }

  /** The participants, then the entries with their seats. */
  private static Future<Void> seated(SqlConnection conn, ArchivedPeriod period, List<ArchivedEntry> entries,
      List<ArchivedParticipant> joined, int[] entryOf) {
    ParticipantArchive.Seats seats = ParticipantArchive.Seats.of(entries, joined, entryOf);
    return ParticipantArchive.write(conn, period.boardUid(), period.period(), joined, seats.unscored())
        .compose(v -> EntryRows.insert(conn, period, entries, seats, !joined.isEmpty()));
  }

  /** The archived period, or null when it is not archived. */
  public Future<ArchivedPeriod> period(String boardUid, String period) {
    return reached(pool.preparedQuery("select " + READ_PERIOD_COLUMNS
            + " from archived_period where board_uid = $1 and period = $2")
        .execute(Tuple.of(boardUid, period)))
        .map(rows -> first(rows, ArchiveStore::toPeriod));
  }

  /** Every archived period of the board, in ascending period id (chronological within one period kind). */
  public Future<List<ArchivedPeriod>> periods(String boardUid) {
    return reached(pool.preparedQuery("select " + READ_PERIOD_COLUMNS
            + " from archived_period where board_uid = $1 order by period")
        .execute(Tuple.of(boardUid)))
        .map(rows -> map(rows, ArchiveStore::toPeriod));
  }

  /** Up to {@code limit} entries from position {@code offset} on, in order. */
  public Future<List<ArchivedEntry>> page(String boardUid, String period, long offset, int limit) {
    if (offset < 0 || limit < 0) {
      return Future.failedFuture(new IllegalArgumentException(
          "offset and limit must not be negative, were " + offset + " and " + limit));
    }
    return reached(pool.preparedQuery("select " + ENTRY_COLUMNS + " from archived_entry"
            + " where board_uid = $1 and period = $2 and position >= $3 order by position limit $4")
        .execute(Tuple.of(boardUid, period, offset, limit)))
        .map(rows -> map(rows, ArchiveStore::toEntry));
  }

  /** The user's entry, or null when the user is not in the archived period. */
  public Future<ArchivedEntry> entry(String boardUid, String period, String userId) {
    return reached(pool.preparedQuery("select " + ENTRY_COLUMNS + " from archived_entry"
            + " where board_uid = $1 and period = $2 and user_id = $3")
        .execute(Tuple.of(boardUid, period, userId)))
        .map(rows -> first(rows, ArchiveStore::toEntry));
  }

  /** The entries of those of the users who are in the archived period, by position; one query. */
  public Future<List<ArchivedEntry>> entries(String boardUid, String period, List<String> userIds) {
    if (userIds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    return reached(pool.preparedQuery("select " + ENTRY_COLUMNS + " from archived_entry"
            + " where board_uid = $1 and period = $2 and user_id = any($3) order by position")
        .execute(Tuple.of(boardUid, period, userIds.toArray(String[]::new))))
        .map(rows -> map(rows, ArchiveStore::toEntry));
  }



  /** The rows of one archived period an erasure removed. */
  public record ErasedRows(String boardUid, String board, String period, long rows) {
  }

  /** Removes the user's rows from every archived period, atomically; answers what it removed, per period. */
  public Future<List<ErasedRows>> eraseUser(String userId) {
    return reached(pool.preparedQuery(ERASE_USER).execute(Tuple.of(userId)))
        .map(rows -> map(rows, row -> new ErasedRows(row.getString("board_uid"), row.getString("board"),
            row.getString("period"), row.getLong("n"))));
  }

  /** Removes every archived period of the board, their entries and rewards, atomically. */
  public Future<Void> deleteBoard(String boardUid) {
    return reached(pool.preparedQuery("with gone as (delete from archived_entry where board_uid = $1),"
            + " joined as (delete from archived_participant where board_uid = $1),"
            + " blocks as (delete from archived_join_block where board_uid = $1),"
            + " cohorts as (delete from archived_cohort where board_uid = $1),"
            + " prizes as (delete from reward where board_uid = $1) delete from archived_period where board_uid = $1")
        .execute(Tuple.of(boardUid)))
        .mapEmpty();
  }

  /** Closes the pool; queries in flight fail. */
  public void close() {
    pool.close();
  }

  private static ArchivedPeriod toPeriod(Row row) {
    return new ArchivedPeriod(row.getString("board_uid"), row.getString("board"), row.getString("period"),
        row.getLong("size"), row.getOffsetDateTime("archived_at").toInstant().toEpochMilli(),
        row.getJsonObject("definition"), row.getLong("erased"));
  }

  private static ArchivedEntry toEntry(Row row) {
    return new ArchivedEntry(row.getLong("position"), row.getString("user_id"), row.getLong("score"),
        row.getLong("at"), row.getLong("competition_rank"), row.getLong("dense_rank"), row.getString("meta"),
        row.getString("keys"));
  }
}
