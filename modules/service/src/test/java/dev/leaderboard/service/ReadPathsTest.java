package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pages at every depth, around-me at both ends, ranks for lists and all three rank modes, across
 * the four test shards, against {@link ReferenceBoard}.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ReadPathsTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  static final String[] MODES = {"unique", "competition", "dense"};
  private JsonService service;

  /** The Redis the service runs on: the standalone test shards here, a Redis Cluster in {@link ClusterReadPathsTest}. */
  RedisTopology redis() {
    return RedisTopology.standalone(TestShards.endpoints());
  }

  /** A second node: a service with a store of its own over the same Redis and PostgreSQL. */
  private JsonService other;
  private NodeStore otherStore;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(NodeStore.POOL_SIZE)), Clock.fixed(NOW, ZoneOffset.UTC), 8))).await();
    service = JsonService.proxy(vertx);
    otherStore = NodeStore.connect(vertx, new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(8))).await();
    other = new JsonService(new ServiceGraph(vertx, otherStore, Clock.fixed(NOW, ZoneOffset.UTC), 8,
        PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS).service());
  }

  @AfterEach
  void closeOther() {
    otherStore.close().await();
  }

  /**
   * On the wide layout the board also has negative scores and a sort key (with few values, so that
   * equal scores with equal keys still happen).
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"desc, packed", "asc, packed", "desc, wide", "asc, wide"})
  void readsMatchTheReferenceModel(String order, String layout, Random rnd) {
    String board = "rp-" + UUID.randomUUID().toString().substring(0, 8);
    boolean wide = layout.equals("wide");
    JsonObject spec = new JsonObject().put("order", order).put("operator", "set").put("denseRanks", true)
        .put("period", "daily").put("partitions", 12);
    if (wide) {
      spec.put("minScore", -150).put("sortKeys", new JsonArray().add(new JsonObject().put("name", "deaths")
          .put("order", "asc").put("max", 2)));
    }
    JsonObject def = service.putBoard(board, spec).await();
    assertThat(def.getJsonObject("limits").getString("layout")).isEqualTo(layout);
    long low = wide ? -150 : 0;
    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    ReferenceBoard model = new ReferenceBoard(def, dayStart);
    int users = 6000;
    for (int i = 0; i < users; i += 1000) {
      JsonArray events = new JsonArray();
      for (int k = i; k < i + 1000; k++) {
        // few distinct scores and few distinct times: ties of every kind
        long value = low + rnd.nextInt(300);
        long at = dayStart + rnd.nextInt(30) * 1000L;
        String user = "p" + Integer.toString(rnd.nextInt(46656), 36) + "-" + k;
        JsonObject meta = rnd.nextInt(3) == 0 ? null : meta(rnd, k);
        long[] keys = wide ? new long[] {rnd.nextInt(3)} : new long[0];
        events.add(event(user, value, at, meta, keys));
        model.apply(user, value, at, null, meta, keys);
      }
      assertThat(service.submitBatch(board, new JsonObject().put("events", events)).await().getInteger("applied"))
          .isEqualTo(1000);
    }
    // later events for known users: some replace the metadata, the others keep it
    List<ReferenceBoard.Entry> known = model.sorted();
    JsonArray again = new JsonArray();
    for (int k = 0; k < 1000; k++) {
      String user = known.get(rnd.nextInt(known.size())).userId();
      long value = low + rnd.nextInt(300);
      long at = dayStart + rnd.nextInt(30) * 1000L;
      JsonObject meta = rnd.nextBoolean() ? null : meta(rnd, k);
      long[] keys = wide ? new long[] {rnd.nextInt(3)} : new long[0];
      again.add(event(user, value, at, meta, keys));
      model.apply(user, value, at, null, meta, keys);
    }
    assertThat(service.submitBatch(board, new JsonObject().put("events", again)).await().getInteger("applied"))
        .isEqualTo(1000);
    List<ReferenceBoard.Entry> sorted = model.sorted();
    int total = sorted.size();

    // pages at every depth, every mode
    List<long[]> pages = new ArrayList<>(List.of(new long[] {0, 20}, new long[] {total - 3, 10},
        new long[] {total, 10}, new long[] {2500, 1000}));
    for (int q = 0; q < 30; q++) {
      pages.add(new long[] {rnd.nextInt(total), 1 + rnd.nextInt(60)});
    }
    for (long[] q : pages) {
      String mode = MODES[rnd.nextInt(3)];
      JsonObject page = service.entries(board, null, q[0], (int) q[1], mode).await();
      assertThat(page.getLong("total")).isEqualTo(total);
      JsonArray entries = page.getJsonArray("entries");
      assertThat(entries.size()).isEqualTo((int) Math.max(0, Math.min(q[1], total - q[0])));
      for (int k = 0; k < entries.size(); k++) {
        assertEntry(model, sorted, (int) q[0] + k, entries.getJsonObject(k), mode);
      }
    }

    // around-me, including both ends
    List<Integer> centres = new ArrayList<>(List.of(0, 1, total - 1, total - 2));
    for (int q = 0; q < 25; q++) {
      centres.add(rnd.nextInt(total));
    }
    for (int idx : centres) {
      int limit = 1 + rnd.nextInt(25);
      String mode = MODES[rnd.nextInt(3)];
      JsonObject around = service.around(board, sorted.get(idx).userId(), null, limit, mode).await();
      int start = Math.max(0, Math.min(idx - (limit - 1) / 2, total - limit));
      assertThat(around.getLong("offset")).isEqualTo(start);
      JsonArray entries = around.getJsonArray("entries");
      assertThat(entries.size()).isEqualTo(Math.min(limit, total));
      for (int k = 0; k < entries.size(); k++) {
        assertEntry(model, sorted, start + k, entries.getJsonObject(k), mode);
      }
    }

    // ranks for lists, with unknown users
    for (String mode : MODES) {
      List<String> ids = new ArrayList<>();
      for (int q = 0; q < 300; q++) {
        ids.add(sorted.get(rnd.nextInt(total)).userId());
      }
      ids.add("nobody-1");
      ids.add("nobody-2");
      JsonObject ranks = service.ranks(board, new JsonObject().put("userIds", new JsonArray(ids)), null, mode).await();
      List<ReferenceBoard.Entry> expected = ids.stream().distinct().map(model::get).filter(e -> e != null)
          .sorted(model.comparator()).toList();
      JsonArray entries = ranks.getJsonArray("entries");
      assertThat(entries.size()).isEqualTo(expected.size());
      for (int k = 0; k < entries.size(); k++) {
        assertEntry(model, sorted, sorted.indexOf(expected.get(k)), entries.getJsonObject(k), mode);
      }
      assertThat(ranks.getJsonArray("missing").getList()).containsExactly("nobody-1", "nobody-2");
    }

    // single users carry rank and percentile in every mode
    for (int q = 0; q < 40; q++) {
      int idx = rnd.nextInt(total);
      String mode = MODES[rnd.nextInt(3)];
      assertEntry(model, sorted, idx, service.user(board, sorted.get(idx).userId(), null, mode).await(), mode);
    }

    long min = def.getLong("minScore");
    long max = def.getLong("maxScore");
    long distinctScores = sorted.stream().map(ReferenceBoard.Entry::score).distinct().count();
    // the score a rank needs, at both ends and past them, in every mode, with a user asking how far they are
    List<Long> ranks = new ArrayList<>(List.of(1L, 2L, (long) total, total + 1L, distinctScores, distinctScores + 1));
    for (int q = 0; q < 30; q++) {
      ranks.add(1L + rnd.nextInt(total));
    }
    for (long rank : ranks) {
      String mode = MODES[rnd.nextInt(3)];
      ReferenceBoard.Entry asker = sorted.get(rnd.nextInt(total));
      // either node answers alike
      JsonObject target = (rnd.nextBoolean() ? service : other).scoreAtRank(board, rank, mode, asker.userId()).await();
      String what = mode + " rank " + rank;
      // the holder: the entry at position rank - 1, or in dense mode the first entry of the rank-th distinct score
      int holder = mode.equals("dense") ? firstOfDenseRank(sorted, rank) : rank <= total ? (int) rank - 1 : -1;
      assertThat(target.getLong("total")).isEqualTo(total);
      Long needed;
      if (holder < 0) {
        assertThat(target.getValue("entry")).as(what).isNull();
        assertThat(target.getValue("score")).as(what).isNull();
        needed = order.equals("desc") ? min : max;
      } else {
        assertEntry(model, sorted, holder, target.getJsonObject("entry"), mode);
        long score = sorted.get(holder).score();
        assertThat(target.getLong("score")).as(what).isEqualTo(score);
        long better = order.equals("desc") ? score + 1 : score - 1;
        needed = !mode.equals("unique") ? Long.valueOf(score) : better < min || better > max ? null : better;
      }
      assertThat(target.getLong("needed")).as(what).isEqualTo(needed);
      // the needed score, reached now, ranks there or better, and a score one worse does not
      if (needed != null) {
        assertThat(rankIfReached(order.equals("desc"), sorted, mode, needed, null)).as(what).isLessThanOrEqualTo(rank);
        long worse = order.equals("desc") ? needed - 1 : needed + 1;
        if (holder >= 0 && worse >= min && worse <= max) {
          assertThat(rankIfReached(order.equals("desc"), sorted, mode, worse, null)).as(what).isGreaterThan(rank);
        }
      }
      JsonObject user = target.getJsonObject("user");
      long askerRank = switch (mode) {
        case "competition" -> model.competitionRank(asker.score());
        case "dense" -> model.denseRank(asker.score());
        default -> sorted.indexOf(asker) + 1;
      };
      assertThat(user.getLong("rank")).as(what).isEqualTo(askerRank);
      assertThat(user.getLong("score")).isEqualTo(asker.score());
      Long toReach = askerRank <= rank ? Long.valueOf(0) : needed == null ? null : Math.abs(needed - asker.score());
      assertThat(user.getLong("toReach")).as(what + " for " + asker.userId()).isEqualTo(toReach);
    }
    JsonObject nobody = service.scoreAtRank(board, 1, "unique", "nobody-1").await().getJsonObject("user");
    assertThat(nobody.getValue("score")).isNull();
    assertThat(nobody.getValue("toReach")).isNull();

    // the rank a score would get now: scores held, between, and at both bounds, with and without a user
    List<Long> scores = new ArrayList<>(List.of(min, max, sorted.get(0).score(), sorted.get(total - 1).score()));
    for (int q = 0; q < 40; q++) {
      scores.add(rnd.nextBoolean() ? sorted.get(rnd.nextInt(total)).score() : low + rnd.nextInt(302) - 1);
    }
    for (long score : scores) {
      if (score < min || score > max) {
        continue;
      }
      String mode = MODES[rnd.nextInt(3)];
      ReferenceBoard.Entry asker = rnd.nextBoolean() ? sorted.get(rnd.nextInt(total)) : null;
      JsonObject ranked = (rnd.nextBoolean() ? service : other).rankOfScore(board, score, mode,
          asker == null ? null : asker.userId()).await();
      String what = mode + " rank of " + score + (asker == null ? "" : " for " + asker.userId());
      assertThat(ranked.getLong("rank")).as(what).isEqualTo(rankIfReached(order.equals("desc"), sorted, mode, score, asker));
      assertThat(ranked.getLong("total")).as(what).isEqualTo(asker == null ? total : total - 1);
    }
  }

  /** The position of the first entry of dense rank {@code rank}, or -1 when fewer distinct scores rank. */
  private static int firstOfDenseRank(List<ReferenceBoard.Entry> sorted, long rank) {
    long distinct = 0;
    for (int i = 0; i < sorted.size(); i++) {
      if (i == 0 || sorted.get(i).score() != sorted.get(i - 1).score()) {
        distinct++;
        if (distinct == rank) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * The rank {@code score} gets in {@code mode} if an entry reached it now, among the entries but
   * {@code leftOut}'s: in unique mode after every equal score.
   */
  private static long rankIfReached(boolean desc, List<ReferenceBoard.Entry> sorted, String mode, long score,
      ReferenceBoard.Entry leftOut) {
    List<ReferenceBoard.Entry> others = sorted.stream().filter(e -> e != leftOut).toList();
    java.util.function.LongPredicate better = v -> desc ? v > score : v < score;
    return 1 + switch (mode) {
      case "unique" -> others.stream().filter(e -> better.test(e.score()) || e.score() == score).count();
      case "competition" -> others.stream().filter(e -> better.test(e.score())).count();
      default -> others.stream().map(ReferenceBoard.Entry::score).filter(better::test).distinct().count();
    };
  }

  private static JsonObject event(String user, long value, long at, JsonObject meta, long[] keys) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value).put("at", at);
    if (keys.length > 0) {
      e.put("keys", new JsonObject().put("deaths", keys[0]));
    }
    return meta == null ? e : e.put("meta", meta);
  }

  /** Metadata of a few shapes: strings with non-ASCII text, numbers, nesting. */
  private static JsonObject meta(Random rnd, int k) {
    JsonObject m = new JsonObject().put("name", "Spieler ü" + k + "-" + rnd.nextInt(1000));
    if (rnd.nextBoolean()) {
      m.put("country", rnd.nextBoolean() ? "DE" : "JP").put("level", rnd.nextInt(100));
    }
    if (rnd.nextInt(4) == 0) {
      m.put("avatar", new JsonObject().put("url", "https://example.com/a/" + k + ".png"));
    }
    return m;
  }

  private static void assertEntry(ReferenceBoard model, List<ReferenceBoard.Entry> sorted, int position,
      JsonObject got, String mode) {
    ReferenceBoard.Entry e = sorted.get(position);
    assertThat(got.getString("userId")).as("user at position %d", position).isEqualTo(e.userId());
    assertThat(got.getLong("score")).isEqualTo(e.score());
    assertThat(got.getLong("at")).isEqualTo(e.at());
    long rank = switch (mode) {
      case "competition" -> model.competitionRank(e.score());
      case "dense" -> model.denseRank(e.score());
      default -> position + 1;
    };
    assertThat(got.getLong("rank")).as("%s rank of %s", mode, e.userId()).isEqualTo(rank);
    assertThat(got.getDouble("percentile")).as("%s percentile of %s", mode, e.userId())
        .isEqualTo(model.percentile(mode, position, e.score()));
    model.assertMeta(got, "user at position " + position);
    model.assertKeys(got, e, "user at position " + position);
  }
}
