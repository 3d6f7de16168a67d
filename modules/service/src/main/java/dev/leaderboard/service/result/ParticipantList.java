package dev.leaderboard.service.result;

import dev.leaderboard.store.participation.ParticipationStore.Participant;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** {@code {board, period, total, offset, limit, participants: [{userId, joinedAt, cohort?}]}}, in join order. */
@DataObject
public final class ParticipantList extends JsonAnswer {
  public ParticipantList(JsonObject json) {
    super(json);
  }

  public static ParticipantList of(String board, String period, long total, long offset, int limit,
      List<Participant> participants) {
    JsonArray items = new JsonArray();
    for (Participant p : participants) {
      JsonObject item = new JsonObject().put("userId", p.userId()).put("joinedAt", p.joinedAt());
      if (p.cohort() > 0) {
        item.put("cohort", p.cohort());
      }
      items.add(item);
    }
    return new ParticipantList(new JsonObject().put("board", board).put("period", period).put("total", total)
        .put("offset", offset).put("limit", limit).put("participants", items));
  }
}
