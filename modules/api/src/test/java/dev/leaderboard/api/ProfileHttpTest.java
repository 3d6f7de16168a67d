package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.auth.TestTokens;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.friends.FriendRankVerticle;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Players' profiles over HTTP: stored, changed and refused field by field; changed by their player
 * alone; shown as they are now on every read that lists the player; reset by an admin (audited);
 * gone with an erasure.
 */
class ProfileHttpTest extends ApiTestSupport {
  private byte[] secret;
  private String run;

  @BeforeEach
  void setUp(@TempDir Path dir) throws Exception {
    secret = TestTokens.secret(RANDOM);
    Path secretFile = Files.write(dir.resolve("jwt.secret"), secret);
    NodeKeys.of(vertx).offerPlayers(PlayerTokens.load(vertx, new PlayerTokenSettings(secretFile, null, null, null)));
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(
        NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 100))));
    run = "pf" + UUID.randomUUID().toString().substring(0, 8) + "-";
  }

  private String player(String userId) {
    return "Bearer " + TestTokens.hs256(secret, TestTokens.claims(userId));
  }

  private static String profilePath(String userId) {
    return "/v1/users/" + userId + "/profile";
  }

  @Test
  void putPatchGetAndEveryRefusalNamesItsField() {
    String u = run + "ann";
    assertError(get(profilePath(u)), 404, "profile_not_found", u);
    JsonObject data = new JsonObject().put("level", 7).put("badges", new JsonArray().add("gold"));
    JsonObject stored = ok(put(profilePath(u), new JsonObject().put("country", "DE").put("displayName", "Ann")
        .put("avatarUrl", "https://cdn.example.com/a.png").put("data", data).encode()), 200);
    JsonObject expected = new JsonObject().put("userId", u).put("displayName", "Ann")
        .put("avatarUrl", "https://cdn.example.com/a.png").put("country", "DE").put("data", data);
    assertThat(stored).isEqualTo(expected);
    assertThat(ok(get(profilePath(u)), 200)).isEqualTo(expected);

    JsonObject patched = ok(call(HttpMethod.PATCH, profilePath(u), "{\"displayName\": \"Änn 🎮\", \"avatarUrl\": null}"), 200);
    assertThat(patched).isEqualTo(new JsonObject().put("userId", u).put("displayName", "Änn 🎮").put("country", "DE")
        .put("data", data));
    assertThat(ok(get(profilePath(u)), 200)).isEqualTo(patched);
    assertThat(ok(put(profilePath(u), "{\"country\": \"BR\"}"), 200))
        .as("a PUT replaces the whole profile").isEqualTo(new JsonObject().put("userId", u).put("country", "BR"));
    String fresh = run + "new";
    assertThat(ok(call(HttpMethod.PATCH, profilePath(fresh), "{\"displayName\": \"New\"}"), 200))
        .as("a PATCH creates a missing profile").isEqualTo(new JsonObject().put("userId", fresh).put("displayName", "New"));

    assertError(put(profilePath(u), "{\"displayName\": \"\"}"), 400, "invalid_field", "displayName", "1-64");
    assertError(put(profilePath(u), "{\"displayName\": \"   \"}"), 400, "invalid_field", "displayName");
    assertError(put(profilePath(u), "{\"displayName\": \"" + "x".repeat(65) + "\"}"), 400, "invalid_field", "displayName");
    assertError(put(profilePath(u), "{\"displayName\": \"a\\u0007b\"}"), 400, "invalid_field", "displayName", "control");
    assertError(put(profilePath(u), "{\"displayName\": 5}"), 400, "invalid_field", "displayName");
    assertError(put(profilePath(u), "{\"avatarUrl\": \"http://cdn.example.com/a.png\"}"), 400, "invalid_field",
        "avatarUrl", "https");
    assertError(put(profilePath(u), "{\"avatarUrl\": \"https://" + "a".repeat(510) + "\"}"), 400, "invalid_field",
        "avatarUrl", "512");
    assertError(put(profilePath(u), "{\"avatarUrl\": \"javascript:alert(1)\"}"), 400, "invalid_field", "avatarUrl");
    assertError(put(profilePath(u), "{\"country\": \"de\"}"), 400, "invalid_field", "country", "ISO 3166-1");
    assertError(put(profilePath(u), "{\"country\": \"XX\"}"), 400, "invalid_field", "country");
    assertError(put(profilePath(u), "{\"data\": [1]}"), 400, "invalid_field", "data", "JSON object");
    assertError(put(profilePath(u), new JsonObject().put("data", new JsonObject().put("x", "y".repeat(1020))).encode()),
        400, "invalid_field", "data", "1024");
    assertError(put(profilePath(u), "{\"nickname\": \"A\"}"), 400, "invalid_field", "nickname", "known fields");
    assertError(call(HttpMethod.PATCH, profilePath(u), "{\"country\": \"usa\"}"), 400, "invalid_field", "country");
    assertError(put(profilePath(u), "[]"), 400, "invalid_json");
    assertError(put(profilePath("bad%20id"), "{}"), 400, "invalid_field", "userId");
    assertThat(ok(get(profilePath(u)), 200)).as("refusals changed nothing")
        .isEqualTo(new JsonObject().put("userId", u).put("country", "BR"));
  }

  @Test
  void aPlayerChangesOnlyTheirOwnProfileAndReadsAnyone() {
    String ann = run + "ann";
    String bob = run + "bob";
    ok(put(profilePath(bob), "{\"displayName\": \"Bob\"}"), 200);
    assertThat(ok(callWith(player(ann), HttpMethod.PUT, profilePath(ann), "{\"displayName\": \"Ann\"}"), 200)
        .getString("displayName")).isEqualTo("Ann");
    assertThat(ok(callWith(player(ann), HttpMethod.PATCH, profilePath(ann), "{\"country\": \"FR\"}"), 200)
        .getString("country")).isEqualTo("FR");
    assertError(callWith(player(ann), HttpMethod.PUT, profilePath(bob), "{\"displayName\": \"Bobby\"}"), 403, "forbidden");
    assertError(callWith(player(ann), HttpMethod.PATCH, profilePath(bob), "{\"displayName\": \"Bobby\"}"), 403, "forbidden");
    assertError(callWith(player(ann), HttpMethod.DELETE, profilePath(ann) + "/displayName", null), 403, "forbidden");
    assertThat(ok(callWith(player(ann), HttpMethod.GET, profilePath(bob), null), 200).getString("displayName"))
        .isEqualTo("Bob");
    assertError(callWith(null, HttpMethod.GET, profilePath(bob), null), 401, "unauthenticated");
  }

  @Test
  void aRenameShowsAtOnceOnEveryReadThatListsThePlayer() {
    long seed = System.nanoTime();
    System.out.println("ProfileHttpTest seed " + seed);
    Random random = new Random(seed);
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "best").put("maxScore", 1_000_000));
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      users.add(run + "u" + i);
      submit(board, users.get(i), random.nextInt(1000));
    }
    String me = users.get(random.nextInt(users.size()));
    String withNone = users.get((users.indexOf(me) + 1) % users.size());
    for (String u : users) {
      if (!u.equals(withNone)) {
        ok(put(profilePath(u), new JsonObject().put("displayName", "name of " + u).encode()), 200);
      }
    }
    for (String u : users) {
      if (!u.equals(me)) {
        ok(put("/v1/users/" + me + "/friends/" + u, null), 201);
      }
    }
    String league = randomBoard();
    ok(put("/v1/leagues/" + league, "{\"tiers\": [\"low\", \"high\"], \"cohortSize\": 50, \"promote\": 1,"
        + " \"relegate\": 1, \"period\": \"daily\"}"), 201);
    for (String u : users) {
      ok(post("/v1/leagues/" + league + "/scores", new JsonObject().put("userId", u).put("value", random.nextInt(100))
          .encode()), 200);
    }

    List<Function<String, List<JsonObject>>> reads = List.of(
        name -> entries(get("/v1/boards/" + board + "/entries?limit=100")),
        name -> entries(get("/v1/boards/" + board + "/users/" + me + "/around?limit=50")),
        name -> entries(post("/v1/boards/" + board + "/ranks", new JsonObject().put("userIds",
            new JsonArray(users)).encode())),
        name -> entries(get("/v1/boards/" + board + "/users/" + me + "/friends?limit=100")),
        name -> List.of(ok(get("/v1/boards/" + board + "/users/" + me), 200)),
        name -> List.of(ok(get("/v1/boards/" + board + "/users/" + me + "/history"), 200)),
        name -> entries(get("/v1/leagues/" + league + "/tiers/low/cohorts/1")),
        name -> entries(get("/v1/leagues/" + league + "/users/" + me)),
        name -> List.of(ok(get("/v1/leagues/" + league + "/users/" + me + "/history"), 200)));
    for (String name : List.of("first", "second")) {
      ok(call(HttpMethod.PATCH, profilePath(me), new JsonObject().put("displayName", name).encode()), 200);
      for (int r = 0; r < reads.size(); r++) {
        List<JsonObject> listed = reads.get(r).apply(name);
        assertThat(listed).as("read %s", r).isNotEmpty();
        for (JsonObject e : listed) {
          String u = e.getString("userId");
          JsonObject profile = e.getJsonObject("profile");
          if (u.equals(withNone)) {
            assertThat(profile).as("read %s: a user without a profile has none", r).isNull();
          } else {
            assertThat(profile).as("read %s of %s", r, u).isNotNull();
            assertThat(profile.getString("displayName")).as("read %s", r).isEqualTo(u.equals(me) ? name : "name of " + u);
          }
        }
      }
    }
  }

  @Test
  void aLiveStreamShowsARenameOfAListedPlayer() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    String ann = run + "ann";
    String bob = run + "bob";
    ok(put(profilePath(ann), "{\"displayName\": \"Ann\"}"), 200);
    submit(board, ann, 20);
    submit(board, bob, 10);
    try (SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?top=5&users=" + bob,
        "Bearer " + ADMIN_KEY.value())) {
      // the first read of each feed, in either order
      List<SseClient.Event> first = List.of(s.next(), s.next());
      JsonObject top = first.stream().filter(e -> e.type().equals("top")).findFirst().orElseThrow().data();
      JsonObject entry = first.stream().filter(e -> e.type().equals("entry")).findFirst().orElseThrow().data();
      assertThat(top.getJsonArray("entries").getJsonObject(0).getJsonObject("profile").getString("displayName"))
          .isEqualTo("Ann");
      assertThat(top.getJsonArray("entries").getJsonObject(1).containsKey("profile")).isFalse();
      assertThat(entry.getJsonObject("entry").containsKey("profile")).isFalse();

      ok(call(HttpMethod.PATCH, profilePath(ann), "{\"displayName\": \"Annie\"}"), 200);
      s.next(e -> e.type().equals("top") && "Annie".equals(e.data().getJsonArray("entries").getJsonObject(0)
          .getJsonObject("profile").getString("displayName")));
      ok(put(profilePath(bob), "{\"country\": \"NO\"}"), 200);
      s.next(e -> e.type().equals("entry") && e.data().getJsonObject("entry").getJsonObject("profile") != null
          && "NO".equals(e.data().getJsonObject("entry").getJsonObject("profile").getString("country")));
    }
  }

  @Test
  void anAdminResetsADisplayNameInTheAuditLogAndAnErasureRemovesTheProfile() {
    String u = run + "rude";
    assertError(delete(profilePath(u) + "/displayName"), 404, "profile_not_found", u);
    ok(put(profilePath(u), "{\"displayName\": \"rude words\", \"country\": \"GB\"}"), 200);
    assertThat(ok(delete(profilePath(u) + "/displayName"), 200))
        .isEqualTo(new JsonObject().put("userId", u).put("country", "GB"));
    await(NodeAudit.of(vertx).require().flushed());
    List<String> audited = ok(get("/v1/audit?limit=100"), 200).getJsonArray("entries").stream()
        .map(e -> (JsonObject) e).filter(e -> String.valueOf(e.getValue("path")).contains(u)
            || String.valueOf(e.getValue("target")).contains(u) || e.encode().contains(u))
        .map(e -> e.getString("operation") + " " + e.getInteger("status")).toList();
    assertThat(audited).contains("resetDisplayName 200", "resetDisplayName 404");

    String board = randomBoard();
    createBoard(board, new JsonObject());
    submit(board, u, 5);
    JsonObject erased = ok(delete("/v1/users/" + u), 200);
    assertThat(erased.getBoolean("profile")).isTrue();
    assertError(get(profilePath(u)), 404, "profile_not_found");
    assertThat(ok(delete("/v1/users/" + u), 200).getBoolean("profile")).as("nothing left to remove").isFalse();
  }

  /** The entries of a listing read (a page, a board among friends, a cohort, a standing). */
  private static List<JsonObject> entries(io.vertx.ext.web.client.HttpResponse<io.vertx.core.buffer.Buffer> r) {
    return ok(r, 200).getJsonArray("entries").stream().map(e -> (JsonObject) e).toList();
  }
}
