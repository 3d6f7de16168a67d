package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
  /** The archive's migration that lets a tier board's event read its members' moves in cohort order. */
  static final String BY_TIER = """
      create index if not exists league_move_by_tier on league_move (league, period, from_tier, cohort, cohort_rank);
      """;
  /**
   * The archive's migration that orders a tier's moves as pages read them: cohort (the unseated last),
   * cohort rank, user ID, so a page after a key walks the index from there instead of sorting the period.
   */
  static final String BY_PAGE = """
      create index if not exists league_move_page on league_move (league_uid, period, from_tier,
        (coalesce(cohort, 9223372036854775807)), (coalesce(cohort_rank, 9223372036854775807)), user_id);
      """;
  /**
   * The archive's migration that keeps each period's moves counted by movement, so a page or the list
   * of periods reads a few rows instead of counting the period; periods recorded before it are counted once here.
   */
  static final String COUNTS = """
      create table if not exists league_move_count (
        league_uid text not null,
        period text not null,
        movement text not null,
        moves bigint not null,
        primary key (league_uid, period, movement));
      insert into league_move_count select league_uid, period, movement, count(*) from league_move
        group by league_uid, period, movement on conflict do nothing;
      """;
  /** The period's moves counted by movement, as recorded in the same transaction. */
  private static final String COUNT = "insert into league_move_count select $1, $2, c.* from unnest($3::text[],"
      + " $4::bigint[]) c on conflict (league_uid, period, movement) do update set moves = excluded.moves";
  private static final String PAGE_KEY = "coalesce(cohort, 9223372036854775807), coalesce(cohort_rank,"
      + " 9223372036854775807), user_id";
  private static final String INSERT = "insert into league_move (league_uid, league, period, user_id, from_tier, to_tier,"
      + " cohort, cohort_rank, score, movement) select $1, $2, $3, m.* from unnest($4::text[], $5::text[], $6::text[],"
      + " $7::bigint[], $8::bigint[], $9::bigint[], $10::text[]) m";
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
   * only when it is sent), and their counts by movement; answers false, writing nothing, when the
   * period has moves recorded already. Concurrent recorders of one period queue on an advisory lock,
   * so exactly one of them writes. A close gives each tier's moves by cohort and rank, the order of
   * their page key, so its unique index takes them in runs at its right edge.
   */
  public Future<Boolean> record(String leagueUid, String league, String period, List<Move> moves) {
    Map<String, Long> counts = new TreeMap<>();
    moves.forEach(m -> counts.merge(m.movement(), 1L, Long::sum));
    Tuple key = Tuple.of(leagueUid, period);
    return ArchiveSql.reached(pool.withTransaction(conn -> conn
        .preparedQuery("select pg_advisory_xact_lock(hashtext($1), hashtext($2))").execute(key)
        // a statement of its own: its snapshot must be taken after the lock is ours
        .compose(v -> conn.preparedQuery("select 1 from league_move where league_uid = $1 and period = $2 limit 1")
            .execute(key))
        .compose(found -> found.size() > 0 ? Future.succeededFuture(false) : ArchiveSql.inChunks(moves, chunk -> conn
            .preparedQuery(INSERT).execute(Tuple.from(List.of(leagueUid, league, period,
                column(chunk, Move::userId, String[]::new), column(chunk, Move::from, String[]::new),
                column(chunk, Move::to, String[]::new), column(chunk, Move::cohort, Long[]::new),
                column(chunk, Move::cohortRank, Long[]::new), column(chunk, Move::score, Long[]::new),
                column(chunk, Move::movement, String[]::new)))))
            .compose(v -> conn.preparedQuery(COUNT).execute(Tuple.of(leagueUid, period,
                counts.keySet().toArray(String[]::new), counts.values().toArray(Long[]::new))))
            .map(true))));
  }

  /**
   * The period's recorded moves: read a page of {@link ArchiveSql#CHUNK} at a time along their page
   * key's index, so no one answer holds a large league's every move. The rows of a period never
   * change once recorded, so the pages add up to one consistent list.
   */
  public Future<List<Move>> period(String leagueUid, String period) {
    return period(leagueUid, period, null, new ArrayList<>());
  }

  private Future<List<Move>> period(String leagueUid, String period, Move after, List<Move> out) {
    Tuple args = Tuple.of(leagueUid, period);
    String key = "";
    if (after != null) {
      key = " and (from_tier, " + PAGE_KEY + ") > ($3, $4, $5, $6)";
      args.addString(after.from()).addLong(after.cohort() == null ? Long.MAX_VALUE : after.cohort())
          .addLong(after.cohortRank() == null ? Long.MAX_VALUE : after.cohortRank()).addString(after.userId());
    }
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
        + " and period = $2" + key + " order by from_tier, " + PAGE_KEY + " limit " + ArchiveSql.CHUNK).execute(args))
        .compose(rows -> {
          out.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
          return rows.size() < ArchiveSql.CHUNK ? Future.succeededFuture(out)
              : period(leagueUid, period, out.get(out.size() - 1), out);
        });
  }

  /**
   * The moves of the members who were in {@code tier} of the league named {@code league}, by
   * cohort and rank in it, at most {@code limit}; and how many there are of each movement.
   */
  public Future<TierMoves> tier(String league, String period, String tier, int limit) {
    Tuple args = Tuple.of(league, period, tier);
    Future<List<Move>> first = ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where"
        + " league = $1 and period = $2 and from_tier = $3 order by cohort, cohort_rank, user_id limit $4")
        .execute(args.addInteger(limit))).map(rows -> ArchiveSql.map(rows, LeagueMoveStore::move));
    Future<Map<String, Long>> counts = ArchiveSql.reached(pool.preparedQuery("select movement, count(*) from league_move"
        + " where league = $1 and period = $2 and from_tier = $3 group by movement").execute(Tuple.of(league, period, tier)))
        .map(rows -> {
          Map<String, Long> out = new TreeMap<>();
          for (Row r : rows) {
            out.put(r.getString(0), r.getLong(1));
          }
          return out;
        });
    return Future.all(first, counts).map(all -> new TierMoves(all.resultAt(0), all.resultAt(1)));
  }

  /** A tier's first moves and the count of each movement. */
  public record TierMoves(List<Move> first, Map<String, Long> counts) {
    public long total() {
      return counts.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /** A member's move at one period's close, and the reward their tier board gave them for it (JSON text, or null). */
  public record Step(String period, Move move, String reward) {
  }

  /**
   * The member's moves, newest period first, at most {@code limit}, each with the reward of the tier
   * board they competed on ({@code tierBoards}: tier → that board's uid): one index range scan, a
   * reward looked up per row by its unique key.
   */
  public Future<List<Step>> member(String leagueUid, String userId, int limit, Map<String, String> tierBoards) {
    String[] tiers = tierBoards.keySet().toArray(String[]::new);
    String[] uids = tierBoards.values().toArray(String[]::new);
    return ArchiveSql.reached(pool.preparedQuery("select m.period, m." + COLUMNS.replace(", ", ", m.")
        + ", r.reward from league_move m left join unnest($4::text[], $5::text[]) t(tier, board_uid)"
        + " on t.tier = m.from_tier left join reward r on r.board_uid = t.board_uid and r.period = m.period"
        + " and r.user_id = m.user_id where m.league_uid = $1 and m.user_id = $2 order by m.period desc limit $3")
        .execute(Tuple.of(leagueUid, userId, limit, tiers, uids))).map(rows -> ArchiveSql.map(rows, r -> new Step(r.getString("period"), move(r), r.getString("reward"))));
  }

  /**
   * Removes the user's moves from the given leagues (an erasure; a deleted league's moves went with
   * it); answers how many.
   */
  public Future<Long> eraseUser(List<String> leagueUids, String userId) {
    // one statement: the moves go and their periods' counts go down with them, or neither
    return ArchiveSql.reached(pool.preparedQuery("with gone as (delete from league_move where league_uid = any($1)"
        + " and user_id = $2 returning league_uid, period, movement), counted as (update league_move_count c"
        + " set moves = c.moves - g.n from (select league_uid, period, movement, count(*) n from gone"
        + " group by league_uid, period, movement) g where c.league_uid = g.league_uid and c.period = g.period"
        + " and c.movement = g.movement) select count(*) from gone")
        .execute(Tuple.of(leagueUids.toArray(String[]::new), userId))).map(rows -> rows.iterator().next().getLong(0));
  }

  /** Removes every move of a deleted league. */
  public Future<Void> delete(String leagueUid) {
    return ArchiveSql.reached(pool.preparedQuery("with counts as (delete from league_move_count where league_uid = $1)"
        + " delete from league_move where league_uid = $1").execute(Tuple.of(leagueUid))).mapEmpty();
  }

  /**
   * A page of the period's moves ({@code movement} null: every one), ordered by the tier moved from
   * in {@code tiers}' order, then cohort (the unseated last), cohort rank and user ID.
   */
  public Future<List<Move>> page(String leagueUid, String period, List<String> tiers, String movement, long offset,
      int limit) {
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
        + " and period = $2 and ($3::text is null or movement = $3) order by array_position($4::text[], from_tier),"
        + " cohort nulls last, cohort_rank, user_id offset $5 limit $6")
        .execute(Tuple.of(leagueUid, period, movement, tiers.toArray(String[]::new), offset, limit))).map(rows -> ArchiveSql.map(rows, LeagueMoveStore::move));
  }

  /**
   * Where a page of moves goes on from: after this move of the tier at {@code tier} (its place in the
   * league's tiers), in the order of {@link #page}.
   */
  public record After(int tier, Long cohort, Long cohortRank, String userId) {
    /** The key of {@code m}, a move of a league whose tiers are {@code tiers}. */
    public static After of(Move m, List<String> tiers) {
      return new After(tiers.indexOf(m.from()), m.cohort(), m.cohortRank(), m.userId());
    }
  }

  /**
   * The page of the period's moves after {@code after} ({@code null}: from the first), in the order of
   * {@link #page}: a tier at a time, each read along {@link #BY_PAGE} from the key on, so a page costs
   * its own rows whatever its depth.
   */
  public Future<List<Move>> page(String leagueUid, String period, List<String> tiers, String movement, After after,
      int limit) {
    return pageFrom(leagueUid, period, tiers, movement, after == null ? new After(0, null, null, null) : after, limit,
        new ArrayList<>());
  }

  private Future<List<Move>> pageFrom(String leagueUid, String period, List<String> tiers, String movement, After after,
      int limit, List<Move> out) {
    if (after.tier() < 0 || after.tier() >= tiers.size() || out.size() >= limit) {
      return Future.succeededFuture(out);
    }
    long max = Long.MAX_VALUE;
    String key = after.userId() == null ? "" : " and (" + PAGE_KEY + ") > ($5, $6, $7)";
    Tuple args = Tuple.of(leagueUid, period, tiers.get(after.tier()), movement);
    if (after.userId() != null) {
      args.addLong(after.cohort() == null ? max : after.cohort()).addLong(after.cohortRank() == null ? max
          : after.cohortRank()).addString(after.userId());
    }
    args.addInteger(limit - out.size());
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
        + " and period = $2 and from_tier = $3 and ($4::text is null or movement = $4)" + key + " order by " + PAGE_KEY
        + " limit $" + args.size()).execute(args)).compose(rows -> {
          out.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
          return pageFrom(leagueUid, period, tiers, movement, new After(after.tier() + 1, null, null, null), limit, out);
        });
  }

  /** The moves recorded at one period's close, counted by movement. */
  public record PeriodMoves(String period, Map<String, Long> movements) {
    public long total() {
      return movements.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /** The periods with recorded moves, newest first, at most {@code limit}, each with its moves counted by movement. */
  public Future<List<PeriodMoves>> periods(String leagueUid, int limit) {
    return ArchiveSql.reached(pool.preparedQuery("select period, movement, moves from league_move_count"
        + " where league_uid = $1 and moves > 0 and period in (select distinct period from league_move_count"
        + " where league_uid = $1 and moves > 0 order by period desc limit $2) order by period desc")
        .execute(Tuple.of(leagueUid, limit))).map(LeagueMoveStore::periodMoves);
  }

  /** One period's moves counted by movement; empty when none are recorded. */
  public Future<PeriodMoves> counts(String leagueUid, String period) {
    return ArchiveSql.reached(pool.preparedQuery("select period, movement, moves from league_move_count"
        + " where league_uid = $1 and period = $2 and moves > 0").execute(Tuple.of(leagueUid, period)))
        .map(rows -> {
          List<PeriodMoves> found = periodMoves(rows);
          return found.isEmpty() ? new PeriodMoves(period, Map.of()) : found.get(0);
        });
  }

  private static List<PeriodMoves> periodMoves(RowSet<Row> rows) {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    for (Row r : rows) {
      out.computeIfAbsent(r.getString(0), p -> new TreeMap<>()).put(r.getString(1), r.getLong(2));
    }
    return out.entrySet().stream().map(e -> new PeriodMoves(e.getKey(), e.getValue())).toList();
  }

  static Move move(Row r) {
    return new Move(r.getString("user_id"), r.getString("from_tier"), r.getString("to_tier"), r.getLong("cohort"),
        r.getLong("cohort_rank"), r.getLong("score"), r.getString("movement"));
  }
}
