package dev.leaderboard.store.boards;

import dev.leaderboard.store.scripts.StoreScripts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.Live;
import dev.leaderboard.store.dispatch.ForwardingShards;
import dev.leaderboard.store.dispatch.HeldShards;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.ScoreStoreReadTest;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Data written with one key set per partition (the layout of every release before key sets, written
 * here by the same stores over shards that place each partition in its own key set), merged into one
 * key set per endpoint while events keep arriving: the events resent during and after the merge are
 * all duplicates, the new ones count once, every read matches the entries in memory, bans and their
 * stashed entries, metadata and the dense index come through, and no partition's own keys are left.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class KeySetUpgradeTest {
  static final Instant CREATED = Instant.parse("2025-04-15T12:00:00Z");
  static final long NOW = CREATED.toEpochMilli() + 60_000;
  static final long WINDOW = 3_600_000;
  private Shards shards;

  /** The given shards with every partition in its own key set, as releases before key sets wrote them. */
  private static final class PerPartition extends ForwardingShards {
    PerPartition(Shards inner) {
      super(inner);
    }

    @Override
    public int keySetOf(int partition) {
      return partition;
    }

    @Override
    public String keySetLayout() {
      return KeySetUpgrade.PER_PARTITION;
    }

    @Override
    public void close() {
    }
  }

  @BeforeEach
  void open(Vertx vertx) {
    shards = Shards.connect(vertx, TestShards.endpoints(), 4);
    shards.loadScripts(StoreScripts.ALL).await();
  }

  @AfterEach
  void close() {
    shards.close();
  }

  @ParameterizedTest(name = "{0} layout, {1} order, {2} partitions")
  @CsvSource({"packed, desc, 8", "packed, asc, 7", "wide, desc, 8", "packed, desc, 3"})
  void partitionsMergeIntoOneKeySetPerEndpointWhileEventsArrive(String layout, String order, int partitions,
      Vertx vertx, Random rnd) {
    Board b = Board.define("up-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject()
        .put("partitions", partitions).put("order", order).put("denseRanks", true).put("layout", layout),
        null, CREATED, 8, "u1");
    Shards old = new PerPartition(shards);
    Live.mark(old, b, "all");
    ScoreStore before = new ScoreStore(old);
    int users = 1500;
    List<SubmitCommand> sent = new ArrayList<>();
    for (int i = 0; i < users * 2; i++) {
      String user = "p" + (i % users);
      long value = 1 + rnd.nextInt(40);
      long at = CREATED.toEpochMilli() + rnd.nextInt(5000);
      String meta = rnd.nextInt(4) == 0 ? new JsonObject().put("n", i).encode() : null;
      sent.add(event(b, user, value, at, "old-" + i, meta));
    }
    for (int from = 0; from < sent.size(); from += 500) {
      assertThat(before.submitAll(b, sent.subList(from, from + 500), NOW, WINDOW).await())
          .allMatch(SubmitOutcome::applied);
    }
    List<String> banned = List.of("p3", "p17", "p400");
    ModerationStore.Target all = new ModerationStore.Target(b, "all");
    for (String u : banned) {
      new ModerationStore(old).apply(ModerationStore.Op.BAN, u, List.of(all)).await();
    }
    Map<String, String> metaBefore = metadata(before, b, users);

    HeldShards held = new HeldShards(shards);
    KeySetUpgrade upgrade = new KeySetUpgrade(held);
    held.hold(KeySetUpgrade.prefix(b, "all"), () -> upgrade.merge(b, "all"));
    ScoreStore after = new ScoreStore(held, 8);
    // on an event loop at once: the old events again and new ones, all held until the merge is done
    List<SubmitCommand> fresh = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      fresh.add(event(b, "p" + rnd.nextInt(users + 100), 1 + rnd.nextInt(40),
          CREATED.toEpochMilli() + 5000 + rnd.nextInt(5000), "new-" + i, null));
    }
    List<SubmitCommand> resent = sent.subList(0, 600);
    List<List<SubmitOutcome>> outcomes = Future.<List<List<SubmitOutcome>>>future(done -> vertx.runOnContext(v -> {
      List<Future<List<SubmitOutcome>>> each = new ArrayList<>();
      each.add(after.submitAll(b, resent, NOW + 1000, WINDOW));
      for (int from = 0; from < fresh.size(); from += 100) {
        each.add(after.submitAll(b, fresh.subList(from, from + 100), NOW + 1000, WINDOW));
      }
      Future.all(each).map(f -> each.stream().map(Future::result).toList()).onComplete(done);
    })).await();
    assertThat(held.holding()).as("the merge ran on first use and released the hold").isFalse();
    for (int i = 0; i < resent.size(); i++) {
      assertThat(outcomes.get(0).get(i).status()).as("%s, applied before the upgrade, sent again", resent.get(i))
          .isIn(banned.contains(resent.get(i).userId())
              ? List.of(SubmitOutcome.Status.DUPLICATE, SubmitOutcome.Status.BANNED)
              : List.of(SubmitOutcome.Status.DUPLICATE));
    }

    // the model: every event applied once, in order, except to banned users
    Map<String, StoredEntry> model = new HashMap<>();
    List<SubmitCommand> applied = new ArrayList<>(sent);
    outcomes.subList(1, outcomes.size()).forEach(batch -> {
      for (SubmitOutcome o : batch) {
        assertThat(o.status()).isIn(SubmitOutcome.Status.CHANGED, SubmitOutcome.Status.UNCHANGED,
            SubmitOutcome.Status.BANNED);
      }
    });
    applied.addAll(fresh);
    for (String u : userIds(applied)) {
      if (!banned.contains(u)) {
        StoredEntry e = after.stored(b, "all", u).await();
        if (e != null) {
          model.put(u, e);
        }
      }
    }
    assertThat(model.keySet()).as("every user who scored and is not banned has an entry")
        .containsExactlyInAnyOrderElementsOf(userIds(applied).stream().filter(u -> !banned.contains(u)).toList());
    assertThat(totals(applied, banned)).isEqualTo(totals(b, model));

    ScoreStoreReadTest.assertReadsMatch(vertx, after, b, new ArrayList<>(model.values()), true, rnd);
    assertThat(metadata(after, b, users)).as("metadata").isEqualTo(metaBefore);
    assertThat(noPartitionKeysLeft(b)).isTrue();
    assertDenseIndex(b, after);

    // a lifted ban puts back the entry stashed before the upgrade
    StoredEntry stashed = new ModerationStore(held).apply(ModerationStore.Op.LIFT, banned.get(0), List.of(all))
        .await().get(0).entry();
    assertThat(stashed).isNotNull();
    assertThat(after.stored(b, "all", banned.get(0)).await()).isNotNull();

    // a second merge finds nothing to do and changes nothing
    long size = after.page(b, "all", 0, 1).await().total();
    upgrade.merge(b, "all").await();
    assertThat(after.page(b, "all", 0, 1).await().total()).isEqualTo(size);
  }

  private static SubmitCommand event(Board b, String user, long value, long at, String eventId, String meta) {
    long tie = b.wide() ? 0 : b.codec().tie((at - b.origin()) / b.tieResolution().millis());
    return new SubmitCommand("all", user, Operator.INCR, value, tie, eventId, at, meta,
        b.wide() ? b.tieCodec().encode(new long[0], at) : "");
  }

  private static List<String> userIds(List<SubmitCommand> events) {
    return events.stream().map(SubmitCommand::userId).distinct().toList();
  }

  /** Each user's score from the events: increments summed. */
  private static Map<String, Long> totals(List<SubmitCommand> events, List<String> banned) {
    Map<String, Long> out = new HashMap<>();
    for (SubmitCommand c : events) {
      if (!banned.contains(c.userId())) {
        out.merge(c.userId(), c.value(), Long::sum);
      }
    }
    return out;
  }

  private static Map<String, Long> totals(Board b, Map<String, StoredEntry> model) {
    Map<String, Long> out = new HashMap<>();
    model.forEach((u, e) -> out.put(u, b.wide() ? e.composite() : b.codec().score(e.composite())));
    return out;
  }

  private static Map<String, String> metadata(ScoreStore store, Board b, int users) {
    Map<String, String> out = new HashMap<>();
    for (int i = 0; i < users; i++) {
      StoredEntry e = store.entry(b, "all", "p" + i, true).await();
      if (e != null && e.meta() != null) {
        out.put("p" + i, e.meta());
      }
    }
    return out;
  }

  private boolean noPartitionKeysLeft(Board b) {
    for (int p = 0; p < b.partitions(); p++) {
      if (shards.keySetOf(p) == p) {
        continue;
      }
      Route r = Keys.named(b, "all", p);
      Request exists = Request.cmd(Command.EXISTS);
      for (String key : Keys.all(r)) {
        exists.arg(key);
      }
      if (b.wide()) {
        Keys.allUsers(r).forEach(exists::arg);
      }
      if (shards.send(r, exists).await().toLong() != 0) {
        return false;
      }
    }
    return true;
  }

  /** Per key set, the dense index holds each score of its members with the number holding it. */
  private void assertDenseIndex(Board b, ScoreStore store) {
    for (Route r : Keys.keySets(shards, b, "all")) {
      Response rows = shards.send(r, Request.cmd(Command.ZRANGE).arg(Keys.scores(r)).arg(0).arg(-1)
          .arg("WITHSCORES")).await();
      Map<String, Long> expected = new HashMap<>();
      for (int i = 0; i < rows.size(); i += 2) {
        StoredEntry e = StoredEntry.ofMember(rows.get(i).toString(),
            StoredEntry.parseComposite(rows.get(i + 1).toString()));
        expected.merge(Long.toString(b.wide() ? e.composite() : b.codec().score(e.composite())), 1L, Long::sum);
      }
      Response counts = shards.send(r, Request.cmd(Command.HGETALL).arg(Keys.scoreCounts(r))).await();
      Map<String, Long> actual = new HashMap<>();
      for (int i = 0; i + 1 < counts.size(); i += 2) {
        actual.put(counts.get(i).toString(), counts.get(i + 1).toLong());
      }
      assertThat(actual).as("score counts of %s", r.tag()).isEqualTo(expected);
      assertThat(shards.send(r, Request.cmd(Command.ZCARD).arg(Keys.distinct(r))).await().toLong())
          .isEqualTo(expected.size());
    }
  }
}
