package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPostgresTest {

  private static final int ROWS = 2_000;

  @Test
  void aRestartOnTheSameDirectoryKeepsTheData() throws IOException, SQLException {
    Path dir = Files.createTempDirectory("leaderboard-postgres-restart-");
    List<Long> written = LongStream.range(0, ROWS).map(i -> i * 7_919 % 100_003).boxed().toList();
    try {
      try (LocalPostgres postgres = LocalPostgres.start(dir)) {
        assertThat(postgres.uri()).matches("postgresql://postgres:[A-Za-z0-9_-]{32}@127\\.0\\.0\\.1:\\d+/postgres");
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

  @Test
  void aKilledServerComesBackOnItsPortWithItsData(@TempDir Path dir) throws IOException, SQLException {
    List<Long> written = LongStream.range(0, 100).boxed().toList();
    RecordingListener listener = new RecordingListener();
    try (LocalPostgres postgres = LocalPostgres.start(dir, listener)) {
      assertThat(listener.supervised).containsExactly("postgres");
      try (Connection connection = connect(postgres)) {
        write(connection, written);
      }
      ProcessHandle killed = postgres.process();
      String uri = postgres.uri();

      killed.destroyForcibly();
      Await.until("postgres restarted", Duration.ofSeconds(60), () -> listener.restarted.contains("postgres"));
      assertThat(postgres.process().pid()).isNotEqualTo(killed.pid());
      assertThat(postgres.uri()).isEqualTo(uri);
      try (Connection connection = connect(postgres)) {
        assertThat(read(connection)).isEqualTo(written);
      }
      assertThat(listener.restarted).containsExactly("postgres");
    }
  }

  @Test
  void aLeftoverServerIsStoppedAndAPidFileNamingAnotherProcessRemoved(@TempDir Path dir) throws Exception {
    List<Long> written = List.of(3L, 1L, 4L);
    try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
      write(connection, written);
    }
    Path pgData = dir.resolve("postgres");
    Path pidFile = pgData.resolve("postmaster.pid");

    // a server of this directory as a JVM that died without stopping it (and without its watchdog) left it
    PostgresBinaries binaries = PostgresBinaries.unpack(dir.resolve("bin").resolve("postgres"));
    Process leftover = new ProcessBuilder(PostgresServer.command(binaries, pgData, LocalProcesses.freePort()))
        .redirectErrorStream(true).redirectOutput(dir.resolve("leftover.log").toFile()).start();
    try {
      Await.until("the leftover is ready", Duration.ofSeconds(60),
          () -> readLines(pidFile).size() > 7 && readLines(pidFile).get(7).trim().equals("ready"));
      try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
        assertThat(leftover.isAlive()).isFalse();
        assertThat(read(connection)).isEqualTo(written);
      }
    } finally {
      leftover.destroyForcibly();
    }

    // a postmaster.pid naming a live process that is no postgres of this directory (its pid reused)
    Process unrelated = new ProcessBuilder("sleep", "600").start();
    try {
      Files.writeString(pidFile, unrelated.pid() + "\n" + pgData + "\n");
      try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
        assertThat(unrelated.isAlive()).isTrue();
        assertThat(read(connection)).isEqualTo(written);
      }
    } finally {
      unrelated.destroyForcibly();
    }
  }

  @Test
  void onlyLoginsWithThePasswordAreTakenAndItIsKeptOwnerOnlyAcrossRestarts(@TempDir Path dir) throws Exception {
    String uri;
    try (LocalPostgres postgres = LocalPostgres.start(dir)) {
      uri = postgres.uri();
      assertRefusesAllButThePassword(postgres);
    }
    Path passwordFile = dir.resolve("postgres.password");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile))).isEqualTo("rw-------");
    assertThat(uri).contains(":" + Files.readString(passwordFile).strip() + "@");
    try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
      assertThat(postgres.uri()).isEqualTo(uri.replaceFirst(":\\d+/", ":" + URI.create(postgres.uri()).getPort() + "/"));
      assertThat(connection.isValid(5)).isTrue();
    }
  }

  @Test
  void aClusterMadeWithTrustLoginsGetsAPassword(@TempDir Path dir) throws Exception {
    // as a node before passwords made it
    PostgresBinaries binaries = PostgresBinaries.unpack(dir.resolve("bin").resolve("postgres"));
    Process initdb = new ProcessBuilder(binaries.command("initdb", List.of("-A", "trust", "-U", "postgres",
        "-D", dir.resolve("postgres").toString(), "-E", "UTF-8", "--locale=C")))
        .redirectErrorStream(true).redirectOutput(dir.resolve("initdb.log").toFile()).start();
    assertThat(initdb.waitFor()).as(Files.readString(dir.resolve("initdb.log"))).isZero();
    try (LocalPostgres postgres = LocalPostgres.start(dir)) {
      assertRefusesAllButThePassword(postgres);
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("postgres.password"))))
        .isEqualTo("rw-------");
    assertThat(Files.readString(dir.resolve("postgres.log"))).as("the server's log")
        .doesNotContain(Files.readString(dir.resolve("postgres.password")).strip());
  }

  @Test
  void theDataDirectoryRecordsItsWriterAndRowsAndAStartWithFewerRowsIsRefused(@TempDir Path dir) throws Exception {
    Path pgData = dir.resolve("postgres");
    String version;
    try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
      write(connection, List.of(5L, 6L, 7L));
      version = PostgresBinaries.unpack(dir.resolve("bin").resolve("postgres")).version();
      assertThat(DataRecord.read(pgData)).contains(new DataRecord("postgresql", version,
          "PG_VERSION " + version.split("\\.")[0], java.util.OptionalLong.empty()));
    }
    DataRecord stopped = DataRecord.read(pgData).orElseThrow();
    assertThat(stopped.count()).as("rows at the clean stop").hasValue(3);

    // the directory replaced by an empty cluster's (with its password), the record kept: rows were lost
    Path empty = dir.resolve("empty");
    try (LocalPostgres other = LocalPostgres.start(empty)) {
      assertThat(other.uri()).isNotEmpty();
    }
    byte[] record = Files.readAllBytes(DataRecord.file(pgData));
    TestServers.deleteRecursively(pgData);
    Files.move(empty.resolve("postgres"), pgData);
    Files.copy(empty.resolve("postgres.password"), dir.resolve("postgres.password"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.write(DataRecord.file(pgData), record);
    assertThatThrownBy(() -> LocalPostgres.start(dir)).isInstanceOf(IOException.class)
        .hasMessageContaining("with 0 rows in the tables of schema public, fewer than the 3 its last clean stop left")
        .hasMessageContaining("refuses to serve")
        .hasMessageContaining("delete " + DataRecord.file(pgData));
    assertThat(Files.readAllBytes(DataRecord.file(pgData))).isEqualTo(record);
    assertThat(pgData.resolve("postmaster.pid")).as("the refused server has stopped").doesNotExist();

    Files.delete(DataRecord.file(pgData));
    try (LocalPostgres accepted = LocalPostgres.start(dir); Connection connection = connect(accepted);
        Statement query = connection.createStatement()) {
      assertThat(query.executeQuery("select count(*) from pg_tables where tablename = 'kept'")).satisfies(rs -> {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isZero();
      });
    }
    assertThat(DataRecord.read(pgData).orElseThrow().count()).hasValue(0);
  }

  @Test
  void dataOfAnotherMajorReleaseIsRefusedNamingBoth(@TempDir Path dir) throws Exception {
    Path pgData = dir.resolve("postgres");
    String version;
    try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
      write(connection, List.of(1L));
      version = PostgresBinaries.unpack(dir.resolve("bin").resolve("postgres")).version();
    }
    String major = version.split("\\.")[0];
    for (String other : List.of(Integer.toString(Integer.parseInt(major) - 1), Integer.toString(Integer.parseInt(major) + 1))) {
      // as data written by PostgreSQL of another major release
      Files.writeString(pgData.resolve("PG_VERSION"), other + "\n");
      byte[] record = Files.readAllBytes(DataRecord.file(pgData));
      long logSize = Files.size(dir.resolve("postgres.log"));
      assertThatThrownBy(() -> LocalPostgres.start(dir)).isInstanceOf(IOException.class)
          .hasMessageContaining("written by PostgreSQL " + other + " (PG_VERSION " + other + ")")
          .hasMessageContaining("embedded PostgreSQL is " + version)
          .hasMessageContaining("Nothing was started or changed")
          .hasMessageContaining("pg_upgrade");
      assertThat(Files.readAllBytes(DataRecord.file(pgData))).isEqualTo(record);
      assertThat(Files.size(dir.resolve("postgres.log"))).as("no server ran").isEqualTo(logSize);
    }
    Files.writeString(pgData.resolve("PG_VERSION"), major + "\n");
    try (LocalPostgres postgres = LocalPostgres.start(dir); Connection connection = connect(postgres)) {
      assertThat(read(connection)).containsExactly(1L);
    }
  }

  /** The superuser over TCP: without a password, or with another, refused; with the password, served. */
  private static void assertRefusesAllButThePassword(LocalPostgres postgres) throws SQLException {
    URI uri = URI.create(postgres.uri());
    String url = "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath();
    assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", "").close()).isInstanceOf(SQLException.class);
    assertThatThrownBy(() -> DriverManager.getConnection(url + "?user=postgres").close()).isInstanceOf(SQLException.class);
    assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", "wrong-password").close())
        .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
    try (Connection connection = connect(postgres)) {
      assertThat(connection.isValid(5)).isTrue();
    }
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      return List.of();
    }
  }

  private static Connection connect(LocalPostgres postgres) throws SQLException {
    return DriverManager.getConnection(postgres.jdbcUrl());
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
