package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.ShardMeters;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.openapi.validation.ResponseValidator;
import io.vertx.openapi.validation.ValidatableResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Friend boards and ranks for a list over HTTP while one of two shards is stopped: 200 with the
 * users of the running shard, marked partial, with the fields {@code openapi.yaml} documents; a
 * friend set on the stopped shard is 503. Before the outage the answers carry no partial fields
 * and pass the document's response schemas. (The partial ones are checked field by field: Vert.x
 * 5.0's schema validator does not honour OpenAPI 3.0's {@code nullable}, so it refuses their nulls.)
 */
class PartialReadsHttpTest extends ApiTestSupport {
  /**
   * Partitions 0 and 2 live on endpoint 0, 1 on the endpoint that is stopped. An odd count, so that
   * where a user's score lives does not follow from where their friend set lives (slot mod 2).
   */
  static final int PARTITIONS = 3;
  static final Set<String> PARTIAL_FIELDS = Set.of("partial", "unreachable", "reason");
  static final Set<String> FRIEND_BOARD_FIELDS = Set.of("board", "period", "userId", "total", "offset", "limit",
      "rankMode", "entries", "missing");
  static final Set<String> RANKS_FIELDS = Set.of("board", "period", "total", "rankMode", "entries", "missing");

  @TempDir
  static Path dir;
  static LocalRedisShards kept;
  static LocalRedisShards own;

  private ResponseValidator contract;

  @BeforeAll
  static void startOwnShard() throws IOException {
    kept = LocalRedisShards.start(dir.resolve("kept"), 1);
    own = LocalRedisShards.start(dir.resolve("own"), 1);
  }

  @AfterAll
  static void stopOwnShard() {
    own.close();
    kept.close();
  }

  @Override
  List<String> endpoints() {
    // a pair of shards of its own: the data records how many endpoints it is laid out for
    return List.of(kept.endpoints().get(0), own.endpoints().get(0));
  }

  @BeforeEach
  void deployFriends() {
    await(vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(endpoints(), TestPostgres.uri()), CLOCK, 100))));
    contract = ResponseValidator.create(vertx, await(ContractRouter.loadContract(vertx)));
  }

  @Test
  void friendBoardsAndRankListsAnswerPartiallyWhileAShardIsDown() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("partitions", PARTITIONS).put("operator", "set"));
    String run = board.substring(2, 10) + "-";
    String owner = user(run + "o", 0, 0);
    String up = user(run + "a", 0, 0);
    String down = user(run + "b", 1, 0);
    String unscored = user(run + "c", 0, 0);
    String ownerOnDown = user(run + "d", 0, 1);
    submit(board, owner, 30);
    submit(board, up, 10);
    submit(board, down, 50);
    ok(post("/v1/users/" + owner + "/friends",
        new JsonObject().put("friendIds", new JsonArray().add(up).add(down).add(unscored)).encode()), 200);
    String friendBoard = "/v1/boards/" + board + "/users/" + owner + "/friends";
    String ranks = "/v1/boards/" + board + "/ranks";
    String asked = new JsonObject().put("userIds", new JsonArray().add(down).add(unscored).add(up).add(owner)).encode();

    JsonObject complete = valid("friendBoard", get(friendBoard + "?globalRanks=true"));
    assertThat(complete.fieldNames()).containsExactlyInAnyOrderElementsOf(FRIEND_BOARD_FIELDS);
    assertThat(complete.getJsonArray("entries").getJsonObject(0).getLong("globalRank")).isEqualTo(1);
    JsonObject ranked = valid("ranks", post(ranks, asked));
    assertThat(ranked.fieldNames()).containsExactlyInAnyOrderElementsOf(RANKS_FIELDS);
    assertThat(ranked.getLong("total")).isEqualTo(3);

    own.close();
    String stopped = ShardMeters.label(own.endpoints().get(0));

    JsonObject partialBoard = partial(get(friendBoard), FRIEND_BOARD_FIELDS);
    assertThat(partialBoard.getBoolean("partial")).isTrue();
    assertThat(partialBoard.getJsonArray("unreachable")).containsExactly(down);
    assertThat(partialBoard.getString("reason")).contains("shard 1").doesNotContain(stopped);
    assertThat(partialBoard.getInteger("total")).isEqualTo(2);
    assertThat(partialBoard.getJsonArray("missing")).containsExactly(unscored);
    JsonArray entries = partialBoard.getJsonArray("entries");
    assertThat(entries).hasSize(2);
    assertThat(entries.getJsonObject(0)).isEqualTo(new JsonObject().put("rank", 1).put("userId", owner)
        .put("score", 30).put("at", CLOCK.millis()).put("percentile", 100.0));
    assertThat(entries.getJsonObject(1).getString("userId")).isEqualTo(up);
    assertThat(entries.getJsonObject(1).getLong("rank")).isEqualTo(2);

    JsonObject withGlobal = partial(get(friendBoard + "?globalRanks=true"), FRIEND_BOARD_FIELDS);
    assertThat(withGlobal.getString("reason")).contains("shard 1", "globalRank").doesNotContain(stopped);
    JsonObject first = withGlobal.getJsonArray("entries").getJsonObject(0);
    assertThat(first.containsKey("globalRank")).isTrue();
    assertThat(first.getValue("globalRank")).isNull();

    JsonObject partialRanks = partial(post(ranks, asked), RANKS_FIELDS);
    assertThat(partialRanks.getBoolean("partial")).isTrue();
    assertThat(partialRanks.getJsonArray("unreachable")).containsExactly(down);
    assertThat(partialRanks.getJsonArray("missing")).containsExactly(unscored);
    assertThat(partialRanks.getString("reason")).contains("shard 1").doesNotContain(stopped);
    assertThat(partialRanks.containsKey("total")).isTrue();
    assertThat(partialRanks.getValue("total")).isNull();
    assertThat(partialRanks.getJsonArray("entries")).containsExactly(
        new JsonObject().putNull("rank").put("userId", owner).put("score", 30).put("at", CLOCK.millis()).putNull("percentile"),
        new JsonObject().putNull("rank").put("userId", up).put("score", 10).put("at", CLOCK.millis()).putNull("percentile"));

    HttpResponse<Buffer> setDown = get("/v1/boards/" + board + "/users/" + ownerOnDown + "/friends");
    assertThat(setDown.statusCode()).isEqualTo(503);
    assertThat(setDown.bodyAsJsonObject().getString("error")).isEqualTo("shard_unavailable");
  }

  /** A 200 JSON answer that the contract's schema for {@code operationId} accepts. */
  private JsonObject valid(String operationId, HttpResponse<Buffer> r) {
    JsonObject body = ok(r, 200);
    await(contract.validate(ValidatableResponse.create(200, r.body(), "application/json"), operationId));
    return body;
  }

  /** A 200 JSON answer with the fields of a complete one and the three partial ones. */
  private static JsonObject partial(HttpResponse<Buffer> r, Set<String> complete) {
    JsonObject body = ok(r, 200);
    Set<String> fields = new HashSet<>(complete);
    fields.addAll(PARTIAL_FIELDS);
    assertThat(body.fieldNames()).containsExactlyInAnyOrderElementsOf(fields);
    return body;
  }

  /**
   * A user ID whose score partition (of {@link #PARTITIONS}) and friend set live on endpoints
   * {@code scoreEndpoint} and {@code friendsEndpoint} of two.
   */
  private static String user(String prefix, int scoreEndpoint, int friendsEndpoint) {
    for (int i = 0; i < 10_000; i++) {
      String u = prefix + i;
      if (Partitioner.partitionOf(u, PARTITIONS) % 2 == scoreEndpoint && Keys.friendSlot(u).partition() % 2 == friendsEndpoint) {
        return u;
      }
    }
    throw new AssertionError("no user ID with its score on endpoint " + scoreEndpoint + " and friends on " + friendsEndpoint);
  }
}
