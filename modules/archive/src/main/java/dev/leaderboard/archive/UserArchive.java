package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.map;
import static dev.leaderboard.archive.ArchiveSql.reached;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What PostgreSQL holds of one user, read for an export: their archived entries, archived
 * participations, rewards, league moves and the audit entries whose target names them. Each is read
 * {@value #PAGE} rows a statement along an index led by the user, from the last row's key on, so a
 * user on thousands of periods costs pages of bounded size, never one unbounded answer. The audit
 * entries' names are also taken out by an erasure ({@link #forgetInAudit}).
 */
public final class UserArchive {
  /** Rows per statement. */
  static final int PAGE = 1000;
  /** The archive's migration that lets every table be read by user in key order, and the audit log by the user it names. */
  static final String SCHEMA = """
      create index if not exists archived_entry_user_page on archived_entry (user_id, board_uid, period);
      create index if not exists archived_participant_user_page on archived_participant (user_id, board_uid, period);
      create index if not exists league_move_user_page on league_move (user_id, league_uid, period);
      create index if not exists audit_log_user on audit_log ((target->>'userId'), id);
      """;
  /** What an erased user's audit entries name instead of them. */
  public static final String ERASED = "[erased]";

  private static final String ENTRIES = "select e.board_uid, p.board, e.period, e.position, e.user_id, e.score, e.at,"
      + " e.competition_rank, e.dense_rank, e.meta, e.keys from archived_entry e join archived_period p"
      + " on p.board_uid = e.board_uid and p.period = e.period where e.user_id = $1 and (e.board_uid, e.period) > ($2, $3)"
      + " order by e.board_uid, e.period limit $4";
  private static final String PARTICIPANTS = "select j.board_uid, p.board, j.period, j.position, j.user_id, j.joined_at,"
      + " j.cohort from (" + ParticipantArchive.seatsOfUser("$1") + ") j left join archived_period p"
      + " on p.board_uid = j.board_uid and p.period = j.period where (j.board_uid, j.period) > ($2, $3)"
      + " order by j.board_uid, j.period limit $4";
  private static final String MOVES = "select * from (" + LeagueMoveStore.USER_MOVES + ") m"
      + " where (league_uid, period) > ($3, $4) order by league_uid, period limit $5";
  /**
   * The user's rows over {@code archived_entry_user_page}, each with the cohort its seat names. The
   * cohort rank counts the entries of that cohort ordered before the user's: the cohort's members from
   * its {@code archived_cohort} row, each one's entry by {@code archived_entry_user_page}, so the cost is
   * the cohort's size (at most cohortSize) per period returned, and the count runs only for the rows
   * the limit keeps.
   */
  private static final String HISTORY = "select e.period, e.position, e.score, e.competition_rank, p.size,"
      + " nullif(e.cohort, 0) as cohort, case when e.cohort > 0 then 1 + (select count(*) from archived_cohort c"
      + " cross join lateral unnest(c.user_ids) m(user_id) join archived_entry o on o.user_id = m.user_id"
      + " and o.board_uid = c.board_uid and o.period = c.period where c.board_uid = e.board_uid and c.period = e.period"
      + " and c.cohort = e.cohort and o.position < e.position) end as cohort_rank, r.reward from archived_entry e"
      + " join archived_period p on p.board_uid = e.board_uid and p.period = e.period left join reward r"
      + " on r.board_uid = e.board_uid and r.period = e.period and r.user_id = e.user_id where e.board_uid = $1"
      + " and e.user_id = $2 order by e.period desc limit $3";
  private static final String AUDIT = "select id, at, actor, operation, board, target, request, status, error"
      + " from audit_log where target->>'userId' = $1 and operation <> all($2) and id > $3 order by id limit $4";
  private static final String FORGET = "update audit_log set target = jsonb_set(target, '{userId}', to_jsonb($3::text))"
      + " where target->>'userId' = $1 and operation <> all($2)";

  /** An archived entry of the user and the period it is in. */
  public record Entry(String boardUid, String board, String period, ArchivedEntry entry) {
  }

  /** A seat of the user in an archived period ({@code board} {@code null} while the period's row is not written). */
  public record Participation(String boardUid, String board, String period, ArchivedParticipant participant) {
  }

  /** A recorded move of the user at a league period's close. */
  public record LeagueMove(String leagueUid, String league, String period, LeagueMoveStore.Move move) {
  }

  private final Pool pool;

  UserArchive(Pool pool) {
    this.pool = pool;
  }

  /**
   * The user's standing in each archived period of the board, newest period first, at most
   * {@code limit}: one index range scan, each row with its period's size, the user's reward and
   * cohort placement, and the unique rank among the entries of that cohort.
   */
  public Future<List<ArchivedStanding>> history(String boardUid, String userId, int limit) {
    return reached(pool.preparedQuery(HISTORY).execute(Tuple.of(boardUid, userId, limit)))
        .map(rows -> map(rows, row -> new ArchivedStanding(row.getString("period"), row.getLong("position"),
            row.getLong("score"), row.getLong("competition_rank"), row.getLong("size"), row.getLong("cohort"),
            row.getLong("cohort_rank"), row.getString("reward"))));
  }

  /** Every archived entry of the user, by board and period. */
  public Future<List<Entry>> entries(String userId) {
    return pages(ENTRIES, List.of(userId), List.of("", ""), e -> List.of(e.boardUid(), e.period()),
        row -> new Entry(row.getString("board_uid"), row.getString("board"), row.getString("period"),
            new ArchivedEntry(row.getLong("position"), row.getString("user_id"), row.getLong("score"),
                row.getLong("at"), row.getLong("competition_rank"), row.getLong("dense_rank"), row.getString("meta"),
                row.getString("keys"))), new ArrayList<>());
  }

  /** Every seat of the user in an archived period, by board and period. */
  public Future<List<Participation>> participations(String userId) {
    return pages(PARTICIPANTS, List.of(userId), List.of("", ""), p -> List.of(p.boardUid(), p.period()),
        row -> new Participation(row.getString("board_uid"), row.getString("board"), row.getString("period"),
            new ArchivedParticipant(row.getLong("position"), row.getString("user_id"), row.getLong("joined_at"),
                row.getLong("cohort"))), new ArrayList<>());
  }

  /** The user's recorded moves in the given leagues (those that exist: a deleted league's went with it). */
  public Future<List<LeagueMove>> leagueMoves(String userId, List<String> leagueUids) {
    return pages(MOVES, List.of(userId, leagueUids.toArray(String[]::new)), List.of("", ""),
        m -> List.of(m.leagueUid(), m.period()),
        row -> new LeagueMove(row.getString("league_uid"), row.getString("league"), row.getString("period"),
            LeagueMoveStore.move(row)), new ArrayList<>());
  }

  /** Every reward of the user, oldest first. */
  public Future<List<Reward>> rewards(String userId) {
    return pages("select " + RewardStore.COLUMNS + " from reward where user_id = $1 and id > $2 order by id limit $3",
        List.of(userId), List.of(0L), r -> List.of(r.id()), RewardStore::reward, new ArrayList<>());
  }

  /** The audit entries whose target names the user, oldest first, but those of the operations {@code kept}. */
  public Future<List<AuditEntry>> audit(String userId, List<String> kept) {
    return pages(AUDIT, List.of(userId, kept.toArray(String[]::new)), List.of(0L), a -> List.of(a.id()),
        AuditStore::toEntry, new ArrayList<>());
  }

  /**
   * An erasure: the audit entries whose target names the user, but those of the operations
   * {@code kept}, name {@link #ERASED} instead; the actions stay recorded. Answers how many.
   */
  public Future<Long> forgetInAudit(String userId, List<String> kept) {
    return reached(pool.preparedQuery(FORGET).execute(Tuple.of(userId, kept.toArray(String[]::new), ERASED)))
        .map(rows -> (long) rows.rowCount());
  }

  /** Pages of {@code sql} (arguments: {@code fixed}, then the last row's key, then the page size) until a short one. */
  private <T> Future<List<T>> pages(String sql, List<Object> fixed, List<Object> key, Function<T, List<Object>> keyOf,
      Function<Row, T> read, List<T> out) {
    List<Object> args = new ArrayList<>(fixed);
    args.addAll(key);
    args.add(PAGE);
    return reached(pool.preparedQuery(sql).execute(Tuple.from(args))).compose(rows -> {
      List<T> page = map(rows, read);
      out.addAll(page);
      return page.size() < PAGE ? Future.succeededFuture(out)
          : pages(sql, fixed, keyOf.apply(page.get(page.size() - 1)), keyOf, read, out);
    });
  }
}
