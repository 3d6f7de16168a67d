package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One league period's moves recorded in one transaction ({@link LeagueMoveStore#record}): the seated
 * members' moves a row a cohort ({@link #cohorts}), then the unseated members' moves, a row each, and
 * the counts by movement, committed together ({@link #finish}). The transaction holds the period's
 * advisory lock from its start, and a recorder that finds counts recorded already writes nothing:
 * exactly one record of a period ever commits. A record that fails is given up ({@link #abandon}),
 * which rolls all of it back. The lock is held only while the record is written, not while a close
 * computes the moves: a node that dies part way through a close must leave nothing that another
 * node's close would wait on.
 */
final class LeagueMoveRecording {
  /** The period's moves counted by movement, as recorded in the same transaction. */
  private static final String COUNT = "insert into league_move_count select $1, $2, c.* from unnest($3::text[],"
      + " $4::bigint[]) c on conflict (league_uid, period, movement) do update set moves = excluded.moves";
  /** The unseated members' moves, a row each. */
  private static final String INSERT = "insert into league_move (league_uid, league, period, user_id, from_tier, to_tier,"
      + " cohort, cohort_rank, score, movement) select $1, $2, $3, m.* from unnest($4::text[], $5::text[], $6::text[],"
      + " $7::bigint[], $8::bigint[], $9::bigint[], $10::text[]) m";
  /**
   * Whole cohorts' moves, a row a cohort: each cohort's fields as array literals built by the node, its
   * members in page order ({@link ArchiveSql#literals}).
   */
  private static final String INSERT_COHORTS = "insert into league_cohort_move (league_uid, league, period, from_tier,"
      + " cohort, user_ids, to_tiers, cohort_ranks, scores, movements) select $1, $2, $3, c.from_tier, c.cohort,"
      + " c.user_ids::text[], c.to_tiers::text[], c.cohort_ranks::bigint[], c.scores::bigint[], c.movements::text[]"
      + " from unnest($4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])"
      + " c(from_tier, cohort, user_ids, to_tiers, cohort_ranks, scores, movements)";
  /** A cohort's moves in page order: by cohort rank (which every move a close computes has, no two alike), then user. */
  private static final Comparator<Move> PAGE_ORDER = Comparator.comparing(Move::cohortRank,
      Comparator.nullsLast(Comparator.<Long>naturalOrder())).thenComparing(Move::userId);

  private final SqlConnection conn;
  private final Transaction tx;
  private final String leagueUid;
  private final String league;
  private final String period;
  /** Every statement after the one before: cohorts arrive from tiers in any order, one statement at a time. */
  private Future<Void> written = Future.succeededFuture();
  /** Another recorder's moves are there: this one writes nothing. */
  private boolean recordedBefore;
  private boolean ended;

  private LeagueMoveRecording(SqlConnection conn, Transaction tx, String leagueUid, String league, String period) {
    this.conn = conn;
    this.tx = tx;
    this.leagueUid = leagueUid;
    this.league = league;
    this.period = period;
  }

  /** Starts recording the period's moves: a connection of {@code pool}'s, a transaction, the period's lock. */
  static Future<LeagueMoveRecording> start(Pool pool, String leagueUid, String league, String period) {
    Tuple key = Tuple.of(leagueUid, period);
    return ArchiveSql.reached(pool.getConnection().compose(conn -> conn.begin().compose(tx -> {
      LeagueMoveRecording r = new LeagueMoveRecording(conn, tx, leagueUid, league, period);
      return conn.preparedQuery("select pg_advisory_xact_lock(hashtext($1), hashtext($2))").execute(key)
          // a statement of its own: its snapshot must be taken after the lock is ours
          .compose(v -> conn.preparedQuery("select 1 from league_move_count where league_uid = $1 and period = $2"
              + " limit 1").execute(key))
          .map(found -> {
            r.recordedBefore = found.size() > 0;
            return r;
          });
    }).onFailure(t -> conn.close())));
  }

  /** Writes the seated moves among {@code moves} (whole cohorts), after every statement sent before. */
  Future<Void> cohorts(List<Move> moves) {
    if (recordedBefore) {
      return Future.succeededFuture();
    }
    List<Move> seated = moves.stream().filter(m -> m.cohort() != null).toList();
    written = written.compose(v -> ArchiveSql.inWholeGroups(seated, m -> List.of(m.from(), m.cohort()),
        cohorts -> conn.preparedQuery(INSERT_COHORTS).execute(cohortRows(cohorts))));
    return ArchiveSql.reached(written);
  }

  /**
   * Writes the unseated members' moves among {@code all} (every move of the period, the seated ones
   * written by {@link #cohorts} already) and the counts of all, and commits. Answers false, having
   * written nothing, when another recorder had recorded the period.
   */
  Future<Boolean> finish(List<Move> all) {
    if (recordedBefore) {
      return abandon().map(false);
    }
    Map<String, Long> counts = new TreeMap<>();
    all.forEach(m -> counts.merge(m.movement(), 1L, Long::sum));
    List<Move> unseated = all.stream().filter(m -> m.cohort() == null).toList();
    Future<Boolean> done = written.compose(v -> ArchiveSql.inChunks(unseated, chunk -> conn.preparedQuery(INSERT)
            .execute(rows(chunk))))
        .compose(v -> conn.preparedQuery(COUNT).execute(Tuple.of(leagueUid, period,
            counts.keySet().toArray(String[]::new), counts.values().toArray(Long[]::new))))
        .compose(v -> tx.commit())
        .map(true);
    return ArchiveSql.reached(done.eventually(this::end));
  }

  /** Gives the recording up: nothing of it is kept. Safe to call more than once, and after {@link #finish}. */
  Future<Void> abandon() {
    if (ended) {
      return Future.succeededFuture();
    }
    return tx.rollback().transform(ar -> end());
  }

  private Future<Void> end() {
    if (ended) {
      return Future.succeededFuture();
    }
    ended = true;
    return conn.close();
  }

  /** A row a cohort; each cohort's moves sorted by cohort rank, the page order. */
  private Tuple cohortRows(List<List<Move>> cohorts) {
    cohorts.forEach(c -> c.sort(PAGE_ORDER));
    return Tuple.from(List.of(leagueUid, league, period, ArchiveSql.firsts(cohorts, Move::from, String[]::new),
        ArchiveSql.firsts(cohorts, Move::cohort, Long[]::new), ArchiveSql.literals(cohorts, Move::userId),
        ArchiveSql.literals(cohorts, Move::to), ArchiveSql.literals(cohorts, Move::cohortRank),
        ArchiveSql.literals(cohorts, Move::score), ArchiveSql.literals(cohorts, Move::movement)));
  }

  private Tuple rows(List<Move> chunk) {
    return Tuple.from(List.of(leagueUid, league, period, column(chunk, Move::userId, String[]::new),
        column(chunk, Move::from, String[]::new), column(chunk, Move::to, String[]::new),
        column(chunk, Move::cohort, Long[]::new), column(chunk, Move::cohortRank, Long[]::new),
        column(chunk, Move::score, Long[]::new), column(chunk, Move::movement, String[]::new)));
  }
}
