package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.ApiKey;
import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.api.auth.KeyCache;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerRule;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.auth.Scope;
import dev.leaderboard.api.auth.TestTokens;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.friends.FriendRankVerticle;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.openapi.contract.Operation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code /v1} operation of the contract against every kind of credential: none, malformed, a
 * wrong key (a real key's ID with another secret), an expired key, a revoked key, a key without the
 * operation's scope, a key limited to another board (401, 401, 401, 401, 401, 403, 403), and a
 * key with only the operation's scope (on only its board, where the operation is on one): the
 * operation's success. After each refusal, everything the operation could have changed reads the
 * same (as the test admin key sees it).
 *
 * <p>Player tokens (the node takes HS256 tokens): a forged one (another secret) and an expired one
 * are 401 everywhere; a valid one is 403 on every operation without {@code x-player}, 403 with
 * another user's ID on {@code own-user} and {@code own-event} operations, 403 for its own event on a
 * board without {@code clientWrites}; and succeeds (on a fresh fixture whose board has
 * {@code clientWrites}) with its own user ID, on every operation players may call.
 */
class AccessTableTest extends ApiTestSupport {
  private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");

  /** What a request of the operation sends when it should succeed (its body and query), and its success status. */
  private record Sample(String body, int status, String query) {
    Sample(String body, int status) {
      this(body, status, "");
    }
  }

  private static final Map<String, Sample> SAMPLES = Map.ofEntries(
      Map.entry("listBoards", new Sample(null, 200)),
      Map.entry("putBoard", new Sample("{\"graceSeconds\": 60}", 200)),
      Map.entry("getBoard", new Sample(null, 200)),
      Map.entry("deleteBoard", new Sample(null, 200)),
      Map.entry("submit", new Sample("{\"userId\": \"carol\", \"value\": 5}", 200)),
      Map.entry("submitBatch", new Sample("{\"events\": [{\"userId\": \"carol\", \"value\": 5}]}", 200)),
      Map.entry("entries", new Sample(null, 200)),
      Map.entry("user", new Sample(null, 200)),
      Map.entry("updateMeta", new Sample("{\"meta\": {\"name\": \"Alice\"}}", 200)),
      Map.entry("around", new Sample(null, 200)),
      Map.entry("ranks", new Sample("{\"userIds\": [\"alice\"]}", 200)),
      Map.entry("histogram", new Sample(null, 200)),
      Map.entry("scoreAtRank", new Sample(null, 200)),
      Map.entry("rankOfScore", new Sample(null, 200, "?score=5")),
      Map.entry("periods", new Sample(null, 200)),
      Map.entry("deliveries", new Sample(null, 200)),
      // the fixture's board has no webhook: past the access check the period has no delivery
      Map.entry("redeliver", new Sample(null, 404)),
      Map.entry("closePeriod", new Sample(null, 200)),
      Map.entry("friendBoard", new Sample(null, 200)),
      Map.entry("friends", new Sample(null, 200)),
      Map.entry("importFriends", new Sample("{\"friendIds\": [\"$USER-dave\"]}", 200)),
      Map.entry("addFriend", new Sample(null, 201)),
      Map.entry("removeFriend", new Sample(null, 200)),
      Map.entry("createKey", new Sample("{\"name\": \"$BOARD-new\", \"scopes\": [\"read\"]}", 201)),
      Map.entry("listKeys", new Sample(null, 200)),
      Map.entry("revokeKey", new Sample(null, 200)),
      Map.entry("listAudit", new Sample(null, 200)),
      Map.entry("streamTicket", new Sample(null, 201)),
      Map.entry("stream", new Sample(null, 200)),
      Map.entry("removeEntry", new Sample(null, 200)),
      Map.entry("banUser", new Sample("{\"reason\": \"again\"}", 200)),
      Map.entry("liftBan", new Sample(null, 200)),
      Map.entry("moderatedUser", new Sample(null, 200)),
      Map.entry("eraseUser", new Sample(null, 200)),
      Map.entry("exportUser", new Sample(null, 200)),
      Map.entry("getProfile", new Sample(null, 200)),
      Map.entry("putProfile", new Sample("{\"displayName\": \"Dave\"}", 200)),
      Map.entry("patchProfile", new Sample("{\"country\": \"DE\"}", 200)),
      Map.entry("resetDisplayName", new Sample(null, 200)),
      Map.entry("join", new Sample("{\"userId\": \"dave\"}", 201)),
      Map.entry("participants", new Sample(null, 200)),
      Map.entry("userCohort", new Sample(null, 200)),
      Map.entry("cohort", new Sample(null, 200)),
      Map.entry("userBoards", new Sample(null, 200)),

      Map.entry("userRewards", new Sample(null, 200)),
      // the fixture's user has no reward: past the access check the claim finds none
      Map.entry("claimReward", new Sample(null, 404)),
      Map.entry("periodRewards", new Sample(null, 200)),
      Map.entry("history", new Sample(null, 200)),
      Map.entry("listLeagues", new Sample(null, 200)),
      Map.entry("putLeague", new Sample("{\"autoJoin\": false}", 200)),
      Map.entry("getLeague", new Sample(null, 200)),
      Map.entry("deleteLeague", new Sample(null, 200)),
      Map.entry("joinLeague", new Sample("{\"userId\": \"dave\"}", 201)),
      Map.entry("submitLeague", new Sample("{\"userId\": \"carol\", \"value\": 5}", 200)),
      Map.entry("submitLeagueBatch", new Sample("{\"events\": [{\"userId\": \"carol\", \"value\": 5}]}", 200)),
      Map.entry("leagueUser", new Sample(null, 200)),
      Map.entry("closeLeague", new Sample(null, 200)),
      Map.entry("leagueHistory", new Sample(null, 200)),
      Map.entry("leagueTiers", new Sample(null, 200)),
      Map.entry("leagueCohort", new Sample(null, 200)),
      Map.entry("leaguePeriods", new Sample(null, 200)),
      // the fixture's league has not closed its current period: past the access check it has no moves
      Map.entry("leagueMoves", new Sample(null, 404)));

  /** Keys that do not depend on the operation, made once. */
  private final Map<String, String> shared = new LinkedHashMap<>();
  private String otherBoard;
  private byte[] secret;

  @BeforeEach
  void friendsAndSharedKeys(@TempDir Path dir) throws Exception {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 100))));
    secret = TestTokens.secret(RANDOM);
    Path secretFile = Files.write(dir.resolve("jwt.secret"), secret);
    NodeKeys.of(vertx).offerPlayers(PlayerTokens.load(vertx, new PlayerTokenSettings(secretFile, null, null, null)));
    otherBoard = randomBoard();
    createBoard(otherBoard, new JsonObject());
    Set<Scope> all = EnumSet.allOf(Scope.class);
    ApiKeyToken real = ApiKeyToken.parse(newKey("wrong", all, Set.of()));
    shared.put("wrong key", "Bearer " + ApiKeyToken.parse(ApiKeyToken.PREFIX + real.id() + "_"
        + "A".repeat(ApiKeyToken.LENGTH - ApiKeyToken.PREFIX.length() - real.id().length() - 1)).value());
    shared.put("expired", "Bearer " + expiredKey());
    String revoked = newKey("revoked", all, Set.of());
    ok(delete("/v1/keys/" + ApiKeyToken.parse(revoked).id()), 200);
    shared.put("revoked", "Bearer " + revoked);
    shared.put("limited to another board", "Bearer " + newKey("other", all, Set.of(otherBoard)));
    shared.put("player token with another secret", "Bearer " + TestTokens.hs256(TestTokens.secret(RANDOM),
        TestTokens.claims("carol")));
    shared.put("expired player token", "Bearer " + TestTokens.hs256(secret,
        TestTokens.claims("carol").put("exp", TestTokens.now() - 3600)));
  }

  /** {@code Authorization} with a valid player token of {@code userId}. */
  private String player(String userId) {
    return "Bearer " + TestTokens.hs256(secret, TestTokens.claims(userId));
  }

  @TestFactory
  Stream<DynamicTest> everyV1OperationAgainstEveryKindOfCredential() {
    List<Operation> operations = await(ContractRouter.loadContract(vertx)).operations().stream()
        .filter(op -> op.getOpenAPIPath().startsWith("/v1/")).toList();
    assertThat(SAMPLES.keySet()).as("a sample request for every /v1 operation")
        .containsExactlyInAnyOrderElementsOf(operations.stream().map(Operation::getOperationId).toList());
    return operations.stream().map(op -> DynamicTest.dynamicTest(op.getOperationId(), () -> check(op)));
  }

  private void check(Operation op) {
    Access access = ContractRouter.access(op);
    Fixture f = new Fixture(false);
    Map<String, Refusal> refusals = new LinkedHashMap<>();
    refusals.put("none", new Refusal(null, 401, null));
    refusals.put("malformed", new Refusal("Bearer lb_0123_not-a-key", 401, null));
    shared.forEach((kind, authorization) -> refusals.put(kind, kind.startsWith("limited")
        ? new Refusal(authorization, 403, otherBoard) : new Refusal(authorization, 401, null)));
    refusals.put("without the scope", new Refusal("Bearer " + newKey(f.board + "-scope",
        EnumSet.complementOf(EnumSet.of(access.scope())), Set.of()), 403, "'" + access.scope().wireName() + "'"));
    refusals.putAll(playerRefusals(access, op, f));
    String uri = f.uri(op);
    Sample sample = SAMPLES.get(op.getOperationId());
    String body = sample.body() == null ? null : f.fill(sample.body());
    List<String> wrong = new ArrayList<>();
    refuseEach(op, f, uri, body, refusals, wrong);
    Set<String> onlyItsBoard = access.onBoard() ? Set.of(f.board) : Set.of();
    String valid = "Bearer " + newKey(f.board + "-valid", EnumSet.of(access.scope()), onlyItsBoard);
    String answer = succeed(valid, op, uri, body, sample.status());
    if (answer != null) {
      wrong.add("a key with only '" + access.scope().wireName() + "'" + (access.onBoard() ? " on " + f.board : "")
          + ": " + answer);
    }
    if (access.forPlayers()) {
      playerSucceeds(access, op, sample, wrong);
    }
    assertThat(wrong).as("%s %s answers that differ from the table", op.getHttpMethod(), op.getOpenAPIPath()).isEmpty();
  }

  /** A refused credential: the status and what the 403 message names. */
  private record Refusal(String authorization, int status, String mention) {
  }

  /** What a valid player token is refused with on the operation (on fixture {@code f}, clientWrites off). */
  private Map<String, Refusal> playerRefusals(Access access, Operation op, Fixture f) {
    Map<String, Refusal> out = new LinkedHashMap<>();
    if (!access.forPlayers()) {
      out.put("player", new Refusal(player(f.pathUser(op)), 403, "is not for players"));
    } else if (access.player() == PlayerRule.OWN_USER) {
      out.put("player of another user", new Refusal(player(f.board + "-mallory"), 403, "only with its own user ID"));
    } else if (access.player() == PlayerRule.OWN_EVENT) {
      out.put("player of another user", new Refusal(player("mallory"), 403, "only its own scores"));
      out.put("player, clientWrites off", new Refusal(player("carol"), 403, "clientWrites is off"));
    } else if (access.player() == PlayerRule.OWN_JOIN) {
      out.put("player of another user", new Refusal(player("mallory"), 403, "joins only itself"));
      out.put("player, joinRequired off", new Refusal(player("dave"), 403, "joinRequired is off"));
    }
    return out;
  }

  /** Sends each refused credential; notes answers that differ in {@code wrong}, checks that nothing changed. */
  private void refuseEach(Operation op, Fixture f, String uri, String body, Map<String, Refusal> refusals,
      List<String> wrong) {
    JsonObject before = f.state();
    refusals.forEach((kind, refusal) -> {
      HttpResponse<Buffer> r = callWith(refusal.authorization(), op.getHttpMethod(), uri, body);
      if (r.statusCode() != refusal.status()) {
        wrong.add(kind + ": " + r.statusCode() + " " + r.bodyAsString());
        return;
      }
      assertError(r, refusal.status(), refusal.status() == 401 ? "unauthenticated" : "forbidden");
      if (refusal.status() == 401) {
        assertThat(r.getHeader("WWW-Authenticate")).as("%s, %s", op.getOperationId(), kind).startsWith("Bearer");
      } else {
        assertThat(r.bodyAsJsonObject().getString("message")).as("%s, %s", op.getOperationId(), kind)
            .contains(refusal.mention());
      }
      if (refusal.authorization() != null) {
        assertThat(r.bodyAsString()).as("a refusal never shows the credential")
            .doesNotContain(refusal.authorization().substring(7));
      }
      assertThat(f.state()).as("%s with %s changed something", op.getOperationId(), kind).isEqualTo(before);
    });
  }

  /**
   * On a fresh fixture whose board has clientWrites: a player of another user is refused (and
   * nothing changes) on own-event operations, and the player of the operation's own user succeeds.
   */
  private void playerSucceeds(Access access, Operation op, Sample sample, List<String> wrong) {
    Fixture g = new Fixture(true);
    String uri = g.uri(op);
    String body = sample.body() == null ? null : g.fill(sample.body());
    if (access.player() == PlayerRule.OWN_EVENT) {
      refuseEach(op, g, uri, body, Map.of("player of another user, clientWrites on",
          new Refusal(player("mallory"), 403, "only its own scores")), wrong);
    }
    if (access.player() == PlayerRule.OWN_JOIN) {
      refuseEach(op, g, uri, body, Map.of("player of another user, joinRequired on",
          new Refusal(player("mallory"), 403, "joins only itself")), wrong);
    }
    String own = access.player() == PlayerRule.OWN_EVENT ? "carol" : access.player() == PlayerRule.OWN_JOIN ? "dave"
        : g.pathUser(op);
    String answer = succeed(player(own), op, uri, body, sample.status());
    if (answer != null) {
      wrong.add("player '" + own + "' (" + access.player().wireName() + "): " + answer);
    }
  }

  /**
   * Calls the operation expecting {@code status}; answers {@code null} when it came, else the status
   * and body. A live stream never ends by itself, so it is opened, its status read and closed.
   */
  private String succeed(String authorization, Operation op, String uri, String body, int status) {
    if (op.getOperationId().equals("stream")) {
      try (SseClient s = SseClient.open(vertx, port, uri, authorization)) {
        return s.status() == status ? null : s.status() + " " + s.refusal;
      }
    }
    HttpResponse<Buffer> r = callWith(authorization, op.getHttpMethod(), uri, body);
    return r.statusCode() == status ? null : r.statusCode() + " " + r.bodyAsString();
  }

  /**
   * A fresh daily board with two users, a friendship, a banned user (the one of {@code /v1/users}
   * paths, so that lifting the ban succeeds) and a key to revoke, all named after the board.
   */
  private final class Fixture {
    final String board = randomBoard();
    final String user = board + "-ann";
    final String friend = board + "-ben";
    final String victim;

    /** With {@code clientWrites}, the board requires joining too (alice, bob and carol have joined). */
    Fixture(boolean clientWrites) {
      createBoard(board, new JsonObject().put("period", "daily").put("timezone", "UTC").put("clientWrites", clientWrites)
          .put("joinRequired", clientWrites).put("cohortSize", 5));
      if (clientWrites) {
        for (String u : List.of("alice", "bob", "carol")) {
          ok(post("/v1/boards/" + board + "/participants", "{\"userId\": \"" + u + "\"}"), 201);
        }
      }
      submit(board, "alice", 10);
      submit(board, "bob", 20);
      ok(put("/v1/leagues/" + board, "{\"tiers\": [\"low\", \"high\"], \"cohortSize\": 5, \"promote\": 1,"
          + " \"relegate\": 1, \"period\": \"daily\"}"), 201);
      ok(post("/v1/leagues/" + board + "/scores", "{\"userId\": \"alice\", \"value\": 10}"), 200);
      ok(put("/v1/users/" + user + "/friends/" + friend, null), 201);
      ok(put("/v1/users/alice/friends/" + board + "-x", null), 201);
      ok(put("/v1/users/" + user + "/ban", "{\"reason\": \"fixture\"}"), 200);
      ok(put("/v1/users/" + user + "/profile", "{\"displayName\": \"Fixture\"}"), 200);
      victim = ApiKeyToken.parse(newKey(board + "-victim", Set.of(Scope.READ), Set.of())).id();
    }

    String uri(Operation op) {
      Map<String, String> values = Map.of("board", board, "league", board, "userId", pathUser(op),
          "friendId", op.getOperationId().equals("addFriend") ? board + "-cat" : friend, "period", "current", "id", victim,
          "cohort", "1", "rewardId", "1", "tier", "low", "rank", "1");
      return PATH_PARAM.matcher(op.getOpenAPIPath()).replaceAll(m -> values.get(m.group(1)))
          + SAMPLES.get(op.getOperationId()).query();
    }

    /** The user ID in the operation's path ({@code {userId}}). */
    String pathUser(Operation op) {
      return op.getOpenAPIPath().startsWith("/v1/users") ? user : "alice";
    }

    String fill(String body) {
      return body.replace("$BOARD", board).replace("$USER", user);
    }

    /** What any of the operations could change, read with the test admin key. */
    JsonObject state() {
      JsonArray keys = new JsonArray(ok(get("/v1/keys"), 200).getJsonArray("keys").stream()
          .filter(k -> ((JsonObject) k).getString("name").startsWith(board)).toList());
      JsonArray boards = new JsonArray(ok(get("/v1/boards"), 200).getJsonArray("boards").stream()
          .filter(b -> Set.of(board, otherBoard).contains(((JsonObject) b).getString("board"))).toList());
      return snapshot(board, "alice", "bob", "carol")
          .put("periods", seen(get("/v1/boards/" + board + "/periods")))
          .put("profile", seen(get("/v1/users/" + user + "/profile")))
          .put("participants", seen(get("/v1/boards/" + board + "/participants")))
          .put("friends", new JsonArray(Stream.of(user, friend, "alice").map(u -> seen(get("/v1/users/" + u + "/friends"))).toList()))
          .put("user", seen(get("/v1/users/" + user)))
          .put("keys", keys)
          .put("boards", boards)
          .put("league", seen(get("/v1/leagues/" + board)))
          .put("members", new JsonArray(Stream.of("alice", "carol", "dave")
              .map(u -> seen(get("/v1/leagues/" + board + "/users/" + u))).toList()));
    }
  }

  /** A new key (created with the test admin key); answers the key. */
  private String newKey(String name, Set<Scope> scopes, Set<String> boards) {
    JsonObject request = new JsonObject().put("name", name)
        .put("scopes", new JsonArray(scopes.stream().map(Scope::wireName).toList()));
    if (!boards.isEmpty()) {
      request.put("boards", new JsonArray(new ArrayList<>(new TreeSet<>(boards))));
    }
    return ok(post("/v1/keys", request.encode()), 201).getString("key");
  }

  /**
   * A key with every scope whose expiry has passed: keys cannot be created expired, so its record
   * is stored as one created earlier would read now, and the node told of it as after a creation.
   */
  private String expiredKey() {
    KeyCache keys = NodeKeys.of(vertx).require();
    ApiKeyToken token = ApiKeyToken.generate(RANDOM);
    long now = CLOCK.millis();
    ApiKey record = ApiKey.of(token, "expired", EnumSet.allOf(Scope.class), Set.of(), now - 1, now - 60_000);
    assertThat(await(keys.store().create(record.id(), record.toStored()))).isTrue();
    await(keys.changed(token.id()));
    return token.value();
  }

}
