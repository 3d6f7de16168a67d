package dev.leaderboard.service.result;

import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** A page of a board's period's participants, in join order. */
public record ParticipantList(String board, String period, long total, long offset, int limit,
    List<Participant> participants) implements Answer {
  /** A participant: when they joined (epoch ms) and their cohort (absent on a board without cohorts). */
  public record Participant(String userId, long joinedAt, @AnswerJson.IfSet Long cohort) implements Answer {
  }

  public static ParticipantList of(String board, String period, long total, long offset, int limit,
      List<ParticipationStore.Participant> participants) {
    return new ParticipantList(board, period, total, offset, limit, participants.stream()
        .map(p -> new Participant(p.userId(), p.joinedAt(), p.cohort() > 0 ? p.cohort() : null)).toList());
  }

  public static final Function<JsonObject, ParticipantList> FROM_JSON = AnswerJson.reader(ParticipantList.class);
}
