package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;
import static dev.leaderboard.archive.ArchiveSql.inChunks;
import static dev.leaderboard.archive.ArchiveSql.map;
import static dev.leaderboard.archive.ArchiveSql.reached;
import static dev.leaderboard.archive.ArchiveSql.time;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The rewards of closed periods in PostgreSQL ({@code reward}, beside the archive; its table comes
 * with {@link ArchiveStore#migrate}). A period's rewards are written in the transaction that
 * archives it, at most one per user and period (a second write of the same user adds nothing), and
 * a reward is claimed by one conditional update, so claims racing on any nodes succeed once.
 */
public final class RewardStore {
  /** The archive's migration that adds the table, and the index the per-user history reads. */
  static final String SCHEMA = """
      create table if not exists reward (
        id bigserial primary key,
        board text not null,
        board_uid text not null,
        period text not null,
        user_id text not null,
        cohort bigint,
        rank bigint not null,
        score bigint not null,
        reward text not null,
        created_at timestamptz not null,
        claimed_at timestamptz,
        unique (board_uid, period, user_id));
      create index if not exists reward_by_user on reward (user_id, id desc);
      create index if not exists reward_by_period on reward (board_uid, period, rank, id);
      create index if not exists archived_entry_history on archived_entry (board_uid, user_id, period desc);
      """;
  static final String COLUMNS = "id, board, board_uid, period, user_id, cohort, rank, score, reward, created_at,"
      + " claimed_at";
  /** Arrays in, so a chunk is one statement; a user already rewarded for the period is left as it is. */
  private static final String INSERT = "insert into reward (board, board_uid, period, created_at, user_id, cohort, rank,"
      + " score, reward) select $1, $2, $3, $4, r.* from unnest($5::text[], $6::bigint[], $7::bigint[], $8::bigint[],"
      + " $9::text[]) r on conflict (board_uid, period, user_id) do nothing";

  /** Which of a user's rewards a listing shows. */
  public enum State {
    UNCLAIMED("unclaimed", " and claimed_at is null"), CLAIMED("claimed", " and claimed_at is not null"), ALL("all", "");

    private final String wireName;
    private final String condition;

    State(String wireName, String condition) {
      this.wireName = wireName;
      this.condition = condition;
    }

    public String wireName() {
      return wireName;
    }
  }

  /** What a claim found: the reward claimed now, one claimed before, or none of the user's with that id. */
  public record Claim(Reward reward, boolean claimedNow) {
  }

  private final Pool pool;

  RewardStore(Pool pool) {
    this.pool = pool;
  }

  /** Writes the period's rewards inside the archive's transaction {@code conn}, a chunk per statement. */
  static Future<Void> insert(SqlConnection conn, ArchivedPeriod period, List<Reward> rewards) {
    return inChunks(rewards, chunk -> conn.preparedQuery(INSERT)
        .execute(Tuple.from(List.of(period.board(), period.boardUid(), period.period(), time(period.archivedAt()),
            column(chunk, Reward::userId, String[]::new), column(chunk, Reward::cohort, Long[]::new),
            column(chunk, Reward::rank, Long[]::new), column(chunk, Reward::score, Long[]::new),
            column(chunk, Reward::reward, String[]::new)))));
  }

  /** The user's rewards in {@code state}, newest first, at most {@code limit}. */
  public Future<List<Reward>> user(String userId, State state, int limit) {
    return reached(pool.preparedQuery("select " + COLUMNS + " from reward where user_id = $1" + state.condition
            + " order by id desc limit $2")
        .execute(Tuple.of(userId, limit)))
        .map(RewardStore::rewards);
  }

  /** A page of the period's rewards, best rank first (within a rank, by cohort). */
  public Future<List<Reward>> period(String boardUid, String period, long offset, int limit) {
    return reached(pool.preparedQuery("select " + COLUMNS + " from reward where board_uid = $1 and period = $2"
            + " order by rank, id offset $3 limit $4")
        .execute(Tuple.of(boardUid, period, offset, limit)))
        .map(RewardStore::rewards);
  }

  /** How many rewards the period recorded. */
  public Future<Long> count(String boardUid, String period) {
    return reached(pool.preparedQuery("select count(*) from reward where board_uid = $1 and period = $2")
        .execute(Tuple.of(boardUid, period)))
        .map(rows -> rows.iterator().next().getLong(0));
  }

  /**
   * Claims the user's reward {@code id} at {@code nowMillis}: one conditional update, so of any
   * number of concurrent claims exactly one sees {@code claimedNow}; null when the user has no such reward.
   */
  public Future<Claim> claim(String userId, long id, long nowMillis) {
    return reached(pool.preparedQuery("update reward set claimed_at = $3 where id = $1 and user_id = $2"
            + " and claimed_at is null returning " + COLUMNS)
        .execute(Tuple.of(id, userId, time(nowMillis))))
        .compose(updated -> updated.size() > 0
            ? Future.succeededFuture(new Claim(rewards(updated).get(0), true))
            : reached(pool.preparedQuery("select " + COLUMNS + " from reward where id = $1 and user_id = $2")
                .execute(Tuple.of(id, userId)))
                .map(rows -> rows.size() == 0 ? null : new Claim(rewards(rows).get(0), false)));
  }

  /** Removes every reward of the user; answers how many. */
  public Future<Long> eraseUser(String userId) {
    return reached(pool.preparedQuery("delete from reward where user_id = $1").execute(Tuple.of(userId)))
        .map(rows -> (long) rows.rowCount());
  }

  /** Removes every reward of the board. */
  public Future<Void> deleteBoard(String boardUid) {
    return reached(pool.preparedQuery("delete from reward where board_uid = $1").execute(Tuple.of(boardUid)))
        .mapEmpty();
  }

  private static List<Reward> rewards(RowSet<Row> rows) {
    return map(rows, RewardStore::reward);
  }

  static Reward reward(Row row) {
    OffsetDateTime claimed = row.getOffsetDateTime("claimed_at");
    return new Reward(row.getLong("id"), row.getString("board"), row.getString("board_uid"), row.getString("period"),
        row.getString("user_id"), row.getLong("cohort"), row.getLong("rank"), row.getLong("score"),
        row.getString("reward"), row.getOffsetDateTime("created_at").toInstant().toEpochMilli(),
        claimed == null ? null : claimed.toInstant().toEpochMilli());
  }
}
