package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith({VertxExtension.class, TestSeed.class})
class ArchiveStoreTest {

  private ArchiveStore store;
  private Pool sql;
  private String uid;

  @BeforeEach
  void connect(Vertx vertx) {
    store = ArchiveStore.connect(vertx, TestPostgres.uri());
    store.migrate().await();
    sql = PgBuilder.pool().connectingTo(TestPostgres.uri()).using(vertx).build();
    uid = "b-" + UUID.randomUUID();
  }

  @AfterEach
  void close() {
    store.close();
    sql.close();
  }

  @Test
  void migrateIsIdempotentAndSafeWhenNodesRunItAtOnce(Vertx vertx, Random rnd) {
    String db = "migrate_" + UUID.randomUUID().toString().replace("-", "");
    sql.query("create database " + db).execute().await();
    // a database of its own, so the schema is really created here and not found from an earlier test
    String uri = TestPostgres.uri().replaceAll("/postgres$", "/" + db);
    List<ArchiveStore> nodes = IntStream.range(0, 4).mapToObj(i -> ArchiveStore.connect(vertx, uri)).toList();
    try {
      Future.all(nodes.stream().map(ArchiveStore::migrate).toList()).await();
      nodes.get(0).migrate().await();

      Pool fresh = PgBuilder.pool().connectingTo(uri).using(vertx).build();
      assertThat(fresh.query("select version from schema_version").execute().await())
          .extracting(row -> row.getInteger(0)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18);
      fresh.close();
      ArchivedPeriod period = period("p", 1);
      assertThat(nodes.get(1).archive(period, entries(rnd, 1)).await()).isTrue();
      assertThat(nodes.get(2).period(uid, "p").await()).isEqualTo(period);
    } finally {
      nodes.forEach(ArchiveStore::close);
    }
  }

  /** An archive made before entries had metadata gains the column; its rows read back without any. */
  @Test
  void theMetadataMigrationKeepsTheRowsOfAnOlderArchive(Vertx vertx, Random rnd) {
    String db = "meta_" + UUID.randomUUID().toString().replace("-", "");
    sql.query("create database " + db).execute().await();
    String uri = TestPostgres.uri().replaceAll("/postgres$", "/" + db);
    ArchiveStore node = ArchiveStore.connect(vertx, uri);
    Pool older = PgBuilder.pool().connectingTo(uri).using(vertx).build();
    try {
      node.migrate().await();
      // back to schema version 2, with a period archived then
      older.query("alter table archived_entry drop column keys").execute().await();
      older.query("alter table archived_entry drop column meta").execute().await();
      older.query("alter table archived_period drop column erased").execute().await();
      older.query("drop index if exists archived_entry_by_user").execute().await();
      older.query("delete from schema_version where version >= 3").execute().await();
      older.query("insert into archived_entry (board_uid, period, position, user_id, score, at, competition_rank,"
          + " dense_rank) values ('" + uid + "', 'old', 0, 'ada', 7, 1, 1, 1)").execute().await();
      node.migrate().await();
      assertThat(node.entry(uid, "old", "ada").await()).isEqualTo(new ArchivedEntry(0, "ada", 7, 1, 1, 1, null));
      List<ArchivedEntry> entries = entries(rnd, 10);
      assertThat(node.archive(period("new", entries.size()), entries).await()).isTrue();
      assertThat(node.page(uid, "new", 0, 10).await()).isEqualTo(entries);
    } finally {
      older.close();
      node.close();
    }
  }

  @Test
  void archivesFiftyThousandEntriesAndReadsThemBack(Random rnd) {
    List<ArchivedEntry> entries = entries(rnd, 50_000);
    ArchivedPeriod daily = period("2025-04-15", entries.size());
    ArchivedPeriod earlier = period("2025-04-14", 3);

    assertThat(store.archive(daily, entries).await()).isTrue();
    assertThat(store.archive(earlier, entries(rnd, 3)).await()).isTrue();

    assertThat(store.period(uid, "2025-04-15").await()).isEqualTo(daily);
    assertThat(store.period(uid, "2025-04-16").await()).isNull();
    assertThat(store.periods(uid).await()).containsExactly(earlier, daily);
    assertThat(store.periods("no-such-board").await()).isEmpty();

    assertThat(store.page(uid, daily.period(), 0, 100).await()).isEqualTo(entries.subList(0, 100));
    assertThat(store.page(uid, daily.period(), 31_337, 250).await()).isEqualTo(entries.subList(31_337, 31_587));
    assertThat(store.page(uid, daily.period(), 49_990, 50).await()).isEqualTo(entries.subList(49_990, 50_000));
    assertThat(store.page(uid, daily.period(), 50_000, 50).await()).isEmpty();
    assertThat(store.page(uid, daily.period(), 10, 0).await()).isEmpty();
    assertThatThrownBy(() -> store.page(uid, daily.period(), -1, 10).await())
        .isInstanceOf(IllegalArgumentException.class);

    ArchivedEntry deep = entries.get(45_678);
    assertThat(store.entry(uid, daily.period(), deep.userId()).await()).isEqualTo(deep);
    assertThat(store.entry(uid, daily.period(), "nobody").await()).isNull();
    assertThat(store.entry(uid, earlier.period(), deep.userId()).await()).isNull();

    List<ArchivedEntry> some = List.of(entries.get(9_000), entries.get(3), entries.get(49_999), entries.get(20_000));
    List<String> asked = new ArrayList<>(some.stream().map(ArchivedEntry::userId).toList());
    asked.add("nobody");
    assertThat(store.entries(uid, daily.period(), asked).await())
        .isEqualTo(some.stream().sorted(Comparator.comparingLong(ArchivedEntry::position)).toList());
    assertThat(store.entries(uid, daily.period(), List.of()).await()).isEmpty();
  }

  @Test
  void archivingAgainAnswersFalseAndWritesNothing(Random rnd) {
    List<ArchivedEntry> entries = entries(rnd, 1_000);
    ArchivedPeriod first = period("2025-W16", entries.size());
    assertThat(store.archive(first, entries).await()).isTrue();

    ArchivedPeriod again = new ArchivedPeriod(uid, "other-name", "2025-W16", 1, first.archivedAt() + 5_000, null);
    assertThat(store.archive(again, entries(rnd, 1)).await()).isFalse();

    assertThat(store.period(uid, "2025-W16").await()).isEqualTo(first);
    assertThat(store.page(uid, "2025-W16", 0, 2_000).await()).isEqualTo(entries);
    assertThat(entryRows("2025-W16")).isEqualTo(1_000);
  }

  @Test
  void concurrentArchiversOfOnePeriodWriteItOnce(Vertx vertx, Random rnd) {
    ArchiveStore other = ArchiveStore.connect(vertx, TestPostgres.uri());
    try {
      List<ArchivedEntry> entries = entries(rnd, 30_000);
      ArchivedPeriod period = period("2025-04", entries.size());
      List<Future<Boolean>> both = List.of(store.archive(period, entries), other.archive(period, entries));
      Future.all(both).await();

      assertThat(both).extracting(Future::result).containsExactlyInAnyOrder(true, false);
      assertThat(entryRows("2025-04")).isEqualTo(30_000);
      assertThat(store.page(uid, "2025-04", 0, 30_000).await()).isEqualTo(entries);
    } finally {
      other.close();
    }
  }

  @Test
  void aTransactionFailingMidwayLeavesNothingAndARetrySucceeds(Random rnd) {
    List<ArchivedEntry> entries = entries(rnd, ArchiveSql.CHUNK + 5_000);
    ArchivedPeriod period = period("all", entries.size());
    List<ArchivedEntry> broken = new ArrayList<>(entries);
    // the first chunk goes in, then the second one breaks the primary key
    ArchivedEntry last = broken.get(broken.size() - 1);
    broken.set(broken.size() - 1, new ArchivedEntry(7, last.userId(), last.score(), last.at(),
        last.competitionRank(), last.denseRank()));

    assertThatThrownBy(() -> store.archive(period, broken).await()).hasMessageContaining("archived_entry_pkey");
    assertThat(store.period(uid, "all").await()).isNull();
    assertThat(entryRows("all")).isZero();

    assertThat(store.archive(period, entries).await()).isTrue();
    assertThat(entryRows("all")).isEqualTo(entries.size());
    assertThat(store.page(uid, "all", ArchiveSql.CHUNK - 2, 4).await())
        .isEqualTo(entries.subList(ArchiveSql.CHUNK - 2, ArchiveSql.CHUNK + 2));
  }

  @Test
  void refusesASizeThatDoesNotMatchTheEntries(Random rnd) {
    assertThatThrownBy(() -> store.archive(period("p", 3), entries(rnd, 2)).await())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size 3 but 2 entries");
    assertThat(store.period(uid, "p").await()).isNull();
  }

  @Test
  void deleteBoardRemovesOnlyThatBoard(Random rnd) {
    String keep = uid;
    assertThat(store.archive(period("a", 10), entries(rnd, 10)).await()).isTrue();
    uid = "b-" + UUID.randomUUID();
    assertThat(store.archive(period("a", 10), entries(rnd, 10)).await()).isTrue();
    assertThat(store.archive(period("b", 5), entries(rnd, 5)).await()).isTrue();

    store.deleteBoard(uid).await();

    assertThat(store.periods(uid).await()).isEmpty();
    assertThat(entryRows("a") + entryRows("b")).isZero();
    assertThat(store.periods(keep).await()).hasSize(1);
    assertThat(store.page(keep, "a", 0, 100).await()).hasSize(10);
  }

  @Test
  void erasingAUserRemovesTheirRowsOnceAndCountsThemOnTheirPeriods(Random rnd) {
    List<ArchivedEntry> a = entries(rnd, 20);
    List<ArchivedEntry> b = entries(rnd, 5);
    String user = a.get(7).userId();
    // the same user in a second period, at its head
    List<ArchivedEntry> withUser = new ArrayList<>(b);
    ArchivedEntry head = b.get(0);
    withUser.set(0, new ArchivedEntry(head.position(), user, head.score(), head.at(), head.competitionRank(),
        head.denseRank()));
    assertThat(store.archive(period("a", a.size()), a).await()).isTrue();
    assertThat(store.archive(period("b", b.size()), withUser).await()).isTrue();

    List<ArchiveStore.ErasedRows> gone = store.eraseUser(user).await();

    assertThat(gone).extracting(ArchiveStore.ErasedRows::period, ArchiveStore.ErasedRows::rows)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("a", 1L), org.assertj.core.groups.Tuple.tuple("b", 1L));
    assertThat(store.entry(uid, "a", user).await()).isNull();
    assertThat(store.entry(uid, "b", user).await()).isNull();
    // the others keep their recorded positions and ranks; the period keeps its size and counts the erased row
    List<ArchivedEntry> left = new ArrayList<>(a);
    left.remove(7);
    assertThat(store.page(uid, "a", 0, 100).await()).isEqualTo(left);
    assertThat(store.period(uid, "a").await().size()).isEqualTo(20);
    assertThat(store.period(uid, "a").await().erased()).isEqualTo(1);
    // a second run finds nothing and counts nothing twice
    assertThat(store.eraseUser(user).await()).isEmpty();
    assertThat(store.periods(uid).await()).extracting(ArchivedPeriod::erased).containsExactly(1L, 1L);
  }

  private ArchivedPeriod period(String period, long size) {
    return new ArchivedPeriod(uid, "board-" + uid.substring(2, 10), period, size, 1_744_675_200_123L,
        new JsonObject().put("order", "desc").put("operator", "incr").put("maxScore", 1_000_000));
  }

  /** A final ranking as the closer computes it: descending score, earlier first on ties, both rank kinds. */
  static List<ArchivedEntry> entries(Random rnd, int n) {
    record Raw(String user, long score, long at) {}
    List<Raw> raw = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      raw.add(new Raw("u" + Long.toString(rnd.nextLong() & Long.MAX_VALUE, 36) + "-" + i, rnd.nextInt(n / 10 + 1),
          1_744_675_200_000L + rnd.nextInt(86_400_000)));
    }
    raw.sort(Comparator.comparingLong(Raw::score).reversed().thenComparingLong(Raw::at));
    List<ArchivedEntry> out = new ArrayList<>(n);
    long competition = 0;
    long dense = 0;
    for (int i = 0; i < n; i++) {
      Raw r = raw.get(i);
      if (i == 0 || r.score() != raw.get(i - 1).score()) {
        competition = i + 1;
        dense++;
      }
      // every other entry with metadata, some of it beyond ASCII; every third with sort keys
      out.add(new ArchivedEntry(i, r.user(), r.score(), r.at(), competition, dense,
          i % 2 == 0 ? null : new JsonObject().put("name", "Spieler ü" + i).encode(),
          i % 3 == 0 ? null : new JsonObject().put("deaths", i % 7).put("level", -i).encode()));
    }
    return out;
  }

  private long entryRows(String period) {
    return sql.preparedQuery("select count(*) from archived_entry where board_uid = $1 and period = $2")
        .execute(Tuple.of(uid, period)).await().iterator().next().getLong(0);
  }
}
