package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded PostgreSQL from starting over data it cannot read or with less than it had:
 * before a start, refuses binaries of another major release than the one whose {@code PG_VERSION}
 * the data directory has (PostgreSQL reads no other major's files; they move with
 * {@code pg_upgrade} or a dump); after it, refuses a server with fewer rows in the tables of schema
 * {@code public} than its last clean stop left; at a clean stop, records that count ({@link DataRecord}).
 */
final class PostgresData {

  static final String SERVER = "postgresql";
  private static final String COUNTED = "rows in the tables of schema public";
  private static final Logger log = LoggerFactory.getLogger(PostgresData.class);

  private PostgresData() {}

  /**
   * Blocking, before a start on an existing {@code pgData}: fails, changing nothing, if binaries of
   * {@code version} cannot run it; answers the row count of the last clean stop, if known.
   */
  static OptionalLong check(Path pgData, String version) throws IOException {
    Optional<DataRecord> recorded = DataRecord.read(pgData);
    String dataMajor = Files.readString(pgData.resolve("PG_VERSION"), StandardCharsets.US_ASCII).trim();
    if (!dataMajor.equals(major(version))) {
      String writer = recorded.map(r -> r.version()).filter(v -> major(v).equals(dataMajor)).orElse(dataMajor);
      throw new IOException("the PostgreSQL data in " + pgData + " was written by PostgreSQL " + writer
          + " (PG_VERSION " + dataMajor + "), and this node's embedded PostgreSQL is " + version + ", which cannot"
          + " run it (PostgreSQL reads only data of its own major release). Nothing was started or changed. Run"
          + " this data with PostgreSQL " + dataMajor + " (set LB_PG_URI to a server that has it), or move it to "
          + major(version) + " with pg_upgrade or pg_dump/pg_restore.");
    }
    return recorded.map(DataRecord::count).orElse(OptionalLong.empty());
  }

  /**
   * Blocking, once the server accepts connections: fails if it holds fewer rows than {@code
   * expected} (the caller stops it); else records {@code version} as the data's writer.
   */
  static void started(Path pgData, String version, OptionalLong expected, String jdbcUrl) throws IOException {
    Optional<DataRecord> recorded = DataRecord.read(pgData);
    if (expected.isPresent()) {
      long rows = rows(jdbcUrl);
      if (rows < expected.getAsLong()) {
        Path file = DataRecord.file(pgData);
        throw new IOException("PostgreSQL " + version + " came up on " + pgData + " with " + rows + " " + COUNTED
            + ", fewer than the " + expected.getAsLong() + " its last clean stop left (" + file + "): data was lost"
            + " or not read, and the node refuses to serve over it (the server is stopped again). Restore the"
            + " directory from a backup; if the data was deleted on purpose, delete " + file + " and start again.");
      }
    }
    if (recorded.isPresent() && !recorded.get().version().equals(version)) {
      log.info("the PostgreSQL data in {} was written by {} and is now kept by {}", pgData, recorded.get().version(),
          version);
    }
    new DataRecord(SERVER, version, "PG_VERSION " + major(version), OptionalLong.empty()).write(pgData, COUNTED);
  }

  /** Blocking, before a clean stop: records how many rows the tables of schema public hold. */
  static void stopping(Path pgData, String jdbcUrl) {
    try {
      Optional<DataRecord> recorded = DataRecord.read(pgData);
      if (recorded.isPresent()) {
        recorded.get().stoppedWith(rows(jdbcUrl)).write(pgData, COUNTED);
      }
    } catch (IOException e) {
      // the next start then has no count to compare with, as after a crash
      log.warn("postgresql: could not record its row count before stopping: {}", e.getMessage());
    }
  }

  /** Exact: {@code count(*)} of every table in schema public. */
  static long rows(String jdbcUrl) throws IOException {
    // the driver itself, not DriverManager: a fat jar may lose the driver's service registration
    try (Connection connection = new org.postgresql.Driver().connect(jdbcUrl, new Properties());
        Statement statement = connection.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("select quote_ident(tablename) from pg_tables where schemaname = 'public'")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      long rows = 0;
      for (String table : tables) {
        try (ResultSet rs = statement.executeQuery("select count(*) from public." + table)) {
          rs.next();
          rows += rs.getLong(1);
        }
      }
      return rows;
    } catch (SQLException e) {
      // the driver's messages never hold the URL's password
      throw new IOException("counting the rows of the local PostgreSQL failed: " + e.getMessage(), e);
    }
  }

  private static String major(String version) {
    return version.split("\\.")[0];
  }
}
