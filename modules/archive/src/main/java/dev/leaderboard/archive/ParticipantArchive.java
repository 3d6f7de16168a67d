package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;
import static dev.leaderboard.archive.ArchiveSql.inChunks;
import static dev.leaderboard.archive.ArchiveSql.literals;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The participants of archived periods ({@link ParticipantSchema#BLOCKS}): blocks in join order for pages and counts, a
 * row a cohort for cohort reads, the seat on each participant's entry for reads by user, and a row
 * each ({@code archived_participant}, schema version 7) only for participants without an entry. The
 * archive writes them in the period's transaction, so an archived period always has them.
 */
public final class ParticipantArchive {
  /** Participants a block holds (join positions {@code k·BLOCK … k·BLOCK + BLOCK − 1}). */
  static final int BLOCK = 1_000;
  private static final String COLUMNS = "position, user_id, joined_at, cohort";
  /** A participant without an entry, a row each (a write repeated after a crash changes nothing). */
  private static final String INSERT = "insert into archived_participant (board_uid, period, " + COLUMNS
      + ") select $1, $2, p.* from unnest($3::bigint[], $4::text[], $5::bigint[], $6::bigint[]) p"
      + " on conflict do nothing";
  /** Blocks in join order, each block's fields as array literals built by the node ({@link ArchiveSql#literals}). */
  private static final String INSERT_BLOCKS = "insert into archived_join_block select $1, $2, b.first, b.positions::bigint[],"
      + " b.user_ids::text[], b.joined_at::bigint[], b.cohorts::bigint[] from unnest($3::bigint[], $4::text[], $5::text[],"
      + " $6::text[], $7::text[]) b(first, positions, user_ids, joined_at, cohorts) on conflict do nothing";
  /** A row a cohort, its members in join order, as array literals built by the node. */
  private static final String INSERT_COHORTS = "insert into archived_cohort select $1, $2, c.cohort, c.positions::bigint[],"
      + " c.user_ids::text[], c.joined_at::bigint[] from unnest($3::bigint[], $4::text[], $5::text[], $6::text[])"
      + " c(cohort, positions, user_ids, joined_at) on conflict do nothing";
  /**
   * A participant's seat by user: on their entry, else their own row ({@code $1} board uid, {@code $2}
   * period, {@code $3} user), each by its index led by the user.
   */
  private static final String BY_USER = "select joined as position, user_id, joined_at, cohort from archived_entry"
      + " where user_id = $3 and board_uid = $1 and period = $2 and joined is not null union all select " + COLUMNS
      + " from archived_participant where user_id = $3 and board_uid = $1 and period = $2";
  /**
   * The seats of the user named by the parameter {@code user} (e.g. {@code $1}) in every archived
   * period, as (board_uid, period, position, user_id, joined_at, cohort): on their entries, then their
   * rows without an entry, each by its index led by the user.
   */
  static String seatsOfUser(String user) {
    return "select board_uid, period, joined as position, user_id, joined_at, cohort from archived_entry"
        + " where user_id = " + user + " and joined is not null union all select board_uid, period, " + COLUMNS
        + " from archived_participant where user_id = " + user;
  }

  /**
   * The common table expressions of an erasure that take the user named by the parameter {@code user}
   * out of the blocks and cohort rows ({@code seats}: their seats, as {@link #seatsOfUser} finds them;
   * {@code blocks}, {@code cohorts}: the updates); the erasure's statement deletes their entries and rows
   * after them, from the same snapshot.
   */
  static String eraseSeats(String user) {
    return "seats as (" + seatsOfUser(user) + "),"
        // the user's place in each block, and in each cohort row, taken out of its arrays
        + " block as (select distinct b.board_uid, b.period, b.first, array_position(b.positions, s.position) as i"
        + " from seats s join archived_join_block b on b.board_uid = s.board_uid and b.period = s.period"
        + " and b.first = (select max(x.first) from archived_join_block x where x.board_uid = s.board_uid"
        + " and x.period = s.period and x.first <= s.position)),"
        + " blocks as (update archived_join_block b set positions = b.positions[:h.i - 1] || b.positions[h.i + 1:],"
        + " user_ids = b.user_ids[:h.i - 1] || b.user_ids[h.i + 1:], joined_at = b.joined_at[:h.i - 1]"
        + " || b.joined_at[h.i + 1:], cohorts = b.cohorts[:h.i - 1] || b.cohorts[h.i + 1:] from block h"
        + " where h.i is not null and b.board_uid = h.board_uid and b.period = h.period and b.first = h.first),"
        + " cohort as (select distinct c.board_uid, c.period, c.cohort, array_position(c.user_ids, s.user_id) as i"
        + " from seats s join archived_cohort c on c.board_uid = s.board_uid and c.period = s.period"
        + " and c.cohort = s.cohort where s.cohort > 0),"
        + " cohorts as (update archived_cohort c set positions = c.positions[:h.i - 1] || c.positions[h.i + 1:],"
        + " user_ids = c.user_ids[:h.i - 1] || c.user_ids[h.i + 1:], joined_at = c.joined_at[:h.i - 1]"
        + " || c.joined_at[h.i + 1:] from cohort h where h.i is not null and c.board_uid = h.board_uid"
        + " and c.period = h.period and c.cohort = h.cohort)";
  }

  /**
   * The next $4 cohorts bound the page. Each entry is found by its own lookup of
   * {@code archived_entry_user_page} (LATERAL, kept apart by LIMIT): a plan that cannot turn into a scan
   * of the whole period's entries per participant, even on tables just written and not yet analyzed.
   */
  private static final String SEATED = "select c.cohort, m.joined, m.user_id, e.position, e.score from (select * from"
      + " archived_cohort where board_uid = $1 and period = $2 and cohort > greatest($3, 0) order by cohort limit $4) c"
      + " cross join lateral unnest(c.positions, c.user_ids) m(joined, user_id) left join lateral (select position,"
      + " score from archived_entry where user_id = m.user_id and board_uid = $1 and period = $2 limit 1) e on true"
      + " order by c.cohort, m.joined";

  private final Pool pool;

  ParticipantArchive(Pool pool) {
    this.pool = pool;
  }

  /**
   * Each entry's seat, in the entries' order (join position, join time, cohort; null for an entry of
   * no participant), and the participants without an entry: {@code entryOf} holds each participant's
   * entry (its place in {@code entries}, −1: none).
   */
  record Seats(Long[] position, Long[] joinedAt, Long[] cohort, List<ArchivedParticipant> unscored) {
    static Seats of(List<ArchivedEntry> entries, List<ArchivedParticipant> joined, int[] entryOf) {
      int n = entries.size();
      Seats out = new Seats(new Long[n], new Long[n], new Long[n], new ArrayList<>());
      for (int i = 0; i < joined.size(); i++) {
        ArchivedParticipant seat = joined.get(i);
        int k = entryOf[i];
        if (k < 0) {
          out.unscored.add(seat);
        } else {
          out.position[k] = seat.position();
          out.joinedAt[k] = seat.joinedAt();
          out.cohort[k] = seat.cohort();
        }
      }
      return out;
    }

    /** Each participant's place in {@code entries} (−1: none), matched by user ID. */
    static int[] entryOf(List<ArchivedEntry> entries, List<ArchivedParticipant> joined) {
      int[] out = new int[joined.size()];
      if (joined.isEmpty()) {
        return out;
      }
      Map<String, Integer> index = new HashMap<>(entries.size() * 4 / 3 + 1);
      for (int k = 0; k < entries.size(); k++) {
        index.put(entries.get(k).userId(), k);
      }
      for (int i = 0; i < out.length; i++) {
        out[i] = index.getOrDefault(joined.get(i).userId(), -1);
      }
      return out;
    }
  }

  /**
   * Writes the period's participants, in the archive's transaction ({@link ArchiveStore#archive}):
   * blocks of {@value #BLOCK} in join order and a row a cohort, each statement about
   * {@link ArchiveSql#CHUNK} participants, and a row each for those without an entry (whose seats no
   * entry carries). Rows already there stay as they are.
   */
  static Future<Void> write(SqlConnection conn, String boardUid, String period, List<ArchivedParticipant> all,
      List<ArchivedParticipant> unscored) {
    List<ArchivedParticipant> seated = all.stream().filter(a -> a.cohort() > 0).toList();
    return ArchiveSql.inWholeGroups(all, a -> a.position() / BLOCK, blocks -> conn.preparedQuery(INSERT_BLOCKS)
            .execute(Tuple.of(boardUid, period, firsts(inJoinOrder(blocks), ArchivedParticipant::position),
                literals(blocks, ArchivedParticipant::position), literals(blocks, ArchivedParticipant::userId),
                literals(blocks, ArchivedParticipant::joinedAt), literals(blocks, ArchivedParticipant::cohort))))
        // a cohort's members in one statement: chunks end only where a cohort does
        .compose(v -> ArchiveSql.inWholeGroups(seated, ArchivedParticipant::cohort, cohorts -> conn
            .preparedQuery(INSERT_COHORTS).execute(Tuple.of(boardUid, period,
                firsts(inJoinOrder(cohorts), ArchivedParticipant::cohort),
                literals(cohorts, ArchivedParticipant::position), literals(cohorts, ArchivedParticipant::userId),
                literals(cohorts, ArchivedParticipant::joinedAt)))))
        .compose(v -> inChunks(unscored, chunk -> conn.preparedQuery(INSERT).execute(rows(boardUid, period, chunk))));
  }

  /**
   * Each group's participants sorted by join position, in place (a block's first is then its first);
   * called on the statement's first argument, so before the literals are built from the groups.
   */
  private static List<List<ArchivedParticipant>> inJoinOrder(List<List<ArchivedParticipant>> groups) {
    groups.forEach(g -> g.sort(Comparator.comparingLong(ArchivedParticipant::position)));
    return groups;
  }

  private static Long[] firsts(List<List<ArchivedParticipant>> groups, Function<ArchivedParticipant, Long> field) {
    return ArchiveSql.firsts(groups, field, Long[]::new);
  }

  private static Tuple rows(String boardUid, String period, List<ArchivedParticipant> chunk) {
    return Tuple.from(List.of(boardUid, period, column(chunk, ArchivedParticipant::position, Long[]::new),
        column(chunk, ArchivedParticipant::userId, String[]::new),
        column(chunk, ArchivedParticipant::joinedAt, Long[]::new),
        column(chunk, ArchivedParticipant::cohort, Long[]::new)));
  }

  /**
   * Participants from join position {@code offset} on, at most {@code limit}, in join order: from the
   * block holding {@code offset}, a few blocks a query.
   */
  public Future<List<ArchivedParticipant>> page(String boardUid, String period, long offset, int limit) {
    return ArchiveSql.reached(pool.preparedQuery("select coalesce(max(first), 0) from archived_join_block"
            + " where board_uid = $1 and period = $2 and first <= $3").execute(Tuple.of(boardUid, period, offset)))
        .compose(rows -> blocks(boardUid, period, rows.iterator().next().getLong(0) - 1, offset, limit,
            new ArrayList<>()));
  }

  private Future<List<ArchivedParticipant>> blocks(String boardUid, String period, long afterFirst, long offset,
      int limit, List<ArchivedParticipant> out) {
    int blocks = 2 + limit / BLOCK;
    return ArchiveSql.reached(pool.preparedQuery("select first, positions, user_ids, joined_at, cohorts from"
            + " archived_join_block where board_uid = $1 and period = $2 and first > $3 order by first limit $4")
        .execute(Tuple.of(boardUid, period, afterFirst, blocks))).compose(rows -> {
          long last = afterFirst;
          for (Row r : rows) {
            Long[] positions = r.getArrayOfLongs("positions");
            String[] users = r.getArrayOfStrings("user_ids");
            Long[] joined = r.getArrayOfLongs("joined_at");
            Long[] cohorts = r.getArrayOfLongs("cohorts");
            for (int i = 0; i < positions.length && out.size() < limit; i++) {
              if (positions[i] >= offset) {
                out.add(new ArchivedParticipant(positions[i], users[i], joined[i], cohorts[i]));
              }
            }
            last = r.getLong("first");
          }
          return out.size() >= limit || rows.size() < blocks ? Future.succeededFuture(out)
              : blocks(boardUid, period, last, offset, limit, out);
        });
  }

  /** How many participants the archived period held. */
  public Future<Long> count(String boardUid, String period) {
    return counts(boardUid, period).map(c -> c[0]);
  }

  /** How many participants the archived period held and in how many cohorts: {@code [participants, cohorts]}. */
  public Future<long[]> counts(String boardUid, String period) {
    return ArchiveSql.reached(pool.preparedQuery("select (select coalesce(sum(cardinality(positions)), 0)"
            + " from archived_join_block where board_uid = $1 and period = $2), (select count(*) from archived_cohort"
            + " where board_uid = $1 and period = $2 and cardinality(positions) > 0)")
            .execute(Tuple.of(boardUid, period)))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new long[] {r.getLong(0), r.getLong(1)};
        });
  }

  /** The user's participation, or {@code null} when the user had not joined the period. */
  public Future<ArchivedParticipant> participant(String boardUid, String period, String userId) {
    return ArchiveSql.reached(pool.preparedQuery(BY_USER).execute(Tuple.of(boardUid, period, userId)))
        .map(rows -> ArchiveSql.first(rows, ParticipantArchive::toParticipant));
  }

  /** A cohort's members in their order of joining. */
  public Future<List<ArchivedParticipant>> cohort(String boardUid, String period, long cohort) {
    return ArchiveSql.reached(pool.preparedQuery("select positions, user_ids, joined_at from archived_cohort"
            + " where board_uid = $1 and period = $2 and cohort = $3").execute(Tuple.of(boardUid, period, cohort)))
        .map(rows -> {
          List<ArchivedParticipant> out = new ArrayList<>();
          for (Row r : rows) {
            Long[] positions = r.getArrayOfLongs("positions");
            String[] users = r.getArrayOfStrings("user_ids");
            Long[] joined = r.getArrayOfLongs("joined_at");
            for (int i = 0; i < positions.length; i++) {
              out.add(new ArchivedParticipant(positions[i], users[i], joined[i], cohort));
            }
          }
          return out;
        });
  }

  /**
   * A participant seated in a cohort with their archived entry: {@code position} is the entry's
   * unique order (null with {@code score} when the participant has no entry), {@code joined} the
   * participant's join position.
   */
  public record Seated(long cohort, long joined, String userId, Long position, Long score) {
  }

  /**
   * The participants of the next {@code cohorts} cohorts after cohort {@code after}, whole, by cohort
   * and then join order, each with their entry: a range of cohort rows, so a whole period is read in a
   * few large pages that never cut a cohort. Fewer cohorts than asked: the last page. Participants of
   * no cohort (0) are never among them.
   */
  public Future<List<Seated>> seated(String boardUid, String period, long after, int cohorts) {
    return ArchiveSql.reached(pool.preparedQuery(SEATED).execute(Tuple.of(boardUid, period, after, cohorts)))
        .map(rows -> ArchiveSql.map(rows,
            r -> new Seated(r.getLong(0), r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4))));
  }

  private static ArchivedParticipant toParticipant(Row r) {
    return new ArchivedParticipant(r.getLong("position"), r.getString("user_id"), r.getLong("joined_at"),
        r.getLong("cohort"));
  }
}
