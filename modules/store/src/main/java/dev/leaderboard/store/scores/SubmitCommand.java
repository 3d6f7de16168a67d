package dev.leaderboard.store.scores;

import dev.leaderboard.core.Operator;

/**
 * One validated event, ready for the submit script.
 *
 * @param tie the low bits for the event's time (see {@link dev.leaderboard.core.ScoreCodec#tie})
 * @param eventId the caller's event ID, or {@code null}
 * @param at the event's time as the caller gave it (epoch ms), or {@code null} when it defaulted to
 *     the receipt time; with the operator and value, the payload an event ID is bound to
 *     ({@link EventDigest})
 * @param meta the entry's metadata to store with the score (a JSON object's text), or {@code null} to
 *     keep the stored one; not part of the payload an event ID is bound to
 * @param wideTie on a wide board, the event's tie ({@link dev.leaderboard.core.TieCodec}: its sort keys and
 *     time; part of the payload when the board has sort keys), else {@code ""}
 */
public record SubmitCommand(String period, String userId, Operator operator, long value, long tie, String eventId,
    Long at, String meta, String wideTie) {

  public SubmitCommand(String period, String userId, Operator operator, long value, long tie, String eventId,
      Long at, String meta) {
    this(period, userId, operator, value, tie, eventId, at, meta, "");
  }

  /** An event without metadata: the stored metadata stays. */
  public SubmitCommand(String period, String userId, Operator operator, long value, long tie, String eventId,
      Long at) {
    this(period, userId, operator, value, tie, eventId, at, null);
  }

  /** The same event under {@code eventId}, its metadata included. */
  public SubmitCommand withEventId(String eventId) {
    return new SubmitCommand(period, userId, operator, value, tie, eventId, at, meta, wideTie);
  }

  /** An event whose time defaulted to its receipt. */
  public SubmitCommand(String period, String userId, Operator operator, long value, long tie, String eventId) {
    this(period, userId, operator, value, tie, eventId, null);
  }
}
