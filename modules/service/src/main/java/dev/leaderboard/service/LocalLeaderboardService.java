package dev.leaderboard.service;

import dev.leaderboard.core.Board;
import io.vertx.core.Future;

/**
 * The leaderboard service as the node's own verticles call it in process ({@link NodeServices}): the
 * proxied {@link LeaderboardService} and a board's definition as the {@link Board} itself, for the
 * node's checks (access, streams). A {@code Board} is no data object and cannot cross the event bus,
 * so {@link #board} cannot be on the proxy interface (there {@link LeaderboardService#getBoard}
 * answers its JSON); this interface is not proxied.
 */
public interface LocalLeaderboardService extends LeaderboardService {
  /** The board's definition; 404 when there is none. */
  Future<Board> board(String board);
}
