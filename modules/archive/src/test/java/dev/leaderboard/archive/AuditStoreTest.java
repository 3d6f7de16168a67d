package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Audit rows come back as written, newest first, a page at a time, of one board or of all. */
@ExtendWith(VertxExtension.class)
class AuditStoreTest {

  @Test
  void rowsComeBackNewestFirstByPageAndBoard(Vertx vertx) {
    AuditStore store = AuditStore.connect(vertx, TestPostgres.uri());
    try {
      store.migrate().await();
      String board = "audit-" + UUID.randomUUID();
      // far in the future, so that rows of other tests are all older
      long at = 4_000_000_000_000L + (UUID.randomUUID().getMostSignificantBits() & 0xffff_ffffL);
      AuditEntry created = new AuditEntry(null, at, "key:00000000000000aa", "putBoard", board, new JsonObject(),
          new JsonObject().put("order", "desc"), 201, null);
      AuditEntry refused = new AuditEntry(null, at + 1, "key:00000000000000aa", "putBoard", board, null,
          new JsonObject().put("order", "asc"), 409, "fixed_field");
      AuditEntry elsewhere = new AuditEntry(null, at + 2, "key:00000000000000bb", "revokeKey", null,
          new JsonObject().put("id", "00000000000000cc"), null, 200, null);
      store.append(List.of(created, refused)).await();
      store.append(List.of(elsewhere)).await();

      List<AuditEntry> newest = store.page(AuditFilter.ALL, 0, 3).await();
      assertThat(newest).extracting(AuditEntry::operation, AuditEntry::status)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("revokeKey", 200),
              org.assertj.core.groups.Tuple.tuple("putBoard", 409), org.assertj.core.groups.Tuple.tuple("putBoard", 201));
      assertThat(newest.get(0).toJson()).isEqualTo(new JsonObject().put("id", newest.get(0).id()).put("at", at + 2)
          .put("who", "key:00000000000000bb").put("operation", "revokeKey")
          .put("target", new JsonObject().put("id", "00000000000000cc")).put("request", new JsonObject())
          .put("status", 200));
      assertThat(newest.get(1).error()).isEqualTo("fixed_field");
      assertThat(newest.get(1).request()).isEqualTo(new JsonObject().put("order", "asc"));

      assertThat(store.page(AuditFilter.board(board), 0, 10).await()).extracting(AuditEntry::status).containsExactly(409, 201);
      assertThat(store.page(AuditFilter.board(board), 1, 10).await()).extracting(AuditEntry::status).containsExactly(201);
      assertThat(store.page(AuditFilter.board(board), 2, 10).await()).isEmpty();
    } finally {
      store.close();
    }
  }
}
