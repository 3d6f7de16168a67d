package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.auth.TestTokens;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's data on request: a randomized history of one user (seeded, the seed printed) is found
 * whole in their export; after their erasure the export holds nothing of them, and another user's
 * data on the same boards is what it was. Only an admin key or the user's own player token reads
 * it, always with {@code Cache-Control: no-store}, and every export is audited.
 */
class UserExportHttpTest extends ApiTestSupport {
  private byte[] secret;

  @BeforeEach
  void friendsAndPlayers(@TempDir Path dir) throws Exception {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(
        NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 100))));
    secret = TestTokens.secret(RANDOM);
    Path secretFile = Files.write(dir.resolve("jwt.secret"), secret);
    NodeKeys.of(vertx).offerPlayers(PlayerTokens.load(vertx, new PlayerTokenSettings(secretFile, null, null, null)));
  }

  private String player(String userId) {
    return "Bearer " + TestTokens.hs256(secret, TestTokens.claims(userId));
  }

  @Test
  void anExportHoldsEveryItemOfARandomHistoryAndNothingAfterTheErasure() {
    long seed = new Random().nextLong();
    System.out.println("UserExportHttpTest seed " + seed);
    Random rnd = new Random(seed);
    String tag = UUID.randomUUID().toString().substring(0, 8);
    String user = "x-" + tag;
    String other = "o-" + tag;
    Map<String, Long> scores = new HashMap<>();
    Map<String, JsonObject> metas = new HashMap<>();
    Map<String, String> eventIds = new HashMap<>();

    int boards = 2 + rnd.nextInt(3);
    for (int i = 0; i < boards; i++) {
      String board = randomBoard();
      createBoard(board, new JsonObject().put("period", rnd.nextBoolean() ? "daily" : "all-time")
          .put("partitions", 1 + rnd.nextInt(3)));
      long value = 1 + rnd.nextInt(1000);
      JsonObject event = new JsonObject().put("userId", user).put("value", value);
      if (rnd.nextBoolean()) {
        JsonObject meta = new JsonObject().put("name", "n" + rnd.nextInt(100));
        event.put("meta", meta);
        metas.put(board, meta);
      }
      if (rnd.nextBoolean()) {
        String id = "e" + rnd.nextInt(1_000_000);
        event.put("eventId", id);
        eventIds.put(board, id);
      }
      submit(board, event);
      submit(board, other, 1 + rnd.nextInt(1000));
      scores.put(board, value);
    }

    String competition = randomBoard();
    createBoard(competition, new JsonObject().put("joinRequired", true).put("cohortSize", 2 + rnd.nextInt(3)));
    ok(post("/v1/boards/" + competition + "/participants", new JsonObject().put("userId", user).encode()), 201);
    ok(post("/v1/boards/" + competition + "/participants", new JsonObject().put("userId", other).encode()), 201);

    String archived = randomBoard();
    createBoard(archived, new JsonObject().put("period", "daily").put("rewards", new JsonArray()
        .add(new JsonObject().put("ranks", new JsonArray().add(1).add(1)).put("reward", new JsonObject().put("chest", "gold")))));
    long best = 10_000 + rnd.nextInt(1000);
    submit(archived, user, best);
    submit(archived, other, 5);
    ok(post("/v1/boards/" + archived + "/periods/current/close", null), 200);

    List<String> friends = new ArrayList<>();
    int friendCount = 1 + rnd.nextInt(4);
    for (int i = 0; i < friendCount; i++) {
      String f = i == 0 ? other : "f" + i + "-" + tag;
      ok(put("/v1/users/" + user + "/friends/" + f, null), 201);
      friends.add(f);
    }

    String spec = "{\"tiers\": [\"bronze\", \"silver\", \"gold\"], \"cohortSize\": 3, \"promote\": 1,"
        + " \"relegate\": 1, \"period\": \"daily\", \"autoJoin\": true}";
    String open = randomBoard();
    ok(put("/v1/leagues/" + open, spec), 201);
    ok(post("/v1/leagues/" + open + "/scores", new JsonObject().put("userId", user).put("value", 1 + rnd.nextInt(50))
        .encode()), 200);
    String closed = randomBoard();
    ok(put("/v1/leagues/" + closed, spec), 201);
    ok(post("/v1/leagues/" + closed + "/members", new JsonObject().put("userId", user).put("tier", "silver").encode()),
        201);
    ok(post("/v1/leagues/" + closed + "/members", new JsonObject().put("userId", other).put("tier", "silver").encode()),
        201);
    ok(post("/v1/leagues/" + closed + "/scores", new JsonObject().put("userId", user).put("value", 99).encode()), 200);
    ok(post("/v1/leagues/" + closed + "/periods/2025-04-15/close", null), 200);

    JsonObject profile = new JsonObject().put("displayName", "Player " + rnd.nextInt(1000)).put("country", "DE");
    ok(put("/v1/users/" + user + "/profile", profile.encode()), 200);

    boolean banned = rnd.nextBoolean();
    if (banned) {
      ok(put("/v1/users/" + user + "/ban", "{\"reason\": \"export test\"}"), 200);
    } else {
      ok(delete("/v1/boards/" + competition + "/users/" + user), 404);
    }
    await(NodeAudit.of(vertx).require().flushed());
    JsonObject otherBefore = ok(get("/v1/users/" + other + "/export"), 200);

    JsonObject export = exportOf(user);
    assertThat(export.getString("userId")).isEqualTo(user);
    assertThat(export.getJsonObject("ban") != null).isEqualTo(banned);
    assertThat(export.getJsonObject("profile")).isEqualTo(profile);
    Map<String, JsonObject> periods = byBoard(export.getJsonArray("periods"));
    scores.forEach((board, value) -> {
      JsonObject p = periods.get(board);
      assertThat(p).as("board %s", board).isNotNull();
      JsonObject entry = p.getJsonObject(banned ? "heldByBan" : "entry");
      assertThat(entry.getLong("score")).as("board %s", board).isEqualTo(value);
      assertThat(p.getJsonObject("meta")).as("meta on %s", board).isEqualTo(metas.get(board));
      assertThat(p.getJsonArray("eventIds") == null ? null : p.getJsonArray("eventIds").getString(0))
          .as("event IDs on %s", board).isEqualTo(eventIds.get(board));
    });
    assertThat(periods.get(competition).getJsonObject("participation").getLong("cohort")).isNotNull();
    assertThat(periods.get(archived).getString("state")).isEqualTo("archived");
    Map<String, JsonObject> archivedRows = byBoard(export.getJsonArray("archived"));
    assertThat(archivedRows.get(archived).getLong("score")).isEqualTo(best);
    assertThat(archivedRows.get(archived).getLong("position")).isZero();
    assertThat(export.getJsonArray("friends").getList()).containsExactlyInAnyOrderElementsOf(friends);
    assertThat(export.getJsonArray("rewards")).hasSize(1);
    assertThat(export.getJsonArray("rewards").getJsonObject(0).getString("board")).isEqualTo(archived);
    assertThat(export.getJsonArray("leagues").stream().map(l -> ((JsonObject) l).getString("league")).toList())
        .containsExactlyInAnyOrder(open, closed);
    assertThat(export.getJsonArray("leagueMoves")).hasSize(1);
    assertThat(export.getJsonArray("leagueMoves").getJsonObject(0).getString("league")).isEqualTo(closed);
    assertThat(export.getJsonArray("leagueMoves").getJsonObject(0).getString("movement")).isEqualTo("up");
    Set<String> audited = operations(export);
    assertThat(audited).contains(banned ? "banUser" : "removeEntry").doesNotContain("exportUser", "eraseUser");

    ok(delete("/v1/users/" + user), 200);
    JsonObject after = exportOf(user);
    assertThat(after.copy().put("exportedAt", 0)).as("the export after the erasure").isEqualTo(new JsonObject()
        .put("userId", user).put("exportedAt", 0).putNull("ban").putNull("profile").put("periods", new JsonArray())
        .put("archived", new JsonArray()).put("friends", new JsonArray()).put("rewards", new JsonArray())
        .put("leagues", new JsonArray()).put("leagueMoves", new JsonArray()).put("pendingLeagueScores", new JsonArray())
        .put("audit", new JsonArray()));

    JsonObject otherAfter = ok(get("/v1/users/" + other + "/export"), 200);
    for (String section : List.of("periods", "archived", "rewards", "leagues", "leagueMoves")) {
      assertThat(otherAfter.getJsonArray(section)).as("%s's %s", other, section)
          .isEqualTo(otherBefore.getJsonArray(section));
    }
    assertThat(otherAfter.getJsonArray("friends")).as("the erased user is no friend of anyone").isEmpty();
  }

  @Test
  void onlyAnAdminOrTheUsersOwnPlayerReadsItWithNoStoreAndEveryExportIsAudited() {
    String user = "p-" + UUID.randomUUID().toString().substring(0, 8);
    String board = randomBoard();
    createBoard(board, new JsonObject());
    submit(board, user, 7);
    var own = callWith(player(user), HttpMethod.GET, "/v1/users/" + user + "/export", null);
    assertThat(ok(own, 200).getJsonArray("periods")).hasSize(1);
    assertThat(own.getHeader("Cache-Control")).isEqualTo("no-store");
    assertError(callWith(player("mallory"), HttpMethod.GET, "/v1/users/" + user + "/export", null), 403, "forbidden");
    var admin = get("/v1/users/" + user + "/export");
    assertThat(admin.getHeader("Cache-Control")).isEqualTo("no-store");
    ok(admin, 200);
    assertError(get("/v1/users/bad%20id/export"), 400, "invalid_field", "userId");

    await(NodeAudit.of(vertx).require().flushed());
    List<JsonObject> rows = ok(get("/v1/audit?action=exportUser&limit=100"), 200).getJsonArray("entries").stream()
        .map(o -> (JsonObject) o).filter(e -> user.equals(e.getJsonObject("target").getString("userId"))).toList();
    assertThat(rows).extracting(e -> e.getString("who").replaceAll(":.*", "") + " " + e.getInteger("status"))
        .containsExactly("key 200", "player 200");
  }

  private JsonObject exportOf(String user) {
    return ok(get("/v1/users/" + user + "/export"), 200);
  }

  private static Map<String, JsonObject> byBoard(JsonArray items) {
    return items.stream().map(o -> (JsonObject) o).collect(Collectors.toMap(o -> o.getString("board"), o -> o));
  }

  private static Set<String> operations(JsonObject export) {
    return export.getJsonArray("audit").stream().map(o -> ((JsonObject) o).getString("operation"))
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
