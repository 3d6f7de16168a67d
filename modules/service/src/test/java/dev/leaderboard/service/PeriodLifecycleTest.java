package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.friends.FriendRankVerticle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Periods on a clock the test moves across real boundaries: late events inside and after grace,
 * the admin closing and archiving, reads of archived periods answering exactly as before, and
 * concurrent closes from two nodes.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class PeriodLifecycleTest {
  private final TestClock clock = new TestClock(Instant.parse("2025-04-15T15:59:00Z"));
  private JsonService service;
  private FriendRankService friends;
  private AdminVerticle admin;
  private AdminVerticle secondAdmin;
  private ArchiveStore archive;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 6))).await();
    vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 100))).await();
    admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 3_600_000));
    secondAdmin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 3_600_000));
    vertx.deployVerticle(admin).await();
    vertx.deployVerticle(secondAdmin).await();
    service = JsonService.proxy(vertx);
    friends = FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);
    archive = ArchiveStore.connect(vertx, TestPostgres.uri());
  }

  @AfterEach
  void close() {
    archive.close();
  }

  private String board(JsonObject def) {
    String name = "pl-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, def.copy().put("denseRanks", true)).await();
    return name;
  }

  private JsonObject submit(String board, String user, long value, Long at) {
    return submit(board, user, value, at, null);
  }

  private JsonObject submit(String board, String user, long value, Long at, JsonObject meta) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    if (keyed) {
      e.put("keys", new JsonObject().put("deaths", Math.floorMod(user.hashCode() + value, 4)));
    }
    if (meta != null) {
      e.put("meta", meta);
    }
    if (at != null) {
      e.put("at", at);
    }
    return service.submit(board, e).await();
  }

  private static int status(Future<?> f) {
    Throwable t = catchThrowable(f::await);
    assertThat(t).isInstanceOf(ServiceException.class);
    return ((ServiceException) t).failureCode();
  }

  /** Whether the board under test has the sort key {@code deaths} (0..3): its events carry it. */
  private boolean keyed;

  /** On the wide layout the board has negative scores and a sort key, archived with the entries. */
  @ParameterizedTest
  @ValueSource(strings = {"packed", "wide"})
  void shanghaiDayRollsOverAndIsArchivedWithTheAnswersItHad(String layout, Random rnd) {
    keyed = layout.equals("wide");
    JsonObject def = new JsonObject().put("period", "daily").put("timezone", "Asia/Shanghai")
        .put("graceSeconds", 60).put("operator", "incr");
    if (keyed) {
      def.put("minScore", -1000).put("sortKeys", new JsonArray().add(new JsonObject().put("name", "deaths").put("max", 3)));
    }
    String board = board(def);
    assertThat(service.getBoard(board).await().getJsonObject("limits").getString("layout")).isEqualTo(layout);
    int low = keyed ? -3 : 0;
    // 23:59 in Shanghai on April 15; every user u0 … u119 scores at least once, the answers below ask for some
    for (int i = 0; i < 300; i++) {
      String user = "u" + (i < 120 ? i : rnd.nextInt(120));
      assertThat(submit(board, user, low + rnd.nextInt(10), null, i % 3 == 0 ? null : new JsonObject().put("name", "N" + i))
          .getString("period")).isEqualTo("2025-04-15");
    }
    assertThat(service.user(board, "u1", "2025-04-15", null).await().getJsonObject("meta")).isNotNull();
    for (int u = 0; u < 30; u++) {
      friends.addFriend("u0", "u" + (u * 3 + 1)).await();
    }
    // midnight in Shanghai is 16:00 UTC: new events go to the next day
    clock.set(Instant.parse("2025-04-15T16:00:00Z"));
    assertThat(submit(board, "u1", 5, null).getString("period")).isEqualTo("2025-04-16");
    // a late event for April 15, inside the grace window, still counts there
    long late = Instant.parse("2025-04-15T15:59:59Z").toEpochMilli();
    clock.set(Instant.parse("2025-04-15T16:00:30Z"));
    assertThat(submit(board, "late-user", 7, late).getString("period")).isEqualTo("2025-04-15");

    Map<String, JsonObject> live = answers(board, "2025-04-15", "u");
    if (keyed) {
      assertThat(live.get("entries unique").getJsonArray("entries").getJsonObject(0).getJsonObject("keys")
          .getLong("deaths")).isBetween(0L, 3L);
    }

    // after the grace window: refused with 409, nothing changes
    clock.set(Instant.parse("2025-04-15T16:01:01Z"));
    assertThat(status(service.submit(board, new JsonObject().put("userId", "u5").put("value", 1).put("at", late))))
        .isEqualTo(409);
    assertThat(answers(board, "2025-04-15", "u")).isEqualTo(live);

    admin.tick().await();
    JsonObject periods = service.periods(board).await();
    JsonObject day = periods.getJsonArray("periods").stream().map(o -> (JsonObject) o)
        .filter(p -> p.getString("period").equals("2025-04-15")).findFirst().orElseThrow();
    assertThat(day.getString("state")).isEqualTo("archived");
    assertThat(day.getLong("size")).isEqualTo(live.get("entries unique").getLong("total"));
    assertThat(periods.getJsonArray("periods").getJsonObject(0).getString("period")).isEqualTo("2025-04-16");
    assertThat(periods.getJsonArray("periods").getJsonObject(0).getString("state")).isEqualTo("open");

    // the archive answers exactly what the live period answered
    assertThat(answers(board, "2025-04-15", "u")).isEqualTo(live);
    assertThat(status(service.submit(board, new JsonObject().put("userId", "u5").put("value", 1).put("at", late))))
        .isEqualTo(409);
  }

  /** Every read of API v1 for one period, in every rank mode. */
  private Map<String, JsonObject> answers(String board, String period, String prefix) {
    Map<String, JsonObject> out = new LinkedHashMap<>();
    for (String mode : new String[] {"unique", "competition", "dense"}) {
      out.put("entries " + mode, service.entries(board, period, 0L, 1000, mode).await());
      out.put("deep " + mode, service.entries(board, period, 40L, 7, mode).await());
      out.put("user " + mode, service.user(board, prefix + "1", period, mode).await());
      out.put("around " + mode, service.around(board, prefix + "7", period, 9, mode).await());
      List<String> ids = new ArrayList<>();
      for (int u = 0; u < 140; u += 7) {
        ids.add(prefix + u);
      }
      out.put("ranks " + mode, service.ranks(board, new JsonObject().put("userIds", new JsonArray(ids)), period, mode).await());
      out.put("friends " + mode, friends.friendBoard(board, prefix + "0", period, 0L, 100, mode, true).await().toJson());
    }
    return out;
  }

  /**
   * A one-off tournament: an all-time board with {@code endsAt} takes events until then, and the
   * admin's tick closes and archives it at that instant, its participants with it.
   */
  @Test
  void anAllTimeBoardWithEndsAtIsArchivedByTheAdminAtEndsAt() {
    String board = board(new JsonObject().put("endsAt", "2025-04-15T17:00:00Z").put("maxSize", 100));
    for (int i = 0; i < 40; i++) {
      submit(board, "t" + i, i, null);
    }
    clock.set(Instant.parse("2025-04-15T16:59:59.999Z"));
    admin.tick().await();
    assertThat(service.periods(board).await().getJsonArray("periods").getJsonObject(0).getString("state"))
        .isEqualTo("open");
    Map<String, JsonObject> live = answers(board, "all", "t");
    clock.set(Instant.parse("2025-04-15T17:00:00Z"));
    assertThat(status(service.submit(board, new JsonObject().put("userId", "t1").put("value", 1)))).isEqualTo(409);
    admin.tick().await();
    JsonObject all = service.periods(board).await().getJsonArray("periods").getJsonObject(0);
    assertThat(all.getString("state")).isEqualTo("archived");
    assertThat(all.getLong("size")).isEqualTo(40);
    assertThat(answers(board, "all", "t")).isEqualTo(live);
  }

  @Test
  void closingNowEndsTheCurrentPeriodAndTwoNodesArchiveItOnce(Vertx vertx) {
    String board = board(new JsonObject().put("period", "weekly").put("operator", "best"));
    for (int i = 0; i < 500; i++) {
      submit(board, "p" + i, i % 37, null);
    }
    for (int u = 1; u < 60; u += 4) {
      friends.addFriend("p0", "p" + u).await();
    }
    String week = service.user(board, "p1", null, null).await().getString("period");
    Map<String, JsonObject> live = answers(board, week, "p");
    // two "nodes" close at once: the close lease lets one do it; the other is told so, or sees it done
    List<Future<JsonObject>> closes = List.of(service.closePeriod(board, "current"), service.closePeriod(board, "current"));
    Future.join(closes).otherwiseEmpty().await();
    long succeeded = closes.stream().filter(Future::succeeded).count();
    assertThat(succeeded).isGreaterThanOrEqualTo(1);
    closes.stream().filter(Future::failed).forEach(f ->
        assertThat(((ServiceException) f.cause()).failureCode()).isEqualTo(409));
    Future.all(admin.tick(), secondAdmin.tick()).await();

    JsonObject done = service.closePeriod(board, week).await();
    assertThat(done.getString("state")).isEqualTo("archived");
    assertThat(done.getLong("size")).isEqualTo(500);
    assertThat(archive.page(uid(vertx, board), week, 0, 10_000).await()).hasSize(500);
    assertThat(answers(board, week, "p")).isEqualTo(live);
    // the current period is closed: new events are refused
    assertThat(status(service.submit(board, new JsonObject().put("userId", "p1").put("value", 99)))).isEqualTo(409);
  }

  static String uid(Vertx vertx, String board) {
    dev.leaderboard.store.dispatch.Shards shards = dev.leaderboard.store.dispatch.Shards.connect(vertx, TestShards.endpoints(), 1);
    try {
      return new dev.leaderboard.store.boards.BoardStore(shards).get(board).await().uid();
    } finally {
      shards.close();
    }
  }
}
