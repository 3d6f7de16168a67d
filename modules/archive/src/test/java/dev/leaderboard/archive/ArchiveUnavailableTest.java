package dev.leaderboard.archive;

import dev.leaderboard.embedded.TestPostgres;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A PostgreSQL that cannot be reached is an unavailable archive (503); a SQL error is not. */
@ExtendWith(VertxExtension.class)
class ArchiveUnavailableTest {

  @Test
  void anUnreachableServerIsUnavailable(Vertx vertx) throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = socket.getLocalPort();
    }
    // nothing listens on the port any more: every connection is refused
    ArchiveStore store = ArchiveStore.connect(vertx, "postgresql://postgres:postgres@127.0.0.1:" + port + "/postgres");
    try {
      for (Throwable t : List.of(catchThrowable(() -> store.migrate().await()),
          catchThrowable(() -> store.period("b", "2025-01-01").await()),
          catchThrowable(() -> store.page("b", "2025-01-01", 0, 10).await()))) {
        assertThat(t).isInstanceOf(StoreUnavailableException.class);
        assertThat(((StoreUnavailableException) t).status()).isEqualTo(503);
        assertThat(((StoreUnavailableException) t).code()).isEqualTo("archive_unavailable");
      }
    } finally {
      store.close();
    }
  }

  @Test
  void aSqlErrorIsNotAnOutage(Vertx vertx) {
    ArchiveStore store = ArchiveStore.connect(vertx, TestPostgres.uri());
    try {
      store.migrate().await();
      String uid = "dup-" + UUID.randomUUID();
      ArchivedPeriod period = new ArchivedPeriod(uid, "dup", "all", 2, 0, new JsonObject());
      // the same position twice breaks the primary key (board, period, position)
      List<ArchivedEntry> entries = List.of(new ArchivedEntry(0, "u", 2, 0, 1, 1),
          new ArchivedEntry(0, "v", 1, 0, 2, 2));
      Throwable t = catchThrowable(() -> store.archive(period, entries).await());
      assertThat(t).isNotNull().isNotInstanceOf(StoreUnavailableException.class);
      assertThat(store.period(uid, "all").await()).isNull();
    } finally {
      store.close();
    }
  }
}
