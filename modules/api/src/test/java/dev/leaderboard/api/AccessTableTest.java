package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.ApiKey;
import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.api.auth.KeyCache;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.Scope;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.FriendRankVerticle;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.openapi.contract.Operation;
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

/**
 * Every {@code /v1} operation of the contract against every kind of credential: none, malformed, a
 * wrong key (a real key's ID with another secret), an expired key, a revoked key, a key without the
 * operation's scope, a key limited to another board (401, 401, 401, 401, 401, 403, 403), and a
 * key with only the operation's scope (on only its board, where the operation is on one): the
 * operation's success. After each refusal, everything the operation could have changed reads the
 * same (as the test admin key sees it).
 */
class AccessTableTest extends ApiTestSupport {
  private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");

  /** What a request of the operation sends when it should succeed, and its success status. */
  private record Sample(String body, int status) {
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
      Map.entry("around", new Sample(null, 200)),
      Map.entry("ranks", new Sample("{\"userIds\": [\"alice\"]}", 200)),
      Map.entry("periods", new Sample(null, 200)),
      Map.entry("closePeriod", new Sample(null, 200)),
      Map.entry("friendBoard", new Sample(null, 200)),
      Map.entry("friends", new Sample(null, 200)),
      Map.entry("importFriends", new Sample("{\"friendIds\": [\"$USER-dave\"]}", 200)),
      Map.entry("addFriend", new Sample(null, 201)),
      Map.entry("removeFriend", new Sample(null, 200)),
      Map.entry("createKey", new Sample("{\"name\": \"$BOARD-new\", \"scopes\": [\"read\"]}", 201)),
      Map.entry("listKeys", new Sample(null, 200)),
      Map.entry("revokeKey", new Sample(null, 200)),
      Map.entry("listAudit", new Sample(null, 200)));

  /** Keys that do not depend on the operation, made once. */
  private final Map<String, String> shared = new LinkedHashMap<>();
  private String otherBoard;

  @BeforeEach
  void friendsAndSharedKeys() {
    await(vertx.deployVerticle(new FriendRankVerticle(TestShards.endpoints(), TestPostgres.uri(), CLOCK, 100)));
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
    Fixture f = new Fixture();
    Map<String, String> credentials = new LinkedHashMap<>();
    credentials.put("none", null);
    credentials.put("malformed", "Bearer lb_0123_not-a-key");
    credentials.putAll(shared);
    credentials.put("without the scope", "Bearer " + newKey(f.board + "-scope",
        EnumSet.complementOf(EnumSet.of(access.scope())), Set.of()));
    String uri = f.uri(op);
    Sample sample = SAMPLES.get(op.getOperationId());
    String body = sample.body() == null ? null : f.fill(sample.body());
    List<String> wrong = new ArrayList<>();
    JsonObject before = f.state();
    credentials.forEach((kind, authorization) -> {
      int expected = kind.equals("without the scope") || kind.equals("limited to another board") ? 403 : 401;
      HttpResponse<Buffer> r = callWith(authorization, op.getHttpMethod(), uri, body);
      if (r.statusCode() != expected) {
        wrong.add(kind + ": " + r.statusCode() + " " + r.bodyAsString());
        return;
      }
      assertError(r, expected, expected == 401 ? "unauthenticated" : "forbidden");
      if (expected == 401) {
        assertThat(r.getHeader("WWW-Authenticate")).as("%s, %s", op.getOperationId(), kind).startsWith("Bearer");
      } else {
        assertThat(r.bodyAsJsonObject().getString("message")).as("%s, %s", op.getOperationId(), kind)
            .contains(kind.startsWith("without") ? "'" + access.scope().wireName() + "'" : otherBoard);
      }
      if (authorization != null) {
        assertThat(r.bodyAsString()).as("a refusal never shows the key").doesNotContain(authorization.substring(7));
      }
      assertThat(f.state()).as("%s with %s changed something", op.getOperationId(), kind).isEqualTo(before);
    });
    Set<String> onlyItsBoard = access.onBoard() ? Set.of(f.board) : Set.of();
    String valid = "Bearer " + newKey(f.board + "-valid", EnumSet.of(access.scope()), onlyItsBoard);
    HttpResponse<Buffer> r = callWith(valid, op.getHttpMethod(), uri, body);
    if (r.statusCode() != sample.status()) {
      wrong.add("a key with only '" + access.scope().wireName() + "'" + (access.onBoard() ? " on " + f.board : "")
          + ": " + r.statusCode() + " " + r.bodyAsString());
    }
    assertThat(wrong).as("%s %s answers that differ from the table", op.getHttpMethod(), op.getOpenAPIPath()).isEmpty();
  }

  /** A fresh daily board with two users, a friendship and a key to revoke, all named after the board. */
  private final class Fixture {
    final String board = randomBoard();
    final String user = board + "-ann";
    final String friend = board + "-ben";
    final String victim;

    Fixture() {
      createBoard(board, new JsonObject().put("period", "daily").put("timezone", "UTC"));
      submit(board, "alice", 10);
      submit(board, "bob", 20);
      ok(put("/v1/users/" + user + "/friends/" + friend, null), 201);
      ok(put("/v1/users/alice/friends/" + board + "-x", null), 201);
      victim = ApiKeyToken.parse(newKey(board + "-victim", Set.of(Scope.READ), Set.of())).id();
    }

    String uri(Operation op) {
      Map<String, String> values = Map.of("board", board, "userId", op.getOpenAPIPath().startsWith("/v1/users") ? user : "alice",
          "friendId", op.getOperationId().equals("addFriend") ? board + "-cat" : friend, "period", "current", "id", victim);
      return PATH_PARAM.matcher(op.getOpenAPIPath()).replaceAll(m -> values.get(m.group(1)));
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
          .put("friends", new JsonArray(Stream.of(user, friend, "alice").map(u -> seen(get("/v1/users/" + u + "/friends"))).toList()))
          .put("keys", keys)
          .put("boards", boards);
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
    assertThat(await(keys.store().create(record))).isTrue();
    await(keys.changed(token.id()));
    return token.value();
  }

}
