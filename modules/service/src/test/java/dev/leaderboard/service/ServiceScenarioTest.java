package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.SortKey;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thousands of random events on boards of every order and operator, through the event-bus proxy,
 * checked against {@link ReferenceBoard}: every rank, every page, totals, competition ranks.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ServiceScenarioTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private JsonService service;

  /** The Redis the service runs on: the standalone test shards here, a Redis Cluster in {@link ClusterScenarioTest}. */
  RedisTopology redis() {
    return RedisTopology.standalone(TestShards.endpoints());
  }

  /** How many events each board of the scenario takes. */
  int eventsPerBoard() {
    return 5000;
  }

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(NodeStore.POOL_SIZE)), Clock.fixed(NOW, ZoneOffset.UTC), 8))).await();
    service = JsonService.proxy(vertx);
  }

  /**
   * One board of the scenario.
   *
   * @param extra more fields of the board's definition (minScore, sortKeys, layout)
   * @param values draws an event's value
   */
  record Setup(String order, String operator, String period, String resolution, long maxScore, long periodStart,
      JsonObject extra, ToLongFunction<Random> values) {
    Setup(String order, String operator, String period, String resolution, long maxScore, long periodStart) {
      this(order, operator, period, resolution, maxScore, periodStart, new JsonObject(),
          "incr".equals(operator) ? rnd -> rnd.nextInt(14) - 3 : rnd -> rnd.nextInt(100));
    }
  }

  static final long MAX = Fields.MAX_EXACT;

  /** A value at either end of the exact range, or a small one: equal scores abound at both ends. */
  static long extreme(Random rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> MAX - rnd.nextInt(3);
      case 1 -> -MAX + rnd.nextInt(3);
      default -> rnd.nextInt(5) - 2;
    };
  }

  static JsonArray sortKeys(JsonObject... keys) {
    return new JsonArray(List.of((Object[]) keys));
  }

  static JsonObject sortKey(String name, String order, long min, long max) {
    return new JsonObject().put("name", name).put("order", order).put("min", min).put("max", max);
  }

  @Test
  void randomizedScenarioMatchesReferenceModel(Random rnd) {
    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    List<Setup> setups = List.of(
        new Setup("desc", "incr", "daily", "ms", 40, dayStart),
        new Setup("asc", "incr", "daily", "s", 40, dayStart),
        new Setup("desc", "set", "weekly", "s", 80, Instant.parse("2025-04-14T00:00:00Z").toEpochMilli()),
        new Setup("asc", "set", "monthly", "ms", 80, Instant.parse("2025-04-01T00:00:00Z").toEpochMilli()),
        new Setup("desc", "best", "all-time", "s", 80, NOW.toEpochMilli()),
        new Setup("asc", "best", "daily", "ms", 80, dayStart));
    for (Setup setup : setups) {
      runBoard(rnd, setup, 1500, eventsPerBoard());
    }
  }

  /**
   * The same on wide boards: negative scores, scores at ±(2^53 - 1), equal scores in the same
   * millisecond, and sort keys that order equal scores before the time.
   */
  @Test
  void randomizedScenarioOnTheWideLayoutMatchesReferenceModel(Random rnd) {
    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    List<Setup> setups = List.of(
        new Setup("desc", "incr", "daily", "ms", 40, dayStart,
            new JsonObject().put("minScore", -40).put("layout", "wide"), r -> r.nextInt(15) - 7),
        new Setup("asc", "best", "all-time", "ms", MAX, NOW.toEpochMilli(),
            new JsonObject().put("minScore", -MAX), ServiceScenarioTest::extreme),
        new Setup("desc", "incr", "all-time", "s", MAX, NOW.toEpochMilli(),
            new JsonObject().put("minScore", -MAX), ServiceScenarioTest::extreme),
        new Setup("desc", "set", "weekly", "s", 1_000_000_000_000L, Instant.parse("2025-04-14T00:00:00Z").toEpochMilli(),
            new JsonObject().put("sortKeys", sortKeys(sortKey("deaths", "asc", 0, 3), sortKey("level", "desc", 0, 2))),
            r -> r.nextInt(4) * 250_000_000_000L),
        new Setup("asc", "incr", "monthly", "ms", 40, Instant.parse("2025-04-01T00:00:00Z").toEpochMilli(),
            new JsonObject().put("sortKeys", sortKeys(sortKey("left", "desc", -5, 5))), r -> r.nextInt(14) - 3),
        new Setup("desc", "best", "daily", "ms", MAX, dayStart, new JsonObject(),
            r -> r.nextBoolean() ? MAX - r.nextInt(4) : r.nextInt(4)));
    for (Setup setup : setups) {
      runBoard(rnd, setup, 1500, eventsPerBoard());
    }
  }

  private void runBoard(Random rnd, Setup s, int userCount, int eventCount) {
    String board = "scn-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(board, s.extra().copy()
        .put("order", s.order()).put("operator", s.operator()).put("period", s.period())
        .put("tieResolution", s.resolution()).put("maxScore", s.maxScore())).await();
    boolean wide = s.extra().containsKey("layout") || s.extra().containsKey("sortKeys") || s.maxScore() > 1L << 40;
    assertThat(def.getJsonObject("limits").getString("layout")).as("layout of %s", def)
        .isEqualTo(wide ? "wide" : "packed");
    ReferenceBoard model = new ReferenceBoard(def, s.periodStart());
    List<String> users = new ArrayList<>();
    for (int i = 0; i < userCount; i++) {
      users.add(randomUser(rnd, i));
    }
    List<JsonObject> events = new ArrayList<>();
    List<JsonObject> withIds = new ArrayList<>();
    for (int i = 0; i < eventCount; i++) {
      String user = users.get(rnd.nextInt(users.size()));
      long value = s.values().applyAsLong(rnd);
      // few distinct seconds, so that equal scores at the same time unit (exact ties) happen
      long at = s.period().equals("all-time")
          ? s.periodStart() + rnd.nextInt(60) * 1000L + rnd.nextInt(3)
          : s.periodStart() + rnd.nextInt(60) * 1000L + rnd.nextInt(3);
      JsonObject e = new JsonObject().put("userId", user).put("value", value).put("at", at);
      if (!model.sortKeys().isEmpty()) {
        JsonObject keys = new JsonObject();
        for (SortKey k : model.sortKeys()) {
          keys.put(k.name(), k.min() + rnd.nextInt((int) (k.max() - k.min() + 1)));
        }
        e.put("keys", keys);
      }
      if (rnd.nextInt(10) < 3) {
        if (!withIds.isEmpty() && rnd.nextInt(4) == 0) {
          // an event ID again: half the time the same event (a retry), else another payload
          JsonObject old = withIds.get(rnd.nextInt(withIds.size()));
          e = rnd.nextBoolean() ? old.copy()
              : e.put("userId", old.getString("userId")).put("eventId", old.getString("eventId"));
        } else {
          e.put("eventId", "ev-" + i);
          withIds.add(e);
        }
      }
      events.add(e);
    }

    int i = 0;
    while (i < events.size()) {
      if (rnd.nextInt(5) == 0) {
        submitOne(board, model, events.get(i++));
      } else {
        int n = Math.min(events.size() - i, 1 + rnd.nextInt(500));
        submitBatch(board, model, events.subList(i, i + n));
        i += n;
      }
    }
    verify(service, rnd, board, model, users);
  }

  private void submitOne(String board, ReferenceBoard model, JsonObject e) {
    ReferenceBoard.Outcome expected = apply(model, e);
    Future<JsonObject> answer = service.submit(board, e);
    if (expected == ReferenceBoard.Outcome.CONFLICT) {
      Throwable t = catchThrowable(answer::await);
      assertThat(((ServiceException) t).failureCode()).as("conflict %s", e).isEqualTo(409);
      assertThat(((ServiceException) t).getDebugInfo().getString("error")).isEqualTo("event_id_conflict");
      return;
    }
    if (expected == ReferenceBoard.Outcome.REJECTED) {
      Throwable t = catchThrowable(answer::await);
      assertThat(t).isInstanceOf(ServiceException.class);
      assertThat(((ServiceException) t).failureCode()).isIn(400, 422);
      return;
    }
    JsonObject r = answer.await();
    ReferenceBoard.Entry now = model.get(e.getString("userId"));
    assertThat(r.getBoolean("applied")).as("applied %s", e).isEqualTo(expected == ReferenceBoard.Outcome.APPLIED);
    assertThat(r.getLong("score")).as("score after %s", e).isEqualTo(now.score());
    assertThat(r.getLong("at")).as("at after %s", e).isEqualTo(now.at());
    model.assertKeys(r, now, "the answer to " + e);
    assertThat(r.getLong("rank")).as("rank after %s", e).isEqualTo(model.uniqueRank(now.userId()));
  }

  /** Applies an event (with its sort keys, if any) to the model. */
  static ReferenceBoard.Outcome apply(ReferenceBoard model, JsonObject e) {
    long[] keys = new long[model.sortKeys().size()];
    for (int k = 0; k < keys.length; k++) {
      keys[k] = e.getJsonObject("keys").getLong(model.sortKeys().get(k).name());
    }
    return model.apply(e.getString("userId"), e.getLong("value"), e.getLong("at"), e.getString("eventId"), null, keys);
  }

  private void submitBatch(String board, ReferenceBoard model, List<JsonObject> batch) {
    int applied = 0;
    int duplicate = 0;
    int conflict = 0;
    int rejected = 0;
    for (JsonObject e : batch) {
      switch (apply(model, e)) {
        case APPLIED -> applied++;
        case DUPLICATE -> duplicate++;
        case CONFLICT -> conflict++;
        default -> rejected++;
      }
    }
    JsonObject r = service.submitBatch(board, new JsonObject().put("events", new JsonArray(new ArrayList<>(batch)))).await();
    assertThat(r.getInteger("applied")).isEqualTo(applied);
    assertThat(r.getInteger("duplicate")).isEqualTo(duplicate);
    assertThat(r.getInteger("conflict")).isEqualTo(conflict);
    assertThat(r.getJsonArray("conflicts")).hasSize(conflict);
    assertThat(r.getInteger("rejected")).isEqualTo(rejected);
    assertThat(r.getJsonArray("rejections")).hasSize(rejected);
  }

  /** Every entry page by page, random pages in competition mode and single users, against {@code model}. */
  static void verify(JsonService service, Random rnd, String board, ReferenceBoard model, List<String> users) {
    List<ReferenceBoard.Entry> expected = model.sorted();
    // every entry, page by page
    List<JsonObject> all = new ArrayList<>();
    for (long offset = 0; offset < expected.size(); offset += 1000) {
      JsonObject page = service.entries(board, null, offset, 1000, null).await();
      assertThat(page.getLong("total")).isEqualTo(expected.size());
      page.getJsonArray("entries").forEach(o -> all.add((JsonObject) o));
    }
    assertThat(all).hasSize(expected.size());
    for (int k = 0; k < expected.size(); k++) {
      ReferenceBoard.Entry e = expected.get(k);
      JsonObject got = all.get(k);
      assertThat(got.getString("userId")).as("userId at rank %d", k + 1).isEqualTo(e.userId());
      assertThat(got.getLong("score")).isEqualTo(e.score());
      assertThat(got.getLong("at")).isEqualTo(e.at());
      model.assertKeys(got, e, "rank " + (k + 1));
      assertThat(got.getLong("rank")).isEqualTo(k + 1);
    }
    // random pages in competition mode
    for (int q = 0; q < 20; q++) {
      long offset = rnd.nextInt(expected.size() + 5);
      int limit = 1 + rnd.nextInt(50);
      JsonObject page = service.entries(board, "current", offset, limit, "competition").await();
      JsonArray entries = page.getJsonArray("entries");
      assertThat(entries.size()).isEqualTo((int) Math.max(0, Math.min(limit, expected.size() - offset)));
      for (int k = 0; k < entries.size(); k++) {
        ReferenceBoard.Entry e = expected.get((int) offset + k);
        JsonObject got = entries.getJsonObject(k);
        assertThat(got.getString("userId")).isEqualTo(e.userId());
        assertThat(got.getLong("rank")).isEqualTo(model.competitionRank(e.score()));
      }
    }
    // single users, both modes
    for (int q = 0; q < 200; q++) {
      String user = users.get(rnd.nextInt(users.size()));
      ReferenceBoard.Entry e = model.get(user);
      if (e == null) {
        Throwable t = catchThrowable(() -> service.user(board, user, null, null).await());
        assertThat(((ServiceException) t).failureCode()).isEqualTo(404);
        continue;
      }
      JsonObject unique = service.user(board, user, null, "unique").await();
      assertThat(unique.getLong("rank")).isEqualTo(model.uniqueRank(user));
      assertThat(unique.getLong("score")).isEqualTo(e.score());
      assertThat(unique.getLong("at")).isEqualTo(e.at());
      model.assertKeys(unique, e, user);
      assertThat(service.entries(board, null, model.uniqueRank(user) - 1, 1, null).await().getJsonArray("entries")
          .getJsonObject(0).getString("userId")).as("the page at %s's rank", user).isEqualTo(user);
      JsonObject competition = service.user(board, user, null, "competition").await();
      assertThat(competition.getLong("rank")).isEqualTo(model.competitionRank(e.score()));
    }
  }

  private static String randomUser(Random rnd, int i) {
    String alphabet = "AZaz09._:@-";
    StringBuilder sb = new StringBuilder();
    int len = 1 + rnd.nextInt(6);
    for (int k = 0; k < len; k++) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.append(i).toString();
  }
}
