package dev.leaderboard.client;

import dev.leaderboard.client.model.CohortBoard;
import dev.leaderboard.client.model.JoinResult;
import dev.leaderboard.client.model.Participants;
import dev.leaderboard.client.model.UserBoards;
import java.util.LinkedHashMap;
import java.util.Map;

/** Joining a board's period, its participants and cohorts, a user's boards (tag {@code competitions}). */
public final class CompetitionCalls {
  private final Transport transport;

  CompetitionCalls(Transport transport) {
    this.transport = transport;
  }

  /** Makes the user a participant of the current period; {@code attributes} (may be empty) place it in a cohort. */
  @Operation("join")
  public JoinResult join(String board, String userId, Map<String, String> attributes) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("userId", userId);
    if (attributes != null && !attributes.isEmpty()) {
      body.put("attributes", attributes);
    }
    return transport.send(Call.of("join", "POST", "/v1/boards/{}/participants", board).body(body), JoinResult.class);
  }

  /** A page of the period's participants, in order of joining; {@code period} null for the current one. */
  @Operation("participants")
  public Participants participants(String board, long offset, int limit, String period) {
    return transport.send(Call.of("participants", "GET", "/v1/boards/{}/participants", board)
        .param("offset", offset).param("limit", limit).param("period", period), Participants.class);
  }

  /** The user's cohort, ranked among itself. */
  @Operation("userCohort")
  public CohortBoard userCohort(String board, String userId, ReadOptions options) {
    return transport.send(Call.of("userCohort", "GET", "/v1/boards/{}/users/{}/cohort", board, userId)
        .params(options), CohortBoard.class);
  }

  /** A cohort (numbered from 1), ranked among itself. */
  @Operation("cohort")
  public CohortBoard cohort(String board, long cohort, ReadOptions options) {
    return transport.send(Call.of("cohort", "GET", "/v1/boards/{}/cohorts/{}", board, cohort).params(options),
        CohortBoard.class);
  }

  /** The boards the user takes part in, with the user's standing on each. */
  @Operation("userBoards")
  public UserBoards userBoards(String userId) {
    return transport.send(Call.of("userBoards", "GET", "/v1/users/{}/boards", userId), UserBoards.class);
  }
}
