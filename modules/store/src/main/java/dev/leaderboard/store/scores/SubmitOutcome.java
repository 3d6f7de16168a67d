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
    @Script.Code(1) CHANGED,
    /** Applied; the score stayed the same and keeps the time it was first reached. */
    @Script.Code(2) UNCHANGED,
    /** The event ID was seen before for this user, with the same payload; nothing changed. */
    @Script.Code(0) DUPLICATE,
    /** Refused: the event ID was seen before with another payload ({@link EventDigest}); the first stands. */
    @Script.Code(-4) CONFLICT,
    /** Refused: the score would drop below the board's minScore; nothing changed. */
    @Script.Code(-1) BELOW_ZERO,
    /** Refused: the score would exceed the board's maxScore; nothing changed. */
    @Script.Code(-2) ABOVE_MAX,
    /** Refused: the change exceeds the board's maxStep (the plausibility limit); nothing changed. */
    @Script.Code(-5) STEP_TOO_LARGE,
    /** Refused: the period has been closed; nothing changed. */
    @Script.Code(-3) CLOSED,
    /** Refused: the user is banned from the partition; nothing changed and the event is not remembered. */
    @Script.Code(-6) BANNED,
    /** Refused: the board was deleted while the event was on its way; nothing was written. */
    @Script.Code(-7) BOARD_GONE,
    /** Refused: the board takes events of participants only and the user has not joined; nothing changed. */
    @Script.Code(-8) NOT_JOINED,
    /** Refused: the user has used the board's maxAttempts in the period; nothing changed. */
    @Script.Code(-9) ATTEMPTS_EXHAUSTED,
    /** Not applied: a first submit joins on this board and the user has not joined yet; nothing changed. */
    @Script.Code(-10) NEEDS_JOIN,
    /** A batched event whose shard failed: it may have run, so retry with the same event ID. */
    FAILED;
  }

  public boolean applied() {
    return status == Status.CHANGED || status == Status.UNCHANGED;
  }
}
