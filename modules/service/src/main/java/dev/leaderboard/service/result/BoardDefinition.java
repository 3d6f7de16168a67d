package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * A board's definition: as a read answers it, or as a PUT stored it with whether the PUT created
 * it ({@code created}: 201) or updated it (200); a read has no {@code created}.
 *
 * @param definition The definition, as the HTTP API answers it.
 */
public record BoardDefinition(@AnswerJson.Flat JsonObject definition, @AnswerJson.IfSet Boolean created)
    implements Answer {
  public static BoardDefinition of(Board board, Boolean created) {
    return new BoardDefinition(board.toJson(), created);
  }

  public static final Function<JsonObject, BoardDefinition> FROM_JSON = AnswerJson.reader(BoardDefinition.class);
}
