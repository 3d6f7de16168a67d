package dev.leaderboard.store;

/**
 * What the submit script did.
 *
 * @param entry the user's entry after the event ({@code null} if the user has none)
 * @param previous the entry before the event ({@code null} if the user had none)
 * @param failure why the event's shard did not answer (status {@link Status#FAILED} only)
 */
public record SubmitOutcome(Status status, StoredEntry entry, StoredEntry previous, Throwable failure) {

  /** The shard of a batched event did not answer: whether the event ran is not known. */
  public static SubmitOutcome failed(Throwable failure) {
    return new SubmitOutcome(Status.FAILED, null, null, failure);
  }

  public enum Status {
    /** Applied; the score changed (or an equal score moved to an earlier time) and took the event's time. */
    CHANGED,
    /** Applied; the score stayed the same and keeps the time it was first reached. */
    UNCHANGED,
    /** The event ID was seen before for this user, with the same payload; nothing changed. */
    DUPLICATE,
    /**
     * Refused: the event ID was seen before for this user with another payload (operator, value or
     * time, see {@link EventDigest}); nothing changed, the first event stands.
     */
    CONFLICT,
    /** Refused: the score would drop below the board's minScore; nothing changed. */
    BELOW_ZERO,
    /** Refused: the score would exceed the board's maxScore; nothing changed. */
    ABOVE_MAX,
    /** Refused: the change exceeds the board's maxStep (the plausibility limit); nothing changed. */
    STEP_TOO_LARGE,
    /** Refused: the period has been closed; nothing changed. */
    CLOSED,
    /** Refused: the user is banned from the partition; nothing changed and the event is not remembered. */
    BANNED,
    /**
     * Not answered (a batched event whose shard failed): it may or may not have run, so a retry is
     * safe with the same event ID.
     */
    FAILED
  }

  public boolean applied() {
    return status == Status.CHANGED || status == Status.UNCHANGED;
  }
}
