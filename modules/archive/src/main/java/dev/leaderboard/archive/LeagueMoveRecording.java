package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One league period's moves recorded in one transaction ({@link LeagueMoveStore#record}): the seated
 * members' moves a row a cohort, then the unseated members' moves, a row each, and the counts by
 * movement. The transaction takes the period's advisory lock first, and a recorder that finds counts
 * recorded already writes nothing: exactly one record of a period ever commits. The lock is held only
 * while the record is written, never while a close computes the moves, so a node that dies part way
 * through a close leaves nothing another node's close would wait on.
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

  private LeagueMoveRecording() {
  }

  /** Records the moves; false, writing nothing, when the period's moves were recorded already. */
  static Future<Boolean> write(Pool pool, String leagueUid, String league, String period, List<Move> moves) {
    Map<String, Long> counts = new TreeMap<>();
    moves.forEach(m -> counts.merge(m.movement(), 1L, Long::sum));
    List<Move> seated = moves.stream().filter(m -> m.cohort() != null).toList();
    List<Move> unseated = moves.stream().filter(m -> m.cohort() == null).toList();
    Tuple key = Tuple.of(leagueUid, period);
    return ArchiveSql.reached(pool.withTransaction(conn -> conn
        .preparedQuery("select pg_advisory_xact_lock(hashtext($1), hashtext($2))").execute(key)
        // a statement of its own: its snapshot must be taken after the lock is ours
        .compose(v -> conn.preparedQuery("select 1 from league_move_count where league_uid = $1 and period = $2"
            + " limit 1").execute(key))
        .compose(found -> {
          if (found.size() > 0) {
            return Future.succeededFuture(false);
          }
          // a cohort's moves in one statement: they make its one row, its members in page order
          return ArchiveSql.inWholeGroups(seated, m -> List.of(m.from(), m.cohort()), cohorts -> conn
                  .preparedQuery(INSERT_COHORTS).execute(cohortRows(leagueUid, league, period, cohorts)))
              .compose(v -> ArchiveSql.inChunks(unseated, chunk -> conn.preparedQuery(INSERT)
                  .execute(rows(leagueUid, league, period, chunk))))
              .compose(v -> conn.preparedQuery(COUNT).execute(Tuple.of(leagueUid, period,
                  counts.keySet().toArray(String[]::new), counts.values().toArray(Long[]::new))))
              .map(true);
        })));
  }

  /** A row a cohort; each cohort's moves sorted by cohort rank, the page order. */
  private static Tuple cohortRows(String leagueUid, String league, String period, List<List<Move>> cohorts) {
    cohorts.forEach(c -> c.sort(PAGE_ORDER));
    return Tuple.from(List.of(leagueUid, league, period, ArchiveSql.firsts(cohorts, Move::from, String[]::new),
        ArchiveSql.firsts(cohorts, Move::cohort, Long[]::new), ArchiveSql.literals(cohorts, Move::userId),
        ArchiveSql.literals(cohorts, Move::to), ArchiveSql.literals(cohorts, Move::cohortRank),
        ArchiveSql.literals(cohorts, Move::score), ArchiveSql.literals(cohorts, Move::movement)));
  }

  private static Tuple rows(String leagueUid, String league, String period, List<Move> chunk) {
    return Tuple.from(List.of(leagueUid, league, period, column(chunk, Move::userId, String[]::new),
        column(chunk, Move::from, String[]::new), column(chunk, Move::to, String[]::new),
        column(chunk, Move::cohort, Long[]::new), column(chunk, Move::cohortRank, Long[]::new),
        column(chunk, Move::score, Long[]::new), column(chunk, Move::movement, String[]::new)));
  }
}
