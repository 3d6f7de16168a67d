package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith({VertxExtension.class, TestSeed.class})
class LocalPostgresTest {

  @Test
  void aRestartOnTheSameDirectoryKeepsTheArchive(Vertx vertx, Random rnd) throws IOException {
    Path dir = Files.createTempDirectory("leaderboard-postgres-restart-");
    try {
      List<ArchivedEntry> entries = ArchiveStoreTest.entries(rnd, 2_000);
      ArchivedPeriod period = new ArchivedPeriod("uid-1", "steps", "2025-04-15", entries.size(), 1_000L, null);
      try (LocalPostgres postgres = LocalPostgres.start(dir)) {
        assertThat(postgres.uri()).matches("postgresql://postgres@127\\.0\\.0\\.1:\\d+/postgres");
        assertThatThrownBy(() -> LocalPostgres.start(dir)).isInstanceOf(IOException.class).hasMessageContaining("in use");
        ArchiveStore store = ArchiveStore.connect(vertx, postgres.uri());
        store.migrate().await();
        assertThat(store.archive(period, entries).await()).isTrue();
        store.close();
        postgres.close();
        postgres.close();
      }
      try (LocalPostgres postgres = LocalPostgres.start(dir)) {
        ArchiveStore store = ArchiveStore.connect(vertx, postgres.uri());
        store.migrate().await();
        assertThat(store.period("uid-1", "2025-04-15").await()).isEqualTo(period);
        assertThat(store.page("uid-1", "2025-04-15", 0, 5_000).await()).isEqualTo(entries);
        assertThat(store.archive(period, entries).await()).isFalse();
        store.close();
      }
    } finally {
      TestPostgres.deleteRecursively(dir);
    }
  }
}
