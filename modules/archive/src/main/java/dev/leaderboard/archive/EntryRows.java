package dev.leaderboard.archive;

import static dev.leaderboard.archive.ArchiveSql.column;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A period's archived entries written in the archive's transaction ({@link ArchiveStore#archive}): a
 * chunk of {@link ArchiveSql#CHUNK} entries a statement of arrays, each participant's entry with their seat.
 */
final class EntryRows {
  private EntryRows() {
  }

  /** Arrays in, so a chunk is one statement: close to COPY speed, which the client lacks. */
  private static final String INSERT_ENTRIES = "insert into archived_entry (board_uid, period, "
      + ArchiveStore.ENTRY_COLUMNS + ") select $1, $2, e.* from unnest($3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[],"
      + " $8::bigint[], $9::text[], $10::text[]) e";
  /**
   * As {@link #INSERT_ENTRIES}, with each entry's seat: only for a period with participants (three
   * more arrays cost PostgreSQL about a sixth more per row, measured with 1,000,000 rows).
   */
  private static final String INSERT_SEATED_ENTRIES = "insert into archived_entry (board_uid, period, "
      + ArchiveStore.ENTRY_COLUMNS + ", joined, joined_at, cohort) select $1, $2, e.* from unnest($3::bigint[],"
      + " $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::bigint[],"
      + " $12::bigint[], $13::bigint[]) e";

  /** A chunk at a time ({@link ArchiveSql#inTurn}): few chunks' arrays are alive and the event loop is held briefly. */
  static Future<Void> insert(SqlConnection conn, ArchivedPeriod period, List<ArchivedEntry> entries,
      ParticipantArchive.Seats seats, boolean seated) {
    int chunks = (entries.size() + ArchiveSql.CHUNK - 1) / ArchiveSql.CHUNK;
    return ArchiveSql.inTurn(chunks, k -> {
      int start = k * ArchiveSql.CHUNK;
      int end = Math.min(entries.size(), start + ArchiveSql.CHUNK);
      List<ArchivedEntry> chunk = entries.subList(start, end);
      List<Object> args = new ArrayList<>(List.of(period.boardUid(), period.period(),
          column(chunk, ArchivedEntry::position, Long[]::new), column(chunk, ArchivedEntry::userId, String[]::new),
          column(chunk, ArchivedEntry::score, Long[]::new), column(chunk, ArchivedEntry::at, Long[]::new),
          column(chunk, ArchivedEntry::competitionRank, Long[]::new),
          column(chunk, ArchivedEntry::denseRank, Long[]::new), column(chunk, ArchivedEntry::meta, String[]::new),
          column(chunk, ArchivedEntry::keys, String[]::new)));
      if (seated) {
        args.addAll(List.of(Arrays.copyOfRange(seats.position(), start, end),
            Arrays.copyOfRange(seats.joinedAt(), start, end), Arrays.copyOfRange(seats.cohort(), start, end)));
      }
      return conn.preparedQuery(seated ? INSERT_SEATED_ENTRIES : INSERT_ENTRIES).execute(Tuple.from(args));
    });
  }

}
