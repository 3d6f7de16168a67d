package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
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
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LocalPostgresTest {

  private static final int ROWS = 2_000;

  @Test
  void aRestartOnTheSameDirectoryKeepsTheData() throws IOException, SQLException {
    Path dir = Files.createTempDirectory("leaderboard-postgres-restart-");
    List<Long> written = LongStream.range(0, ROWS).map(i -> i * 7_919 % 100_003).boxed().toList();
    try {
      try (LocalPostgres postgres = LocalPostgres.start(dir)) {
        assertThat(postgres.uri()).matches("postgresql://postgres@127\\.0\\.0\\.1:\\d+/postgres");
        assertThatThrownBy(() -> LocalPostgres.start(dir)).isInstanceOf(IOException.class).hasMessageContaining("in use");
        try (Connection connection = connect(postgres)) {
          write(connection, written);
        }
        postgres.close();
        postgres.close();
      }
      try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
        assertThat(read(connection)).isEqualTo(written);
      }
    } finally {
      TestServers.deleteRecursively(dir);
    }
  }

  private static Connection connect(LocalPostgres postgres) throws SQLException {
    URI uri = URI.create(postgres.uri());
    return DriverManager.getConnection(
        "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath(), uri.getUserInfo(), "");
  }

  /** One committed transaction, as an archive write is. */
  private static void write(Connection connection, List<Long> values) throws SQLException {
    connection.setAutoCommit(false);
    try (Statement ddl = connection.createStatement()) {
      ddl.execute("CREATE TABLE kept (pos int PRIMARY KEY, value bigint NOT NULL)");
    }
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO kept (pos, value) VALUES (?, ?)")) {
      for (int i = 0; i < values.size(); i++) {
        insert.setInt(1, i);
        insert.setLong(2, values.get(i));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    connection.commit();
  }

  private static List<Long> read(Connection connection) throws SQLException {
    List<Long> values = new ArrayList<>();
    try (Statement query = connection.createStatement();
        ResultSet rows = query.executeQuery("SELECT value FROM kept ORDER BY pos")) {
      while (rows.next()) {
        values.add(rows.getLong(1));
      }
    }
    return values;
  }
}
