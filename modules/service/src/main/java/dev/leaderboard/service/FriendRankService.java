package dev.leaderboard.service;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.request.FriendIds;
import dev.leaderboard.service.result.FriendBoard;
import dev.leaderboard.service.result.FriendChange;
import dev.leaderboard.service.result.FriendImport;
import dev.leaderboard.service.result.FriendList;
import io.vertx.codegen.annotations.ProxyGen;
import io.vertx.codegen.annotations.VertxGen;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

/**
 * The friend graph and friend boards: the one code path behind the HTTP API's friend routes (in
 * process, see {@link NodeServices#friends()}) and event-bus callers. Friendship is mutual and global (not per board).
 *
 * <p>Answers and failures follow {@link LeaderboardService}: every answer's {@code toJson()} is the
 * JSON document the HTTP API returns; failures are {@link LeaderboardException}s, which event-bus
 * callers receive as {@link io.vertx.serviceproxy.ServiceException}s with the HTTP
 * status as {@code failureCode}, the message, and {@code {"error": "<code>"}} as {@code debugInfo}.
 * Arguments that are {@code null} take their documented defaults.
 *
 * <p>From any verticle in the cluster: {@code FriendRankService.createProxy(vertx, FriendRankService.ADDRESS)}.
 */
@ProxyGen
@VertxGen
public interface FriendRankService {
  /** Clustered address: served by every node, reachable from any JVM in the cluster. */
  String ADDRESS = "leaderboard.friends";

  static FriendRankService createProxy(Vertx vertx, String address) {
    LeaderboardException.registerCodecs(vertx.eventBus());
    return new FriendRankServiceVertxEBProxy(vertx, address);
  }

  /**
   * Makes the two users friends of each other: {@code {userId, friendId, added}}, {@code added}
   * false when they were friends already. 400 for a user befriending themself; 422
   * {@code friend_limit} when either list is full (nothing changes).
   */
  Future<FriendChange> addFriend(String userId, String friendId);

  /** Ends the friendship both ways: {@code {userId, friendId, removed}}, {@code removed} false when there was none. */
  Future<FriendChange> removeFriend(String userId, String friendId);

  /** {@code {userId, count, friends: [IDs sorted]}}. */
  Future<FriendList> friends(String userId);

  /**
   * {@code {friendIds: [...]}} (at most the friend limit; {@link FriendIds} checks its shape) → each
   * made a friend of the user, both ways: {@code {userId, added, already, refused: [{index, friendId,
   * error, message}]}}. Each ID is judged on its own; a repeated ID counts as {@code already}.
   */
  Future<FriendImport> importFriends(String userId, FriendIds request);

  /**
   * The board among the user and their friends, ranked within that group:
   * {@code {board, period, userId, total, offset, limit, rankMode, entries: [{rank, userId, score,
   * at, percentile, globalRank?}], missing}}. {@code total} counts group members with a score,
   * {@code missing} those without one; {@code rank} and {@code percentile} are within the group.
   *
   * <p>While a Redis shard is down the board still answers when the user's friend set is readable:
   * the members on shards that answered are ranked within themselves, and the answer adds
   * {@code partial: true}, {@code unreachable: [IDs of the members left out]} and {@code reason}
   * (the shards by index); {@code globalRank} is then {@code null}, since it needs every shard.
   * A complete board has none of these three fields. 503 {@code shard_unavailable} when the
   * friend set itself cannot be read.
   *
   * @param period {@code current} (default) or a period id
   * @param offset position in the group's order (default 0)
   * @param limit page size, 1 to 1,000 (default 20)
   * @param rankMode {@code unique} (default), {@code competition} or {@code dense}
   * @param globalRanks {@code true}: add each entry's unique rank on the whole board as {@code globalRank}
   */
  Future<FriendBoard> friendBoard(String board, String userId, String period, Long offset, Integer limit,
      String rankMode, Boolean globalRanks);
}
