package dev.leaderboard.archive;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The moves of each league period's close in PostgreSQL ({@code league_move}, beside the archive;
 * its table comes with {@link ArchiveStore#migrate}): at most one per league, period and member, so
 * a close run again records nothing twice and reads back what the first run recorded.
 */
public final class LeagueMoveStore {
  /** The archive's migration that adds the table. */
  static final String SCHEMA = """
      create table if not exists league_move (
        league_uid text not null,
        league text not null,
        period text not null,
        user_id text not null,
        from_tier text not null,
        to_tier text,
        cohort bigint,
        cohort_rank bigint,
        score bigint,
        movement text not null,
        primary key (league_uid, period, user_id));
      create index if not exists league_move_by_user on league_move (league_uid, user_id, period desc);
      """;
  private static final String INSERT = "insert into league_move (league_uid, league, period, user_id, from_tier, to_tier,"
      + " cohort, cohort_rank, score, movement) select $1, $2, $3, m.* from unnest($4::text[], $5::text[], $6::text[],"
      + " $7::bigint[], $8::bigint[], $9::bigint[], $10::text[]) m on conflict (league_uid, period, user_id) do nothing";
  private static final String COLUMNS = "user_id, from_tier, to_tier, cohort, cohort_rank, score, movement";

  /** One member's move at a period's close; {@code to} null when dropped. */
  public record Move(String userId, String from, String to, Long cohort, Long cohortRank, Long score, String movement) {
  }

  private final Pool pool;

  LeagueMoveStore(Pool pool) {
    this.pool = pool;
  }

  /**
   * Records the period's moves in one transaction, a chunk per statement (each chunk's arrays built
   * only when it is sent); members recorded before keep their first move.
   */
  public Future<Void> record(String leagueUid, String league, String period, List<Move> moves) {
    return ArchiveStore.reached(pool.withTransaction(conn -> insert(conn, leagueUid, league, period, moves, 0)));
  }

  private static Future<Void> insert(SqlConnection conn, String leagueUid, String league, String period,
      List<Move> moves, int from) {
    if (from >= moves.size()) {
      return Future.succeededFuture();
    }
    int to = Math.min(moves.size(), from + ArchiveStore.CHUNK);
    int n = to - from;
    String[] user = new String[n];
    String[] fromTier = new String[n];
    String[] toTier = new String[n];
    Long[] cohort = new Long[n];
    Long[] rank = new Long[n];
    Long[] score = new Long[n];
    String[] movement = new String[n];
    for (int i = 0; i < n; i++) {
      Move m = moves.get(from + i);
      user[i] = m.userId();
      fromTier[i] = m.from();
      toTier[i] = m.to();
      cohort[i] = m.cohort();
      rank[i] = m.cohortRank();
      score[i] = m.score();
      movement[i] = m.movement();
    }
    return conn.preparedQuery(INSERT)
        .execute(Tuple.from(List.of(leagueUid, league, period, user, fromTier, toTier, cohort, rank, score, movement)))
        .compose(v -> insert(conn, leagueUid, league, period, moves, to));
  }

  /**
   * The period's recorded moves, by user ID: read a page of {@link ArchiveStore#CHUNK} at a time
   * along the primary key, so no one answer holds a large league's every move. The rows of a
   * period never change once recorded, so the pages add up to one consistent list.
   */
  public Future<List<Move>> period(String leagueUid, String period) {
    return page(leagueUid, period, "", new ArrayList<>());
  }

  private Future<List<Move>> page(String leagueUid, String period, String after, List<Move> out) {
    return ArchiveStore.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
        + " and period = $2 and user_id > $3 order by user_id limit $4")
        .execute(Tuple.of(leagueUid, period, after, ArchiveStore.CHUNK))).compose(rows -> {
          for (Row r : rows) {
            out.add(move(r));
          }
          return rows.size() < ArchiveStore.CHUNK ? Future.succeededFuture(out)
              : page(leagueUid, period, out.get(out.size() - 1).userId(), out);
        });
  }

  /** A member's move at one period's close. */
  public record Step(String period, Move move) {
  }

  /** The member's moves, newest period first, at most {@code limit}. */
  public Future<List<Step>> member(String leagueUid, String userId, int limit) {
    return ArchiveStore.reached(pool.preparedQuery("select period, " + COLUMNS + " from league_move where league_uid = $1"
        + " and user_id = $2 order by period desc limit $3").execute(Tuple.of(leagueUid, userId, limit))).map(rows -> {
          List<Step> out = new ArrayList<>();
          for (Row r : rows) {
            out.add(new Step(r.getString("period"), move(r)));
          }
          return out;
        });
  }

  /** Removes every move of a deleted league. */
  public Future<Void> delete(String leagueUid) {
    return ArchiveStore.reached(pool.preparedQuery("delete from league_move where league_uid = $1")
        .execute(Tuple.of(leagueUid))).mapEmpty();
  }

  private static Move move(Row r) {
    return new Move(r.getString("user_id"), r.getString("from_tier"), r.getString("to_tier"), r.getLong("cohort"),
        r.getLong("cohort_rank"), r.getLong("score"), r.getString("movement"));
  }
}
