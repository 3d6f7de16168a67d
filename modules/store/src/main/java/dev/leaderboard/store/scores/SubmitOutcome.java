package dev.leaderboard.store.scores;

import dev.leaderboard.store.dispatch.Script;

/**
 * @param entry the user's entry after the event ({@code null} if the user has none)
 * @param previous the entry before the event ({@code null} if the user had none)
 * @param failure why the event's shard did not answer (status {@link Status#FAILED} only)
 * @param attemptsLeft on a board with maxAttempts, the user's attempts left after the event ({@code null}
 *     without a limit, or where the script did not read them)
 */
public record SubmitOutcome(Status status, StoredEntry entry, StoredEntry previous, Throwable failure,
    Integer attemptsLeft) {

  /** The shard of a batched event did not answer: whether the event ran is not known. */
  public static SubmitOutcome failed(Throwable failure) {
    return new SubmitOutcome(Status.FAILED, null, null, failure, null);
  }

  /** The submit script's statuses, each with the integer {@code submit.lua} returns for it. */
  public enum Status implements Script.Status {
    /** Applied; the score changed (or an equal score moved to an earlier time) and took the event's time. */
    CHANGED(1),
    /** Applied; the score stayed the same and keeps the time it was first reached. */
    UNCHANGED(2),
    /** The event ID was seen before for this user, with the same payload; nothing changed. */
    DUPLICATE(0),
    /** Refused: the event ID was seen before with another payload ({@link EventDigest}); the first stands. */
    CONFLICT(-4),
    /** Refused: the score would drop below the board's minScore; nothing changed. */
    BELOW_ZERO(-1),
    /** Refused: the score would exceed the board's maxScore; nothing changed. */
    ABOVE_MAX(-2),
    /** Refused: the change exceeds the board's maxStep (the plausibility limit); nothing changed. */
    STEP_TOO_LARGE(-5),
    /** Refused: the period has been closed; nothing changed. */
    CLOSED(-3),
    /** Refused: the user is banned from the partition; nothing changed and the event is not remembered. */
    BANNED(-6),
    /** Refused: the board was deleted while the event was on its way; nothing was written. */
    BOARD_GONE(-7),
    /** Refused: the board takes events of participants only and the user has not joined; nothing changed. */
    NOT_JOINED(-8),
    /** Refused: the user has used the board's maxAttempts in the period; nothing changed. */
    ATTEMPTS_EXHAUSTED(-9),
    /** Not applied: a first submit joins on this board and the user has not joined yet; nothing changed. */
    NEEDS_JOIN(-10),
    /** A batched event whose shard failed: it may have run, so retry with the same event ID. */
    FAILED(null);

    private final Integer code;

    Status(Integer code) {
      this.code = code;
    }

    @Override
    public Integer code() {
      return code;
    }
  }

  public boolean applied() {
    return status == Status.CHANGED || status == Status.UNCHANGED;
  }
}
