package dev.leaderboard.archive;

import io.vertx.core.json.JsonObject;
import java.util.Objects;

/**
 * One closed period of a board as archived: {@code size} entries, written at {@code archivedAt}
 * (epoch ms), with the board {@code definition} it was ranked under; {@code erased} of its entries
 * have been removed since, by erasures of their users (the others keep their recorded positions and
 * ranks, and {@code size} stays what the period had when it closed).
 */
public record ArchivedPeriod(String boardUid, String board, String period, long size, long archivedAt,
    JsonObject definition, long erased) {

  /** A period as archived, before any erasure. */
  public ArchivedPeriod(String boardUid, String board, String period, long size, long archivedAt,
      JsonObject definition) {
    this(boardUid, board, period, size, archivedAt, definition, 0);
  }

  public ArchivedPeriod {
    Objects.requireNonNull(boardUid, "boardUid");
    Objects.requireNonNull(board, "board");
    Objects.requireNonNull(period, "period");
  }
}
