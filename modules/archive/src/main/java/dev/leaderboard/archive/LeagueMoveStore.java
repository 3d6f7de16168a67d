package dev.leaderboard.archive;


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
  static final String MAX = "9223372036854775807";
  static final String PAGE_KEY = "coalesce(cohort, " + MAX + "), coalesce(cohort_rank, " + MAX + "), user_id";
  static final String COLUMNS = "user_id, from_tier, to_tier, cohort, cohort_rank, score, movement";
  /** A cohort row's members, one row each in page order ({@code c} the cohort row; {@code m.i} the place). */
  static final String MEMBERS = " cross join lateral unnest(c.user_ids, c.to_tiers, c.cohort_ranks, c.scores,"
      + " c.movements) with ordinality m(user_id, to_tier, cohort_rank, score, movement, i)";
  static final String MEMBER_COLUMNS = "m.user_id, c.from_tier, m.to_tier, c.cohort, m.cohort_rank, m.score,"
      + " m.movement";
  /**
   * The moves of user $1 in the leagues $2: a seated member's in the cohort row their archived seats
   * name (one lookup of {@code league_cohort_move_seat} a seat, the user found in its arrays), an
   * unseated member's in {@code league_move}. Columns: league_uid, league, period and {@link #COLUMNS}.
   */
  static final String USER_MOVES = "select distinct c.league_uid, c.league, c.period, j.user_id, c.from_tier,"
      + " c.to_tiers[k.i] as to_tier, c.cohort, c.cohort_ranks[k.i] as cohort_rank, c.scores[k.i] as score,"
      + " c.movements[k.i] as movement from (" + ParticipantArchive.seatsOfUser("$1") + ") j join league_cohort_move c"
      + " on c.league_uid = any($2)"
      + " and c.period = j.period and c.cohort = j.cohort cross join lateral (select array_position(c.user_ids,"
      + " j.user_id) as i) k where j.user_id = $1 and j.cohort > 0 and k.i is not null union all select league_uid,"
      + " league, period, " + COLUMNS + " from league_move where user_id = $1 and league_uid = any($2)";

  /** One member's move at a period's close; {@code to} null when dropped. */
  public record Move(String userId, String from, String to, Long cohort, Long cohortRank, Long score, String movement) {
  }

  private final Pool pool;
  private final LeagueMovePages pages;

  LeagueMoveStore(Pool pool) {
    this.pool = pool;
    this.pages = new LeagueMovePages(pool);
  }

  /** The recorded moves read a page at a time. */
  public LeagueMovePages pages() {
    return pages;
  }

  /**
   * Records the period's moves in one transaction and their counts by movement: each cohort's as one
   * row, the unseated members' a row each, a chunk per statement (whole cohorts; each chunk's arrays
   * built only when it is sent). Answers false, writing nothing, when the period has moves recorded
   * already (its counts are there). Concurrent recorders of one period queue on an advisory lock, so
   * exactly one of them writes.
   */
  public Future<Boolean> record(String leagueUid, String league, String period, List<Move> moves) {
    return LeagueMoveRecording.write(pool, leagueUid, league, period, moves);
  }

  /**
   * The period's recorded moves: the cohorts' by tier and cohort, then the unseated members' by tier
   * and user ID, each read in pages ({@link #COHORT_PAGE} cohorts, {@link ArchiveSql#CHUNK} moves) so no
   * one answer holds a large league's every move. A period's moves never change once recorded, so the
   * pages add up to one consistent list.
   */
  public Future<List<Move>> period(String leagueUid, String period) {
    List<Move> out = new ArrayList<>();
    return cohorts(leagueUid, period, "", Long.MIN_VALUE, out).compose(v -> unseated(leagueUid, period, null, out));
  }

  /** Cohort rows read at a time by {@link #period}. */
  private static final int COHORT_PAGE = 1_000;

  private Future<List<Move>> cohorts(String leagueUid, String period, String tier, long cohort, List<Move> out) {
    return ArchiveSql.reached(pool.preparedQuery("select from_tier, cohort, user_ids, to_tiers, cohort_ranks, scores,"
        + " movements from league_cohort_move where league_uid = $1 and period = $2 and (from_tier, cohort) > ($3, $4)"
        + " order by from_tier, cohort limit " + COHORT_PAGE).execute(Tuple.of(leagueUid, period, tier, cohort)))
        .compose(rows -> {
          Row last = null;
          for (Row r : rows) {
            String[] users = r.getArrayOfStrings("user_ids");
            String[] to = r.getArrayOfStrings("to_tiers");
            Long[] ranks = r.getArrayOfLongs("cohort_ranks");
            Long[] scores = r.getArrayOfLongs("scores");
            String[] movements = r.getArrayOfStrings("movements");
            for (int i = 0; i < users.length; i++) {
              out.add(new Move(users[i], r.getString("from_tier"), to[i], r.getLong("cohort"), ranks[i], scores[i],
                  movements[i]));
            }
            last = r;
          }
          return rows.size() < COHORT_PAGE ? Future.succeededFuture(out)
              : cohorts(leagueUid, period, last.getString("from_tier"), last.getLong("cohort"), out);
        });
  }

  private Future<List<Move>> unseated(String leagueUid, String period, Move after, List<Move> out) {
    Tuple args = Tuple.of(leagueUid, period);
    String key = "";
    if (after != null) {
      key = " and (from_tier, user_id) > ($3, $4)";
      args.addString(after.from()).addString(after.userId());
    }
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
        + " and period = $2" + key + " order by from_tier, user_id limit " + ArchiveSql.CHUNK).execute(args))
        .compose(rows -> {
          out.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
          return rows.size() < ArchiveSql.CHUNK ? Future.succeededFuture(out)
              : unseated(leagueUid, period, out.get(out.size() - 1), out);
        });
  }

  /** A member's move at one period's close, and the reward their tier board gave them for it (JSON text, or null). */
  public record Step(String period, Move move, String reward) {
  }

  /**
   * The member's moves, newest period first, at most {@code limit}, each with the reward of the tier
   * board they competed on ({@code tierBoards}: tier → that board's uid): their moves found as
   * {@link #USER_MOVES} finds them, a reward looked up per row by its unique key.
   */
  public Future<List<Step>> member(String leagueUid, String userId, int limit, Map<String, String> tierBoards) {
    String[] tiers = tierBoards.keySet().toArray(String[]::new);
    String[] uids = tierBoards.values().toArray(String[]::new);
    return ArchiveSql.reached(pool.preparedQuery("select m.period, m." + COLUMNS.replace(", ", ", m.")
        + ", r.reward from (" + USER_MOVES + ") m left join unnest($4::text[], $5::text[]) t(tier, board_uid)"
        + " on t.tier = m.from_tier left join reward r on r.board_uid = t.board_uid and r.period = m.period"
        + " and r.user_id = m.user_id order by m.period desc limit $3")
        .execute(Tuple.of(userId, new String[] {leagueUid}, limit, tiers, uids)))
        .map(rows -> ArchiveSql.map(rows, r -> new Step(r.getString("period"), move(r), r.getString("reward"))));
  }

  /**
   * Removes the user's moves from the given leagues (an erasure; a deleted league's moves went with
   * it); answers how many. It finds a seated member's moves through their archived seats, so an
   * erasure runs it before it erases those.
   */
  public Future<Long> eraseUser(List<String> leagueUids, String userId) {
    // one statement: the moves go and their periods' counts go down with them, or neither
    return ArchiveSql.reached(pool.preparedQuery("with hit as (select distinct c.league_uid, c.period, c.from_tier,"
        + " c.cohort, k.i, c.movements[k.i] as movement from (" + ParticipantArchive.seatsOfUser("$2") + ") j"
        + " join league_cohort_move c"
        + " on c.league_uid = any($1) and c.period = j.period and c.cohort = j.cohort cross join lateral (select"
        + " array_position(c.user_ids, j.user_id) as i) k where j.user_id = $2 and j.cohort > 0 and k.i is not null),"
        + " seated as (update league_cohort_move c set user_ids = c.user_ids[:h.i - 1] || c.user_ids[h.i + 1:],"
        + " to_tiers = c.to_tiers[:h.i - 1] || c.to_tiers[h.i + 1:], cohort_ranks = c.cohort_ranks[:h.i - 1]"
        + " || c.cohort_ranks[h.i + 1:], scores = c.scores[:h.i - 1] || c.scores[h.i + 1:], movements ="
        + " c.movements[:h.i - 1] || c.movements[h.i + 1:] from hit h where c.league_uid = h.league_uid"
        + " and c.period = h.period and c.from_tier = h.from_tier and c.cohort = h.cohort"
        + " returning h.league_uid, h.period, h.movement), unseated as (delete from league_move"
        + " where league_uid = any($1) and user_id = $2 returning league_uid, period, movement),"
        + " gone as (select * from seated union all select * from unseated),"
        + " counted as (update league_move_count c set moves = c.moves - g.n from (select league_uid, period,"
        + " movement, count(*) n from gone group by league_uid, period, movement) g where c.league_uid = g.league_uid"
        + " and c.period = g.period and c.movement = g.movement) select count(*) from gone")
        .execute(Tuple.of(leagueUids.toArray(String[]::new), userId))).map(rows -> rows.iterator().next().getLong(0));
  }

  /** Removes every move of a deleted league. */
  public Future<Void> delete(String leagueUid) {
    return ArchiveSql.reached(pool.preparedQuery("with counts as (delete from league_move_count where league_uid = $1),"
        + " cohorts as (delete from league_cohort_move where league_uid = $1)"
        + " delete from league_move where league_uid = $1").execute(Tuple.of(leagueUid))).mapEmpty();
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
