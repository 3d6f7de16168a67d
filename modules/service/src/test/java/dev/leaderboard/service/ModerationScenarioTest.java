package dev.leaderboard.service;

import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.BanRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.ModeratedEntry;
import dev.leaderboard.service.result.Erased;
import dev.leaderboard.service.result.BanChange;
import dev.leaderboard.service.result.EntryRemoved;

/**
 * Random events on three boards with removals, bans, lifts and erasures mixed in, checked against
 * {@link ReferenceBoard}s: a ban holds the user's entries back on every board and refuses their
 * events, a lift restores them as they were, a removal takes one entry out, an erasure takes the
 * user and their event IDs out everywhere. Every page (unique, competition and dense ranks), user
 * read and the moderators' view of users is compared with the model along the way.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ModerationScenarioTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private JsonService service;
  private LeaderboardServiceImpl moderation;
  private final Map<String, ReferenceBoard> models = new LinkedHashMap<>();
  /** Board → user → the entry a ban holds back. */
  private final Map<String, Map<String, ReferenceBoard.Entry>> held = new HashMap<>();
  private final Set<String> banned = new HashSet<>();
  private final Map<String, JsonObject> definitions = new HashMap<>();

  /** The Redis the service runs on: the standalone test shards here, a Redis Cluster in {@link ClusterModerationScenarioTest}. */
  RedisTopology redis() {
    return RedisTopology.standalone(TestShards.endpoints());
  }

  /** How many random operations the scenario runs. */
  int steps() {
    return 2000;
  }

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(new NodeStore.Options(redis(), TestPostgres.uri(), RedisPool.of(NodeStore.POOL_SIZE)), Clock.fixed(NOW, ZoneOffset.UTC), 8))).await();
    service = JsonService.proxy(vertx);
    moderation = (LeaderboardServiceImpl) NodeServices.of(vertx).leaderboards();
  }

  @Test
  void randomizedModerationMatchesReferenceModel(Random rnd) {
    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    board(new JsonObject().put("order", "desc").put("operator", "incr").put("period", "daily")
        .put("tieResolution", "ms").put("maxScore", 40).put("denseRanks", true), dayStart);
    board(new JsonObject().put("order", "asc").put("operator", "best").put("period", "all-time")
        .put("tieResolution", "s").put("maxScore", 80).put("denseRanks", true), NOW.toEpochMilli());
    board(new JsonObject().put("order", "desc").put("operator", "set").put("period", "weekly")
        .put("tieResolution", "s").put("maxScore", 80), Instant.parse("2025-04-14T00:00:00Z").toEpochMilli());
    // the wide layout: negative scores and a sort key
    board(new JsonObject().put("order", "desc").put("operator", "incr").put("period", "daily")
        .put("tieResolution", "ms").put("minScore", -20).put("maxScore", 40).put("denseRanks", true)
        .put("sortKeys", new JsonArray().add(new JsonObject().put("name", "deaths").put("max", 2))), dayStart);
    String prefix = "m" + UUID.randomUUID().toString().substring(0, 6) + "-";
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      users.add(prefix + i);
    }
    List<String> boards = new ArrayList<>(models.keySet());
    for (int step = 0; step < steps(); step++) {
      String user = users.get(rnd.nextInt(users.size()));
      String board = boards.get(rnd.nextInt(boards.size()));
      int op = rnd.nextInt(100);
      if (op < 80) {
        submit(rnd, board, user, step);
      } else if (op < 88) {
        remove(board, user);
      } else if (op < 94) {
        ban(user);
      } else if (op < 98) {
        lift(user);
      } else {
        erase(user);
      }
      if (step % 500 == 499) {
        verify(rnd, users);
      }
    }
    verify(rnd, users);
  }

  private void board(JsonObject definition, long periodStart) {
    String name = "mod-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(name, definition).await();
    models.put(name, new ReferenceBoard(def, periodStart));
    definitions.put(name, def);
    held.put(name, new HashMap<>());
  }

  private void submit(Random rnd, String board, String user, int step) {
    ReferenceBoard model = models.get(board);
    long value = "incr".equals(definitions.get(board).getString("operator"))
        ? rnd.nextInt(14) - 3 : rnd.nextInt(90);
    long at = NOW.toEpochMilli() + rnd.nextInt(60) * 1000L + rnd.nextInt(3);
    JsonObject e = new JsonObject().put("userId", user).put("value", value).put("at", at);
    long[] keys = new long[model.sortKeys().size()];
    if (keys.length > 0) {
      keys[0] = rnd.nextInt(3);
      e.put("keys", new JsonObject().put("deaths", keys[0]));
    }
    if (rnd.nextInt(4) == 0) {
      // few IDs per user, so that retries, conflicts and IDs forgotten by an erasure happen
      e.put("eventId", "ev-" + rnd.nextInt(3));
    }
    ReferenceBoard.Outcome expected = !banned.contains(user) ? model.apply(user, value, at, e.getString("eventId"), null, keys)
        : model.acceptsValue(value) ? ReferenceBoard.Outcome.BANNED : ReferenceBoard.Outcome.REJECTED;
    if (step % 3 == 0) {
      JsonObject r = service.submitBatch(board, new JsonObject().put("events", new JsonArray().add(e))).await();
      int refused = expected == ReferenceBoard.Outcome.REJECTED || expected == ReferenceBoard.Outcome.BANNED ? 1 : 0;
      assertThat(r.getInteger("rejected")).as("batch of %s", e).isEqualTo(refused);
      assertThat(r.getInteger("applied")).as("batch of %s", e).isEqualTo(expected == ReferenceBoard.Outcome.APPLIED ? 1 : 0);
      if (expected == ReferenceBoard.Outcome.BANNED) {
        assertThat(r.getJsonArray("rejections").getJsonObject(0).getString("error")).isEqualTo("banned");
      }
      return;
    }
    Future<JsonObject> answer = service.submit(board, e);
    switch (expected) {
      case BANNED -> assertFailure(answer, 403, "banned");
      case CONFLICT -> assertFailure(answer, 409, "event_id_conflict");
      case REJECTED -> assertThat(((ServiceException) catchThrowable(answer::await)).failureCode()).isIn(400, 422);
      default -> {
        JsonObject r = answer.await();
        ReferenceBoard.Entry now = model.get(user);
        assertThat(r.getLong("score")).as("score after %s", e).isEqualTo(now.score());
        assertThat(r.getLong("at")).as("at after %s", e).isEqualTo(now.at());
        assertThat(r.getLong("rank")).as("rank after %s", e).isEqualTo(model.uniqueRank(user));
      }
    }
  }

  private void remove(String board, String user) {
    ReferenceBoard.Entry e = models.get(board).remove(user);
    ReferenceBoard.Entry stashed = held.get(board).remove(user);
    Future<EntryRemoved> answer = moderation.removeEntry(board, user, null);
    if (e == null && stashed == null) {
      LeaderboardException t = (LeaderboardException) catchThrowable(answer::await);
      assertThat(t.status()).as("removing an absent entry of %s", user).isEqualTo(404);
      return;
    }
    ReferenceBoard.Entry gone = e != null ? e : stashed;
    EntryRemoved r = answer.await();
    assertThat(r.score()).isEqualTo(gone.score());
    assertThat(r.at()).isEqualTo(gone.at());
    assertThat(r.heldByBan()).isEqualTo(e == null);
  }

  private void ban(String user) {
    banned.add(user);
    int moved = 0;
    for (String board : models.keySet()) {
      ReferenceBoard.Entry e = models.get(board).remove(user);
      if (e != null) {
        held.get(board).put(user, e);
        moved++;
      }
    }
    BanChange r = moderation.ban(user, new BanRequest(new JsonObject().put("reason", "test"))).await();
    assertThat(ours(r.held())).as("periods held back by banning %s", user).hasSize(moved);
  }

  private void lift(String user) {
    Future<BanChange> answer = moderation.lift(user);
    if (!banned.remove(user)) {
      assertThat(((LeaderboardException) catchThrowable(answer::await)).status()).isEqualTo(404);
      return;
    }
    int restored = 0;
    for (String board : models.keySet()) {
      ReferenceBoard.Entry e = held.get(board).remove(user);
      if (e != null) {
        models.get(board).restore(e);
        restored++;
      }
    }
    assertThat(ours(answer.await().restored())).as("entries restored for %s", user).hasSize(restored);
  }

  private void erase(String user) {
    banned.remove(user);
    for (String board : models.keySet()) {
      models.get(board).remove(user);
      held.get(board).remove(user);
      models.get(board).forgetEvents(user);
    }
    Erased r = moderation.erase(user).await();
    assertThat(r.erased()).isTrue();
    assertThat(r.userId()).isEqualTo(user);
  }

  /** The items of an answer's list that are on this test's boards. */
  private List<ModeratedEntry> ours(List<ModeratedEntry> items) {
    return items.stream().filter(o -> models.containsKey(o.board())).toList();
  }

  private void verify(Random rnd, List<String> users) {
    for (Map.Entry<String, ReferenceBoard> m : models.entrySet()) {
      String board = m.getKey();
      ReferenceBoard model = m.getValue();
      List<ReferenceBoard.Entry> sorted = model.sorted();
      boolean dense = definitions.get(board).getBoolean("denseRanks");
      for (String mode : dense ? List.of("unique", "competition", "dense") : List.of("unique", "competition")) {
        JsonObject page = service.entries(board, null, 0L, 1000, mode).await();
        assertThat(page.getLong("total")).as("total of %s", board).isEqualTo(sorted.size());
        JsonArray entries = page.getJsonArray("entries");
        assertThat(entries).hasSize(sorted.size());
        for (int k = 0; k < sorted.size(); k++) {
          model.assertEntry(entries.getJsonObject(k), sorted, k, mode, board + " " + mode + " #" + k);
        }
      }
      for (int q = 0; q < 20; q++) {
        String user = users.get(rnd.nextInt(users.size()));
        ReferenceBoard.Entry e = model.get(user);
        Future<JsonObject> read = service.user(board, user, null, null);
        if (e == null) {
          assertThat(((ServiceException) catchThrowable(read::await)).failureCode()).isEqualTo(404);
        } else {
          assertThat(read.await().getLong("rank")).isEqualTo(model.uniqueRank(user));
        }
      }
    }
    for (int q = 0; q < 10; q++) {
      String user = users.get(rnd.nextInt(users.size()));
      ModeratedUser view = moderation.moderatedUser(user).await();
      assertThat(view.banned()).as("%s banned", user).isEqualTo(banned.contains(user));
      for (String board : models.keySet()) {
        ReferenceBoard.Entry e = models.get(board).get(user);
        List<ModeratedEntry> on = onBoard(view.entries(), board);
        assertThat(on).as("%s on %s", user, board).hasSize(e == null ? 0 : 1);
        if (e != null) {
          assertThat(on.get(0).score()).isEqualTo(e.score());
          assertThat(on.get(0).rank()).isEqualTo(models.get(board).uniqueRank(user));
        }
        ReferenceBoard.Entry h = held.get(board).get(user);
        List<ModeratedEntry> back = onBoard(view.heldByBan(), board);
        assertThat(back).as("%s held back on %s", user, board).hasSize(h == null ? 0 : 1);
        if (h != null) {
          assertThat(back.get(0).score()).isEqualTo(h.score());
          assertThat(back.get(0).at()).isEqualTo(h.at());
        }
      }
    }
  }

  private static List<ModeratedEntry> onBoard(List<ModeratedEntry> items, String board) {
    return items.stream().filter(o -> board.equals(o.board())).toList();
  }

  private static void assertFailure(Future<JsonObject> answer, int status, String code) {
    ServiceException t = (ServiceException) catchThrowable(answer::await);
    assertThat(t.failureCode()).isEqualTo(status);
    assertThat(t.getDebugInfo().getString("error")).isEqualTo(code);
  }
}
