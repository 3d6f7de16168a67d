package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.List;

/**
 * The participants of archived periods in {@code archived_participant} (schema version 7), keyed by
 * join position so a page is an index range scan, with an index by cohort for cohort reads. The
 * closer writes them before the period's own row, so an archived period always has them; a write
 * repeated after a crash changes nothing.
 */
public final class ParticipantArchive {
  /** Schema version 7. */
  static final String SCHEMA = """
      create table if not exists archived_participant (
        board_uid text not null,
        period text not null,
        position bigint not null,
        user_id text not null,
        joined_at bigint not null,
        cohort bigint not null,
        primary key (board_uid, period, position));
      create unique index if not exists archived_participant_user on archived_participant (board_uid, period, user_id);
      create index if not exists archived_participant_cohort on archived_participant (board_uid, period, cohort, position);
      create index if not exists archived_participant_by_user on archived_participant (user_id);
      """;
  private static final String COLUMNS = "position, user_id, joined_at, cohort";
  private static final String INSERT = "insert into archived_participant (board_uid, period, " + COLUMNS
      + ") select $1, $2, p.* from unnest($3::bigint[], $4::text[], $5::bigint[], $6::bigint[]) p"
      + " on conflict do nothing";

  /**
   * The last of the next $4 cohorts bounds the page (the distinct scan stops there). Each entry is
   * found by its own lookup of {@code archived_entry_user} (LATERAL, kept apart by LIMIT): a plan
   * that cannot turn into a scan of the whole period's entries per participant, even on tables
   * just written and not yet analyzed.
   */
  private static final String SEATED = "select j.cohort, j.position, j.user_id, e.position, e.score"
      + " from archived_participant j left join lateral (select position, score from archived_entry"
      + " where board_uid = $1 and period = $2 and user_id = j.user_id limit 1) e on true"
      + " where j.board_uid = $1 and j.period = $2 and j.cohort > greatest($3, 0) and j.cohort <= (select max(c.cohort)"
      + " from (select distinct cohort from archived_participant where board_uid = $1 and period = $2"
      + " and cohort > greatest($3, 0) order by cohort limit $4) c) order by j.cohort, j.position";

  private final Pool pool;

  ParticipantArchive(Pool pool) {
    this.pool = pool;
  }

  /** Writes the period's participants in chunks; rows already there stay as they are. */
  public Future<Void> archive(String boardUid, String period, List<ArchivedParticipant> participants) {
    return ArchiveSql.reached(ArchiveSql.inChunks(participants, chunk -> pool.preparedQuery(INSERT)
        .execute(Tuple.from(List.of(boardUid, period, column(chunk, ArchivedParticipant::position, Long[]::new),
            column(chunk, ArchivedParticipant::userId, String[]::new),
            column(chunk, ArchivedParticipant::joinedAt, Long[]::new),
            column(chunk, ArchivedParticipant::cohort, Long[]::new))))));
  }

  /** Participants from join position {@code offset} on, at most {@code limit}, in join order. */
  public Future<List<ArchivedParticipant>> page(String boardUid, String period, long offset, int limit) {
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from archived_participant"
            + " where board_uid = $1 and period = $2 and position >= $3 order by position limit $4")
        .execute(Tuple.of(boardUid, period, offset, limit)))
        .map(rows -> ArchiveSql.map(rows, ParticipantArchive::toParticipant));
  }

  /** How many participants the archived period held. */
  public Future<Long> count(String boardUid, String period) {
    return ArchiveSql.reached(pool.preparedQuery("select count(*) from archived_participant"
            + " where board_uid = $1 and period = $2").execute(Tuple.of(boardUid, period)))
        .map(rows -> rows.iterator().next().getLong(0));
  }

  /** How many participants the archived period held and in how many cohorts: {@code [participants, cohorts]}. */
  public Future<long[]> counts(String boardUid, String period) {
    return ArchiveSql.reached(pool.preparedQuery("select count(*), count(distinct cohort) filter (where cohort > 0)"
            + " from archived_participant where board_uid = $1 and period = $2").execute(Tuple.of(boardUid, period)))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new long[] {r.getLong(0), r.getLong(1)};
        });
  }

  /** The user's participation, or {@code null} when the user had not joined the period. */
  public Future<ArchivedParticipant> participant(String boardUid, String period, String userId) {
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from archived_participant"
            + " where board_uid = $1 and period = $2 and user_id = $3").execute(Tuple.of(boardUid, period, userId)))
        .map(rows -> ArchiveSql.first(rows, ParticipantArchive::toParticipant));
  }

  /** A cohort's members in their order of joining. */
  public Future<List<ArchivedParticipant>> cohort(String boardUid, String period, long cohort) {
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from archived_participant"
            + " where board_uid = $1 and period = $2 and cohort = $3 order by position")
        .execute(Tuple.of(boardUid, period, cohort)))
        .map(rows -> ArchiveSql.map(rows, ParticipantArchive::toParticipant));
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
   * and then join order, each with their entry: range scans of the cohort index, so a whole period
   * is read in a few large pages that never cut a cohort. Fewer cohorts than asked: the last page.
   * Participants of no cohort (0) are never among them.
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
