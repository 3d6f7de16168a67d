package dev.leaderboard.bench;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.embedded.LocalPostgres;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * Archiving a closed period of {@code rows} entries ({@link ArchiveStore#archive}: one transaction,
 * bulk inserts) side by side with a plain {@code COPY FROM STDIN} of the same rows into a table
 * with the same keys and indexes, on the same embedded PostgreSQL, alternating runs.
 * Usage: {@code java -cp modules/bench/target/bench.jar dev.leaderboard.bench.ArchiveBenchmark [rows] [runs]}.
 */
public final class ArchiveBenchmark {
  private ArchiveBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Path dir = Files.createTempDirectory("leaderboard-archive-bench");
    try (LocalPostgres pg = LocalPostgres.start(dir)) {
      Vertx vertx = Vertx.vertx();
      ArchiveStore archive = ArchiveStore.connect(vertx, pg.uri());
      archive.migrate().await();
      try (Connection jdbc = DriverManager.getConnection(pg.jdbcUrl())) {
        try (Statement s = jdbc.createStatement()) {
          s.execute("create table copy_baseline (like archived_entry including all)");
        }
        List<ArchivedEntry> entries = entries(rows);
        double[] ours = new double[runs];
        double[] copy = new double[runs];
        for (int r = 0; r < runs; r++) {
          long t = System.nanoTime();
          archive.archive(new ArchivedPeriod("bench", "bench", "p" + r, rows, System.currentTimeMillis(),
              new JsonObject()), entries).await();
          ours[r] = (System.nanoTime() - t) / 1e6;
          archive.deleteBoard("bench").await();

          t = System.nanoTime();
          copy(jdbc, entries, "p" + r);
          copy[r] = (System.nanoTime() - t) / 1e6;
          try (Statement s = jdbc.createStatement()) {
            s.execute("truncate copy_baseline");
            s.execute("checkpoint");
          }
        }
        java.util.Arrays.sort(ours);
        java.util.Arrays.sort(copy);
        double a = ours[runs / 2];
        double c = copy[runs / 2];
        System.out.printf(Locale.ROOT, "%nmeasurement                                  median      baseline                          median    ratio  target%n");
        System.out.printf(Locale.ROOT, "archive a period of %,d entries   %9.0f ms      plain COPY of the same rows   %9.0f ms   %5.2fx  <= 2x%n",
            rows, a, c, a / c);
      } finally {
        archive.close();
        vertx.close().await();
      }
    }
  }

  private static List<ArchivedEntry> entries(int rows) {
    Random rnd = new Random(1);
    List<ArchivedEntry> out = new ArrayList<>(rows);
    long score = 10L * rows;
    long competition = 1;
    long dense = 1;
    for (int i = 0; i < rows; i++) {
      if (i > 0 && rnd.nextInt(4) != 0) {
        score -= 1 + rnd.nextInt(15);
        competition = i + 1;
        dense++;
      }
      out.add(new ArchivedEntry(i, "user-" + Integer.toHexString(rnd.nextInt()) + "-" + i, score,
          1_700_000_000_000L + rnd.nextInt(86_400_000), competition, dense));
    }
    return out;
  }

  /** COPY in text format, encoding included in the time, as the archive's time includes its encoding. */
  private static void copy(Connection jdbc, List<ArchivedEntry> entries, String period) throws Exception {
    StringBuilder sb = new StringBuilder(entries.size() * 64);
    for (ArchivedEntry e : entries) {
      sb.append("bench\t").append(period).append('\t').append(e.position()).append('\t').append(e.userId()).append('\t')
          .append(e.score()).append('\t').append(e.at()).append('\t').append(e.competitionRank()).append('\t')
          .append(e.denseRank()).append('\n');
    }
    new CopyManager(jdbc.unwrap(BaseConnection.class)).copyIn(
        "copy copy_baseline (board_uid, period, position, user_id, score, at, competition_rank, dense_rank) from stdin",
        new StringReader(sb.toString()));
  }
}
