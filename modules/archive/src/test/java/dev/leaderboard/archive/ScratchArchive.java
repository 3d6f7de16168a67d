package dev.leaderboard.archive;

import dev.leaderboard.embedded.TestPostgres;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import java.util.UUID;

/**
 * A database of a test's own, migrated to the newest schema: a store on it and a plain pool, for tests
 * that take the schema back to an older version, write rows as that version did and migrate again.
 */
record ScratchArchive(ArchiveStore store, Pool sql) implements AutoCloseable {
  static ScratchArchive create(Vertx vertx, String name) {
    Pool admin = PgBuilder.pool().connectingTo(TestPostgres.uri()).using(vertx).build();
    String db = name + "_" + UUID.randomUUID().toString().replace("-", "");
    admin.query("create database " + db).execute().await();
    admin.close();
    String uri = TestPostgres.uri().replaceAll("/postgres$", "/" + db);
    ArchiveStore store = ArchiveStore.connect(vertx, uri);
    store.migrate().await();
    return new ScratchArchive(store, PgBuilder.pool().connectingTo(uri).using(vertx).build());
  }

  @Override
  public void close() {
    sql.close();
    store.close();
  }
}
