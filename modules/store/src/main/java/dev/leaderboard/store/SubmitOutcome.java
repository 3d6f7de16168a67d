package dev.leaderboard.store;

/**
 * What the submit script did.
 *
 * @param composite the user's composite after the event ({@code null} if the user has none)
 * @param previous the composite before the event ({@code null} if the user had none)
 */
public record SubmitOutcome(Status status, Long composite, Long previous) {

  public enum Status {
    /** Applied; the score changed (or an equal score moved to an earlier time) and took the event's time. */
    CHANGED,
    /** Applied; the score stayed the same and keeps the time it was first reached. */
    UNCHANGED,
    /** The event ID was seen before for this user; nothing changed. */
    DUPLICATE,
    /** Refused: the score would drop below 0; nothing changed. */
    BELOW_ZERO,
    /** Refused: the score would exceed the board's maxScore; nothing changed. */
    ABOVE_MAX,
    /** Refused: the period has been closed; nothing changed. */
    CLOSED
  }

  public boolean applied() {
    return status == Status.CHANGED || status == Status.UNCHANGED;
  }
}
