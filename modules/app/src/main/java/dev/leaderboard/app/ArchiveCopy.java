package dev.leaderboard.app;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * The archive's tables (closed periods, their entries, the audit log: every table of the schema but
 * {@code schema_version}) as one {@code COPY} text file each, and back. The export reads every
 * table in one read-only repeatable-read transaction, so the files are the database at one instant
 * (an archived period is written in one transaction, so it is there whole or not at all). The import
 * writes into the schema of the backup's own version ({@link dev.leaderboard.archive.ArchiveStore#migrate(int)}),
 * naming the backup's columns, in one transaction, and sets each serial column's sequence past the rows
 * it brought; the restore then migrates the rest of the way, so later migrations move the rows on as
 * they moved a live archive's.
 */
final class ArchiveCopy {
  private static final String VERSION = "select coalesce(max(version), 0) from schema_version";

  private ArchiveCopy() {
  }

  /** Writes a file per table into {@code dir}; answers the manifest's {@code archive} part. */
  static JsonObject export(String jdbcUrl, Path dir) throws SQLException, IOException {
    Files.createDirectories(dir);
    try (Connection db = DriverManager.getConnection(jdbcUrl)) {
      db.setAutoCommit(false);
      db.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      db.setReadOnly(true);
      CopyManager copy = db.unwrap(PGConnection.class).getCopyAPI();
      long version = single(db, VERSION);
      JsonArray tables = new JsonArray();
      for (String table : tables(db)) {
        List<String> columns = columns(db, table);
        Path file = dir.resolve(table + ".copy");
        long rows;
        try (OutputStream out = Files.newOutputStream(file)) {
          rows = copy.copyOut("copy (select " + names(columns) + " from " + quote(table) + ") to stdout", out);
        }
        tables.add(new JsonObject().put("name", table).put("columns", new JsonArray(new ArrayList<>(columns)))
            .put("rows", rows).put("file", dir.getFileName().resolve(file.getFileName()).toString()));
      }
      db.commit();
      return new JsonObject().put("schemaVersion", version).put("tables", tables);
    }
  }

  /**
   * Loads the tables of {@code archive} (the manifest's part; files relative to {@code from}) into a
   * database whose schema is migrated and empty; fails, writing nothing, when a table is missing
   * there, holds rows already, or the backup's schema is newer than this build's.
   */
  static void load(String jdbcUrl, JsonObject archive, Path from) throws SQLException, IOException {
    try (Connection db = DriverManager.getConnection(jdbcUrl)) {
      db.setAutoCommit(false);
      long version = single(db, VERSION);
      if (archive.getLong("schemaVersion") > version) {
        throw new IOException("the backup's archive has schema version " + archive.getLong("schemaVersion")
            + ", this build knows " + version + ": restore it with the version that made it or a newer one");
      }
      CopyManager copy = db.unwrap(PGConnection.class).getCopyAPI();
      List<String> known = tables(db);
      for (Object item : archive.getJsonArray("tables")) {
        JsonObject table = (JsonObject) item;
        String name = table.getString("name");
        if (!known.contains(name)) {
          throw new IOException("the backup's table " + name + " is not in this build's archive schema");
        }
        if (single(db, "select count(*) from " + quote(name)) != 0) {
          throw new IOException("table " + name + " holds rows already");
        }
        List<String> columns = table.getJsonArray("columns").stream().map(String.class::cast).toList();
        long rows;
        try (InputStream in = Files.newInputStream(from.resolve(table.getString("file")))) {
          rows = copy.copyIn("copy " + quote(name) + " (" + names(columns) + ") from stdin", in);
        }
        if (rows != table.getLong("rows")) {
          throw new IOException("table " + name + ": " + rows + " rows loaded, the backup holds " + table.getLong("rows"));
        }
        for (String column : columns) {
          resetSequence(db, name, column);
        }
      }
      db.commit();
    }
  }

  /** A serial column's next value comes after the largest one loaded. */
  private static void resetSequence(Connection db, String table, String column) throws SQLException {
    try (PreparedStatement find = db.prepareStatement("select pg_get_serial_sequence(?, ?)")) {
      find.setString(1, quote(table));
      find.setString(2, column);
      try (ResultSet rs = find.executeQuery()) {
        rs.next();
        String sequence = rs.getString(1);
        if (sequence != null) {
          try (Statement set = db.createStatement()) {
            set.execute("select setval('" + sequence.replace("'", "''") + "', coalesce((select max(" + quote(column)
                + ") from " + quote(table) + "), 0) + 1, false)");
          }
        }
      }
    }
  }

  /** The schema's tables but {@code schema_version}, which the import's migration writes. */
  private static List<String> tables(Connection db) throws SQLException {
    return strings(db, "select table_name from information_schema.tables where table_schema = current_schema()"
        + " and table_type = 'BASE TABLE' and table_name <> 'schema_version' order by table_name", null);
  }

  private static List<String> columns(Connection db, String table) throws SQLException {
    return strings(db, "select column_name from information_schema.columns where table_schema = current_schema()"
        + " and table_name = ? order by ordinal_position", table);
  }

  private static List<String> strings(Connection db, String sql, String arg) throws SQLException {
    try (PreparedStatement query = db.prepareStatement(sql)) {
      if (arg != null) {
        query.setString(1, arg);
      }
      List<String> out = new ArrayList<>();
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
      return out;
    }
  }

  private static long single(Connection db, String sql) throws SQLException {
    try (Statement query = db.createStatement(); ResultSet rs = query.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String names(List<String> columns) {
    return String.join(", ", columns.stream().map(ArchiveCopy::quote).toList());
  }

  private static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
