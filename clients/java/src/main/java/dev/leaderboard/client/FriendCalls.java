package dev.leaderboard.client;

import dev.leaderboard.client.model.FriendBoard;
import dev.leaderboard.client.model.FriendImportResult;
import dev.leaderboard.client.model.FriendLink;
import dev.leaderboard.client.model.FriendList;
import dev.leaderboard.client.model.FriendUnlink;
import java.util.List;
import java.util.Map;

/** The friend graph and friend boards (tag {@code friends}, scope {@code friends}). */
public final class FriendCalls {
  private final Transport transport;

  FriendCalls(Transport transport) {
    this.transport = transport;
  }

  /**
   * The user's friend board: the user and their friends ranked among themselves, from {@code offset},
   * at most {@code limit}; {@code globalRanks} adds each one's rank on the whole board.
   */
  @Operation("friendBoard")
  public FriendBoard friendBoard(String board, String userId, long offset, int limit, boolean globalRanks,
      ReadOptions options) {
    return transport.send(Call.of("friendBoard", "GET", "/v1/boards/{}/users/{}/friends", board, userId)
        .param("offset", offset).param("limit", limit).param("globalRanks", globalRanks ? true : null)
        .params(options), FriendBoard.class);
  }

  /** The user's friends. */
  @Operation("friends")
  public FriendList friends(String userId) {
    return transport.send(Call.of("friends", "GET", "/v1/users/{}/friends", userId), FriendList.class);
  }

  /** Adds many friends at once; the IDs refused are listed with their reasons. */
  @Operation("importFriends")
  public FriendImportResult importFriends(String userId, List<String> friendIds) {
    return transport.send(Call.of("importFriends", "POST", "/v1/users/{}/friends", userId)
        .body(Map.of("friendIds", friendIds)), FriendImportResult.class);
  }

  /** Adds {@code friendId} to the user's friends. */
  @Operation("addFriend")
  public FriendLink addFriend(String userId, String friendId) {
    return transport.send(Call.of("addFriend", "PUT", "/v1/users/{}/friends/{}", userId, friendId), FriendLink.class);
  }

  /** Removes {@code friendId} from the user's friends. */
  @Operation("removeFriend")
  public FriendUnlink removeFriend(String userId, String friendId) {
    return transport.send(Call.of("removeFriend", "DELETE", "/v1/users/{}/friends/{}", userId, friendId),
        FriendUnlink.class);
  }
}
