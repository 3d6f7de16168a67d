package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A board's definition: as a read answers it, or as a PUT stored it with whether the PUT created
 * it ({@code created}: 201) or updated it (200); a read has no {@code created}.
 */
@DataObject
public interface BoardDefinition extends Answer {
  /** The definition, as the HTTP API answers it. */
  JsonObject definition();

  Boolean created();

  static BoardDefinition of(Board board, Boolean created) {
    return new Fields(board.toJson(), created);
  }

  static BoardDefinition fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(@AnswerJson.Flat JsonObject definition, @AnswerJson.IfSet Boolean created)
      implements BoardDefinition {
  }
}
