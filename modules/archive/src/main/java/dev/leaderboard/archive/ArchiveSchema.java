package dev.leaderboard.archive;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.List;

/**
 * The archive's schema (its tables, the audit log's, the participants', rewards' and league moves'), as
 * numbered migrations recorded in {@code schema_version}: each node brings the database to the newest.
 */
final class ArchiveSchema {
  private ArchiveSchema() {
  }

  /** Schema versions in order; index i migrates version i to i + 1. Append only. */
  private static final List<String> MIGRATIONS = List.of("""
      create table archived_period (
        board_uid text not null,
        board text not null,
        period text not null,
        size bigint not null,
        archived_at timestamptz not null,
        definition jsonb,
        primary key (board_uid, period));
      create table archived_entry (
        board_uid text not null,
        period text not null,
        position bigint not null,
        user_id text not null,
        score bigint not null,
        at bigint not null,
        competition_rank bigint not null,
        dense_rank bigint not null,
        primary key (board_uid, period, position));
      create unique index archived_entry_user on archived_entry (board_uid, period, user_id);
      """, AuditStore.SCHEMA,
      // entry metadata (JSON object text, as stored in Redis); null for entries without any
      "alter table archived_entry add column if not exists meta text;", """
      alter table archived_period add column erased bigint not null default 0;
      create index archived_entry_by_user on archived_entry (user_id);
      """,
      // the entry's sort keys (JSON object text, name -> value) on boards that have them
      "alter table archived_entry add column if not exists keys text;",
      // the audit log read a page at a time by action or by actor, newest first
      AuditStore.FILTER_INDEXES,
      // the participants of competition periods
      ParticipantSchema.SCHEMA,
      // the rewards of closed periods, and the per-user index of the archive
      RewardStore.SCHEMA,
      // the moves of leagues' closes
      LeagueMoveSchema.SCHEMA,
      LeagueMoveSchema.BY_TIER,
      // a period's moves read a page at a time by key
      LeagueMoveSchema.BY_PAGE,
      // a period's moves counted by movement, kept as they are recorded and erased
      LeagueMoveSchema.COUNTS,
      // a user's rows read a page at a time by an export, and the audit entries that name them
      UserArchive.SCHEMA,
      // the indexes led by the user alone that those per-user indexes cover: one index write fewer per
      // archived entry, participant and league move (an erasure and a member's history use the wider ones)
      """
      drop index if exists archived_entry_by_user;
      drop index if exists archived_participant_by_user;
      drop index if exists league_move_by_user;
      """,
      // an archive writes a period's rows in key order, so each index that is not led by the user takes them
      // at its right edge; each index led by the user takes every row at a random place, at about 8 µs a row
      // on two cores. One such index a table: lookups by board, period and user, and a board's history of
      // one user, read the per-user index (user, board, period) alike; a league's moves are unique by their
      // page key (tier, cohort, rank, user), which the close writes in order
      """
      drop index if exists archived_entry_user;
      drop index if exists archived_entry_history;
      drop index if exists archived_participant_user;
      alter table league_move drop constraint if exists league_move_pkey;
      drop index if exists league_move_page;
      create unique index league_move_page on league_move (league_uid, period, from_tier,
        (coalesce(cohort, 9223372036854775807)), (coalesce(cohort_rank, 9223372036854775807)), user_id);
      """,
      // a cohort's moves as one row; the unseated members' moves stay a row each
      LeagueMoveSchema.COHORTS,
      // a period's participants in blocks and cohort rows, their seats on their entries
      ParticipantSchema.BLOCKS,
      // the arrays of blocks and cohort rows stored uncompressed
      ParticipantSchema.UNCOMPRESSED);

  /**
   * Brings the schema to the newest version (the archive's tables and the audit log's). Nodes may
   * call it at once: the advisory lock makes the second wait for the first and then find nothing
   * left to do.
   */
  static Future<Void> migrate(Pool pool) {
    return migrate(pool, MIGRATIONS.size());
  }

  /** The newest schema version this build knows. */
  static int latest() {
    return MIGRATIONS.size();
  }

  /**
   * Brings the schema to {@code upTo} (or leaves a newer one as it is): a restore loads a backup into
   * the schema it was made with, and the migrations after it then move its rows on as they would have.
   */
  static Future<Void> migrate(Pool pool, int upTo) {
    return ArchiveSql.reached(pool.withTransaction(conn -> conn
        .query("select pg_advisory_xact_lock(hashtext('leaderboard archive schema'))").execute()
        // every start would otherwise log the "already exists, skipping" notice as a warning
        .compose(v -> conn.query("set local client_min_messages = warning").execute())
        .compose(v -> conn.query("create table if not exists schema_version ("
            + "version int primary key, applied_at timestamptz not null default now())").execute())
        .compose(v -> conn.query("select coalesce(max(version), 0) from schema_version").execute())
        .compose(rows -> {
          Future<Void> applied = Future.succeededFuture();
          for (int version = rows.iterator().next().getInteger(0); version < Math.min(upTo, MIGRATIONS.size());
              version++) {
            String sql = MIGRATIONS.get(version);
            Tuple next = Tuple.of(version + 1);
            applied = applied.compose(v -> conn.query(sql).execute())
                .compose(v -> conn.preparedQuery("insert into schema_version (version) values ($1)").execute(next))
                .mapEmpty();
          }
          return applied;
        })));
  }}
