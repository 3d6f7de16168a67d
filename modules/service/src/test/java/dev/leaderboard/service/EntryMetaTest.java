package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.friends.FriendRankVerticle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Entry metadata over the event bus: stored with an applied event, kept by an event without it,
 * never by a refused or duplicate one; replaced alone by {@code updateMeta}; returned by every read
 * kind, live and archived; refused when it is not a JSON object of at most 1 KiB.
 */
@ExtendWith(VertxExtension.class)
class EntryMetaTest {
  private final TestClock clock = new TestClock(Instant.parse("2025-04-15T12:00:00Z"));
  private JsonService service;
  private FriendRankService friends;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 6))).await();
    vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 100))).await();
    service = JsonService.proxy(vertx);
    friends = FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);
  }

  private String board(JsonObject def) {
    String name = "em-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, def).await();
    return name;
  }

  private static JsonObject event(String user, long value, JsonObject meta) {
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    return meta == null ? e : e.put("meta", meta);
  }

  private static JsonObject name(String n) {
    return new JsonObject().put("name", n);
  }

  private JsonObject metaOf(String board, String user) {
    return service.user(board, user, null, null).await().getJsonObject("meta");
  }

  @Test
  void metadataIsStoredReplacedAndKeptWhenAbsent() {
    String board = board(new JsonObject().put("operator", "incr").put("maxScore", 100));
    service.submit(board, event("ada", 5, name("Ada").put("country", "GB"))).await();
    assertThat(metaOf(board, "ada")).isEqualTo(name("Ada").put("country", "GB"));

    service.submit(board, event("ada", 1, null)).await();
    assertThat(metaOf(board, "ada")).isEqualTo(name("Ada").put("country", "GB"));

    service.submit(board, event("ada", 1, name("Ada L.")).put("eventId", "e1")).await();
    assertThat(metaOf(board, "ada")).isEqualTo(name("Ada L."));

    // a duplicate event stores nothing, nor does a refused one
    assertThat(service.submit(board, event("ada", 1, name("dup")).put("eventId", "e1")).await()
        .getBoolean("applied")).isFalse();
    assertRefused(service.submit(board, event("ada", 100, name("too far"))), 422, "score_out_of_range");
    JsonObject ada = service.user(board, "ada", null, null).await();
    assertThat(ada.getJsonObject("meta")).isEqualTo(name("Ada L."));
    assertThat(ada.getLong("score")).isEqualTo(7);

    // a user who never sent metadata has none: the entry has no meta field
    service.submit(board, event("bob", 3, null)).await();
    assertThat(service.user(board, "bob", null, null).await().containsKey("meta")).isFalse();
  }

  @Test
  void everyReadKindCarriesTheMetadataLiveAndArchived() {
    String board = board(new JsonObject().put("operator", "set").put("period", "daily").put("denseRanks", true)
        .put("partitions", 5));
    String tag = board.substring(3);
    for (int i = 0; i < 40; i++) {
      service.submit(board, event(user(i, tag), i, i % 4 == 0 ? null : name("N" + i))).await();
    }
    for (int i = 1; i < 40; i += 3) {
      friends.addFriend(user(0, tag), user(i, tag)).await();
    }
    List<JsonArray> live = reads(board, "2025-04-15", tag);
    live.forEach(EntryMetaTest::assertMetaOfEveryEntry);

    // archived: the same entries carry the same metadata
    clock.set(Instant.parse("2025-04-16T01:00:00Z"));
    assertThat(service.closePeriod(board, "2025-04-15").await().getString("state")).isEqualTo("archived");
    List<JsonArray> archived = reads(board, "2025-04-15", tag);
    archived.forEach(EntryMetaTest::assertMetaOfEveryEntry);
    assertThat(archived).isEqualTo(live);
  }

  /** The entries of a page, a deep page, a user, around-me, ranks for a list and a friend board. */
  private List<JsonArray> reads(String board, String period, String tag) {
    JsonArray ids = new JsonArray();
    for (int i = 0; i < 40; i += 3) {
      ids.add(user(i, tag));
    }
    return List.of(
        service.entries(board, period, 0L, 40, "dense").await().getJsonArray("entries"),
        service.entries(board, period, 30L, 5, null).await().getJsonArray("entries"),
        new JsonArray().add(service.user(board, user(13, tag), period, null).await()
            .copy().put("period", (String) null).put("total", (Long) null)),
        service.around(board, user(20, tag), period, 7, "competition").await().getJsonArray("entries"),
        service.ranks(board, new JsonObject().put("userIds", ids), period, null).await().getJsonArray("entries"),
        friends.friendBoard(board, user(0, tag), period, 0L, 100, null, false).await().toJson().getJsonArray("entries"));
  }

  /** User i of this test's board: friend sets are not per board, so each test has users of its own. */
  private static String user(int i, String tag) {
    return "u" + i + "-" + tag;
  }

  /** Users u0, u4, u8… sent no metadata; the others {@code {"name": "N<i>"}}. */
  private static void assertMetaOfEveryEntry(JsonArray entries) {
    assertThat(entries).isNotEmpty();
    for (int k = 0; k < entries.size(); k++) {
      JsonObject e = entries.getJsonObject(k);
      String id = e.getString("userId");
      int i = Integer.parseInt(id.substring(1, id.indexOf('-')));
      assertThat(e.getJsonObject("meta")).as("meta of %s", e.getString("userId"))
          .isEqualTo(i % 4 == 0 ? null : name("N" + i));
      assertThat(e.containsKey("meta")).isEqualTo(i % 4 != 0);
    }
  }

  @Test
  void updateMetaReplacesTheMetadataOfAnExistingEntryOnly() {
    String board = board(new JsonObject().put("operator", "best").put("period", "daily"));
    service.submit(board, event("ada", 9, name("Ada"))).await();
    JsonObject stored = service.updateMeta(board, "ada", null, new JsonObject().put("meta", name("Countess"))).await();
    assertThat(stored).isEqualTo(new JsonObject().put("board", board).put("period", "2025-04-15").put("userId", "ada")
        .put("meta", name("Countess")));
    JsonObject ada = service.user(board, "ada", null, null).await();
    assertThat(ada.getJsonObject("meta")).isEqualTo(name("Countess"));
    assertThat(ada.getLong("score")).isEqualTo(9);

    assertRefused(service.updateMeta(board, "nobody", null, new JsonObject().put("meta", name("x"))), 404,
        "user_not_found");
    assertThat(service.ranks(board, new JsonObject().put("userIds", new JsonArray().add("nobody")), null, null).await()
        .getJsonArray("missing").getList()).containsExactly("nobody");
    // another period: the user has no entry there
    assertRefused(service.updateMeta(board, "ada", "2025-04-14", new JsonObject().put("meta", name("x"))), 409,
        "period_closed");
    clock.set(Instant.parse("2025-04-16T00:00:01Z"));
    assertRefused(service.updateMeta(board, "ada", "current", new JsonObject().put("meta", name("x"))), 404,
        "user_not_found");
    // the closed period keeps its metadata
    service.closePeriod(board, "2025-04-15").await();
    assertRefused(service.updateMeta(board, "ada", "2025-04-15", new JsonObject().put("meta", name("x"))), 409,
        "period_closed");
    assertThat(service.user(board, "ada", "2025-04-15", null).await().getJsonObject("meta")).isEqualTo(name("Countess"));

    assertRefused(service.updateMeta(board, "ada", null, new JsonObject()), 400, "invalid_field", "meta");
    assertRefused(service.updateMeta(board, "ada", null, new JsonObject().put("meta", name("x")).put("name", "y")), 400,
        "invalid_field", "name");
  }

  @Test
  void metadataThatIsNotASmallJsonObjectIsRefusedAndChangesNothing() {
    String board = board(new JsonObject().put("operator", "incr"));
    service.submit(board, event("ada", 1, name("Ada"))).await();
    for (Object bad : new Object[] {"Ada", 7, new JsonArray().add("Ada"), true}) {
      assertRefused(service.submit(board, new JsonObject().put("userId", "ada").put("value", 1).put("meta", bad)), 400,
          "invalid_field", "meta", "JSON object");
    }
    assertRefused(service.submit(board, new JsonObject().put("userId", "ada").put("value", 1).putNull("meta")), 400,
        "invalid_field", "meta", "JSON object");
    // 1,024 bytes serialized is the limit: {"s":"…"} is 8 bytes around the string; é is two bytes
    JsonObject largest = new JsonObject().put("s", "é".repeat(508));
    assertThat(largest.encode().getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSize(1024);
    service.submit(board, event("ada", 1, largest)).await();
    assertThat(metaOf(board, "ada")).isEqualTo(largest);
    JsonObject tooLarge = new JsonObject().put("s", "é".repeat(508) + "x");
    assertRefused(service.submit(board, event("ada", 1, tooLarge)), 400, "invalid_field", "meta", "1024 bytes",
        "got 1025");
    assertRefused(service.updateMeta(board, "ada", null, new JsonObject().put("meta", tooLarge)), 400, "invalid_field",
        "meta", "1024 bytes");
    JsonObject batch = service.submitBatch(board, new JsonObject().put("events", new JsonArray()
        .add(event("ada", 1, tooLarge)).add(event("bob", 1, name("Bob"))))).await();
    assertThat(batch.getInteger("applied")).isEqualTo(1);
    assertThat(batch.getJsonArray("rejections").getJsonObject(0).getString("message")).contains("events[0].meta");
    JsonObject ada = service.user(board, "ada", null, null).await();
    assertThat(ada.getLong("score")).isEqualTo(2);
    assertThat(ada.getJsonObject("meta")).isEqualTo(largest);
  }

  static ServiceException assertRefused(Future<JsonObject> answer, int status, String code, String... mentions) {
    Throwable t = catchThrowable(answer::await);
    assertThat(t).isInstanceOf(ServiceException.class);
    ServiceException e = (ServiceException) t;
    assertThat(e.failureCode()).as("status of %s", e.getMessage()).isEqualTo(status);
    assertThat(e.getDebugInfo().getString("error")).as("code of %s", e.getMessage()).isEqualTo(code);
    if (mentions.length > 0) {
      assertThat(e.getMessage()).contains(mentions);
    }
    return e;
  }
}
