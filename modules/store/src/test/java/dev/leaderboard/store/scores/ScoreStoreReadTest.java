package dev.leaderboard.store.scores;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cross-partition reads against a sorted list in memory, on data laid out to be hard: partitions
 * holding disjoint score ranges, empty partitions, many exact ties across partitions. The deep-page
 * window is made tiny so the refining rounds run too.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
public class ScoreStoreReadTest {
  static final Instant CREATED = Instant.parse("2025-04-15T12:00:00Z");
  private Vertx vertx;
  private Shards shards;
  private ScoreStore store;

  @BeforeEach
  void open(Vertx vertx) {
    this.vertx = vertx;
    shards = connect(vertx);
    store = new ScoreStore(shards, 8);
    store.loadScripts().await();
  }

  /** The shards the reads run on: the standalone test shards here, a Redis Cluster in {@link ClusterReadTest}. */
  Shards connect(Vertx vertx) {
    return Shards.connect(vertx, TestShards.endpoints(), 4);
  }

  @AfterEach
  void close() {
    shards.close();
  }

  @ParameterizedTest(name = "{0} order, {1} layout, {2} partitions")
  @CsvSource({"desc, hashed, 8", "asc, hashed, 8", "desc, ranges, 8", "asc, ranges, 5", "desc, one-partition, 6",
      "asc, ties, 8", "desc, ties, 3"})
  void readsMatchTheMergedOrder(String order, String layout, int partitions, Random rnd) {
    Board b = Board.define("rd-" + UUID.randomUUID().toString().substring(0, 8),
        new JsonObject().put("order", order).put("partitions", partitions), null, CREATED, partitions, "u1");
    int n = 6000;
    List<StoredEntry> all = new ArrayList<>();
    List<Call> writes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String user = randomId(rnd) + i;
      long composite = switch (layout) {
        case "ties" -> rnd.nextInt(40);
        default -> rnd.nextInt(1_000_000);
      };
      int p = switch (layout) {
        case "ranges" -> (int) ((long) composite * partitions / 1_000_000);
        case "one-partition" -> rnd.nextInt(10) == 0 ? rnd.nextInt(partitions) : 2;
        default -> Partitioner.partitionOf(user, partitions);
      };
      all.add(new StoredEntry(user, composite));
      Route r = Keys.keySet(shards, b, "all", p);
      writes.add(Call.of(r, Request.cmd(Command.ZADD).arg(Keys.scores(r)).arg(composite).arg(user)));
    }
    shards.dispatch(writes).await();
    assertReadsMatch(vertx, store, b, all, layout.equals("hashed") || layout.equals("ties"), rnd);
  }

  /**
   * A pivot read before its user wrote again (a read racing a write of the same user): the counts see
   * the user's newer entry, and must never count it before the user's own pivot. Each pivot is then
   * ranked among the others as they are now; alone (native commands) and many at once (the script).
   */
  @ParameterizedTest(name = "{0} order")
  @CsvSource({"desc", "asc"})
  void aPivotIsNeverCountedBehindItsOwnUsersNewerEntry(String order, Random rnd) {
    int partitions = 8;
    Board b = Board.define("mv-" + UUID.randomUUID().toString().substring(0, 8),
        new JsonObject().put("order", order).put("partitions", partitions), null, CREATED, partitions, "u1");
    List<StoredEntry> all = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      all.add(new StoredEntry(randomId(rnd) + i, rnd.nextInt(1000)));
    }
    write(b, all);
    Comparator<StoredEntry> cmp = StoredEntry.order(b.order());
    List<StoredEntry> pivots = new ArrayList<>();
    List<StoredEntry> now = new ArrayList<>(all);
    for (int q = 0; q < 30; q++) {
      int i = rnd.nextInt(all.size());
      if (!pivots.contains(all.get(i))) {
        pivots.add(all.get(i));
        // the user's next write: better, worse or the same score (a later tie), after the pivot was read
        now.set(i, new StoredEntry(all.get(i).userId(), all.get(i).composite() + rnd.nextInt(3) * 400 - 400));
      }
    }
    write(b, now.stream().filter(e -> !all.contains(e)).toList());
    List<List<StoredEntry>> asks = new ArrayList<>(List.of(pivots));
    pivots.forEach(p -> asks.add(List.of(p)));
    for (List<StoredEntry> ask : asks) {
      RankCounts c = store.counts(b, "all", ask, List.of()).await();
      for (int i = 0; i < ask.size(); i++) {
        StoredEntry pivot = ask.get(i);
        long expected = now.stream().filter(e -> !e.userId().equals(pivot.userId()) && cmp.compare(e, pivot) < 0).count();
        assertThat(c.before()[i]).as("others before %s, of %d asked at once", pivot, ask.size()).isEqualTo(expected);
        assertThat(c.current()[i]).isEqualTo(now.get(all.indexOf(pivot)));
      }
    }
  }

  private void write(Board b, List<StoredEntry> entries) {
    List<Call> writes = new ArrayList<>();
    for (StoredEntry e : entries) {
      Route r = Keys.home(shards, b, "all", e.userId());
      writes.add(Call.of(r, Request.cmd(Command.ZADD).arg(Keys.scores(r)).arg(e.composite()).arg(e.userId())));
    }
    shards.dispatch(writes).await();
  }

  /**
   * Every read of the period {@code all} of {@code b} — pages at every depth, positions, ranks from
   * hints, neighbourhoods — against {@code all}, its entries in memory (sorted here).
   *
   * @param placedByHash whether every user sits in its own partition, as the service places them
   *     (a user's rank reads only there)
   */
  public static void assertReadsMatch(Vertx vertx, ScoreStore store, Board b, List<StoredEntry> all, boolean placedByHash, Random rnd) {
    all.sort(StoredEntry.order(b.order()));
    int n = all.size();
    // pages: shallow, deep, at the end and past it
    List<long[]> pages = new ArrayList<>(List.of(new long[] {0, 10}, new long[] {255, 3}, new long[] {257, 50},
        new long[] {n - 1, 10}, new long[] {n - 7, 7}, new long[] {n, 5}, new long[] {n + 100, 5}, new long[] {3000, 1000}));
    for (int q = 0; q < 40; q++) {
      pages.add(new long[] {rnd.nextInt(n), 1 + rnd.nextInt(100)});
    }
    for (long[] q : pages) {
      Page page = store.page(b, "all", q[0], (int) q[1]).await();
      assertThat(page.total()).isEqualTo(n);
      int from = (int) Math.min(n, q[0]);
      int to = (int) Math.min(n, q[0] + q[1]);
      assertThat(page.entries()).as("page offset %d limit %d", q[0], q[1]).isEqualTo(all.subList(from, to));
    }

    // positions of arbitrary entries, present or not
    List<StoredEntry> pivots = new ArrayList<>();
    for (int q = 0; q < 50; q++) {
      pivots.add(all.get(rnd.nextInt(n)));
    }
    pivots.add(new StoredEntry("absent-user", all.get(n / 2).composite()));
    RankCounts counts = store.counts(b, "all", pivots, List.of()).await();
    assertThat(counts.total()).isEqualTo(n);
    Comparator<StoredEntry> cmp = StoredEntry.order(b.order());
    for (int i = 0; i < pivots.size(); i++) {
      StoredEntry pivot = pivots.get(i);
      long expected = all.stream().filter(e -> cmp.compare(e, pivot) < 0).count();
      assertThat(counts.before()[i]).as("entries before %s", pivot).isEqualTo(expected);
    }

    // a few pivots at a time: counted with native commands, the script only for exact ties
    for (int q = 0; q < 30; q++) {
      List<StoredEntry> few = pivots.subList(q % 40, q % 40 + 1 + rnd.nextInt(Positions.NATIVE_PIVOTS));
      RankCounts c = store.counts(b, "all", few, List.of()).await();
      assertThat(c.total()).isEqualTo(n);
      for (int i = 0; i < few.size(); i++) {
        StoredEntry pivot = few.get(i);
        assertThat(c.before()[i]).as("entries before %s (native)", pivot)
            .isEqualTo(all.stream().filter(e -> cmp.compare(e, pivot) < 0).count());
      }
    }
    StoredEntry absent = pivots.get(pivots.size() - 1);
    assertThat(store.counts(b, "all", List.of(absent), List.of()).await().before()[0])
        .isEqualTo(all.stream().filter(e -> cmp.compare(e, absent) < 0).count());

    // a user's rank from a hint that is right, stale, or missing, and for an absent user
    // (only where users sit in their own partition, as the service places them)
    for (int q = 0; placedByHash && q < 20; q++) {
      StoredEntry e = all.get(rnd.nextInt(n));
      long expected = all.indexOf(e);
      StoredEntry[] hints = {e, new StoredEntry(e.userId(), e.composite() + 1 + rnd.nextInt(1000)), null};
      for (StoredEntry hint : hints) {
        ScoreStore.UserRank r = store.userRank(b, "all", e.userId(), hint).await();
        assertThat(r.entry().composite()).isEqualTo(e.composite());
        assertThat(r.before()).as("position of %s with hint %s", e, hint).isEqualTo(expected);
        assertThat(r.total()).isEqualTo(n);
      }
    }
    assertThat(store.userRank(b, "all", "absent-user", new StoredEntry("absent-user", 5L)).await().entry()).isNull();
    assertThat(store.userRank(b, "all", "absent-user", null).await().entry()).isNull();

    // the same, asked all at once on an event loop: they merge into rounds of many pivots, each node
    // counting all of them in one script call that also reads each pivot's current entry
    List<StoredEntry> asked = new ArrayList<>();
    List<StoredEntry> hinted = new ArrayList<>();
    for (int q = 0; placedByHash && q < 60; q++) {
      StoredEntry e = q % 10 == 9 ? new StoredEntry("absent-" + q, 5L) : all.get(rnd.nextInt(n));
      asked.add(e);
      hinted.add(switch (q % 3) {
        case 0 -> e;
        case 1 -> new StoredEntry(e.userId(), e.composite() + 1 + rnd.nextInt(1000));
        default -> null;
      });
    }
    List<ScoreStore.UserRank> merged = Future.<List<ScoreStore.UserRank>>future(done -> vertx.runOnContext(v -> {
      List<Future<ScoreStore.UserRank>> each = new ArrayList<>();
      for (int q = 0; q < asked.size(); q++) {
        each.add(store.userRank(b, "all", asked.get(q).userId(), hinted.get(q)));
      }
      Future.all(each).map(f -> each.stream().map(Future::result).toList()).onComplete(done);
    })).await();
    for (int q = 0; q < asked.size(); q++) {
      StoredEntry e = asked.get(q);
      ScoreStore.UserRank r = merged.get(q);
      if (e.userId().startsWith("absent-")) {
        assertThat(r.entry()).as("absent %s", e.userId()).isNull();
        continue;
      }
      assertThat(r.entry().composite()).isEqualTo(e.composite());
      assertThat(r.before()).as("position of %s with hint %s, merged", e, hinted.get(q)).isEqualTo(all.indexOf(e));
      assertThat(r.total()).isEqualTo(n);
    }

    // neighbourhoods, including both ends
    List<Integer> centres = new ArrayList<>(List.of(0, 1, n - 1, n - 2));
    for (int q = 0; q < 30; q++) {
      centres.add(rnd.nextInt(n));
    }
    for (int idx : centres) {
      Around a = store.around(b, "all", all.get(idx), 5, 6).await();
      assertThat(a.position()).isEqualTo(idx);
      assertThat(a.total()).isEqualTo(n);
      assertThat(a.before()).isEqualTo(all.subList(Math.max(0, idx - 5), idx));
      assertThat(a.from()).isEqualTo(all.subList(idx, Math.min(n, idx + 6)));
    }

    // the neighbourhood of an entry that is not on the board (a stale one), where another user of
    // the same partition holds exactly its composite: that user is a neighbour, not the entry
    for (int q = 0; placedByHash && q < 10; q++) {
      StoredEntry other = all.get(rnd.nextInt(n));
      int partition = Partitioner.partitionOf(other.userId(), b.partitions());
      String ghost = "ghost-" + q;
      for (int k = 0; Partitioner.partitionOf(ghost, b.partitions()) != partition; k++) {
        ghost = "ghost-" + q + "-" + k;
      }
      StoredEntry stale = new StoredEntry(ghost, other.composite());
      long position = all.stream().filter(e -> cmp.compare(e, stale) < 0).count();
      Around a = store.around(b, "all", stale, 5, 6).await();
      assertThat(a.position()).as("position of stale %s beside %s", stale, other).isEqualTo(position);
      assertThat(a.before()).isEqualTo(all.subList((int) Math.max(0, position - 5), (int) position));
      assertThat(a.from()).isEqualTo(all.subList((int) position, (int) Math.min(n, position + 6)));
    }
  }

  private static String randomId(Random rnd) {
    String alphabet = "ABCXYZabcxyz019._:@-";
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < 4; k++) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
