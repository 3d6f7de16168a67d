package dev.leaderboard.client;

import dev.leaderboard.client.model.Board;
import dev.leaderboard.client.model.BoardDefinition;
import dev.leaderboard.client.model.BoardList;
import dev.leaderboard.client.model.Deleted;

/** Board definitions (tag {@code boards}). */
public final class BoardCalls {
  private final Transport transport;

  BoardCalls(Transport transport) {
    this.transport = transport;
  }

  /** Every board, sorted by name. */
  @Operation("listBoards")
  public BoardList listBoards() {
    return transport.send(Call.of("listBoards", "GET", "/v1/boards"), BoardList.class);
  }

  /** Creates {@code board}, or updates the fields of an existing one that may change (scope {@code admin}). */
  @Operation("putBoard")
  public Board putBoard(String board, BoardDefinition definition) {
    return transport.send(Call.of("putBoard", "PUT", "/v1/boards/{}", board).body(definition), Board.class);
  }

  /** The board's definition with its derived limits. */
  @Operation("getBoard")
  public Board getBoard(String board) {
    return transport.send(Call.of("getBoard", "GET", "/v1/boards/{}", board), Board.class);
  }

  /** Deletes the board with all its scores and archived periods (scope {@code admin}). */
  @Operation("deleteBoard")
  public Deleted deleteBoard(String board) {
    return transport.send(Call.of("deleteBoard", "DELETE", "/v1/boards/{}", board), Deleted.class);
  }
}
