package dev.leaderboard.service.result;

import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A page of a board's period's participants, in join order. */
@DataObject
public interface ParticipantList extends Answer {
  String board();

  String period();

  long total();

  long offset();

  int limit();

  List<Participant> participants();

  /** A participant: when they joined (epoch ms) and their cohort (absent on a board without cohorts). */
  record Participant(String userId, long joinedAt, @AnswerJson.IfSet Long cohort) implements Answer {
  }

  static ParticipantList of(String board, String period, long total, long offset, int limit,
      List<ParticipationStore.Participant> participants) {
    return new Fields(board, period, total, offset, limit, participants.stream()
        .map(p -> new Participant(p.userId(), p.joinedAt(), p.cohort() > 0 ? p.cohort() : null)).toList());
  }

  static ParticipantList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, long total, long offset, int limit, List<Participant> participants)
      implements ParticipantList {
  }
}
