package dev.leaderboard.archive;

import io.vertx.core.json.JsonObject;
import java.util.Objects;

/**
 * One closed period of a board as archived: {@code size} entries, written at {@code archivedAt}
 * (epoch ms), with the board {@code definition} it was ranked under.
 */
public record ArchivedPeriod(String boardUid, String board, String period, long size, long archivedAt,
    JsonObject definition) {

  public ArchivedPeriod {
    Objects.requireNonNull(boardUid, "boardUid");
    Objects.requireNonNull(board, "board");
    Objects.requireNonNull(period, "period");
  }
}
