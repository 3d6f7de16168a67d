package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
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
 * <p>From any verticle in the cluster: {@code FriendRankService.createProxy(vertx, BusAddresses.FRIENDS)}.
 */
@ProxyGen
@VertxGen
public interface FriendRankService {

  static FriendRankService createProxy(Vertx vertx, String address) {
    LeaderboardException.registerCodecs(vertx.eventBus());
    return new FriendRankServiceVertxEBProxy(vertx, address);
  }

  /** Makes the two users friends of each other; 422 {@code friend_limit} when either list is full. */
  Future<FriendChange> addFriend(String userId, String friendId);

  /** Ends the friendship both ways: {@code {userId, friendId, removed}}, {@code removed} false when there was none. */
  Future<FriendChange> removeFriend(String userId, String friendId);

  /** {@code {userId, count, friends: [IDs sorted]}}. */
  Future<FriendList> friends(String userId);

  /** Befriends each ID (at most the friend limit), each judged on its own; a repeated one counts as {@code already}. */
  Future<FriendImport> importFriends(String userId, FriendIds request);

  /**
   * The board among the user and their friends, ranked within that group ({@code total} counts
   * members with a score, {@code missing} those without). While a shard is down the members it
   * holds are left out ({@code partial}, {@code unreachable}, {@code reason}); 503 when the friend
   * set itself cannot be read. {@code globalRanks}: add each entry's rank on the whole board.
   */
  Future<FriendBoard> friendBoard(String board, String userId, String period, Long offset, Integer limit,
      String rankMode, Boolean globalRanks);
}
