package dev.leaderboard.service.intake;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.intake.EventParser.ParsedEvent;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

/**
 * What a score event's refusal or failure answers: the refusal a submit script's outcome means, and
 * a batch's entry for an event refused or not known to have run. No I/O.
 */
final class SubmitRefusals {
  private SubmitRefusals() {
  }

  static LeaderboardException banned(String userId) {
    return Refusal.BANNED.exception(userId);
  }

  static LeaderboardException closed(Board b, Period p) {
    return Refusal.PERIOD_CLOSED.exception(p.id(), b.name());
  }

  /** {@code null} when the script did not refuse the event. */
  static LeaderboardException refusal(Board b, ParsedEvent e, SubmitOutcome outcome) {
    return switch (outcome.status()) {
      case CLOSED -> closed(b, e.period());
      case BANNED -> banned(e.command().userId());
      case BOARD_GONE -> Refusal.BOARD_NOT_FOUND.exception(b.name());
      case CONFLICT -> conflict(b, e);
      case BELOW_ZERO, ABOVE_MAX -> outOfRange(b, e, outcome);
      case STEP_TOO_LARGE -> stepTooLarge(b, e, outcome);
      case NOT_JOINED, NEEDS_JOIN -> notJoined(b, e);
      case ATTEMPTS_EXHAUSTED -> Refusal.ATTEMPTS_EXHAUSTED.exception(e.command().userId(),
          b.competition().maxAttempts(), e.period().id()).with("attemptsLeft", 0);
      default -> null;
    };
  }

  static LeaderboardException notJoined(Board b, ParsedEvent e) {
    return Refusal.NOT_JOINED.exception(e.command().userId(), e.period().id(), b.name());
  }

  static LeaderboardException conflict(Board b, ParsedEvent e) {
    SubmitCommand c = e.command();
    return Refusal.EVENT_ID_CONFLICT.exception(c.eventId(), c.userId(), b.dedupeSeconds());
  }

  static LeaderboardException outOfRange(Board b, ParsedEvent e, SubmitOutcome outcome) {
    long old = outcome.previous() == null ? 0 : b.scoreOf(outcome.previous().composite());
    SubmitCommand c = e.command();
    String why = outcome.status() == SubmitOutcome.Status.BELOW_ZERO
        ? "below " + (b.minScore() == 0 ? "0" : "minScore " + b.minScore())
        : "above maxScore " + b.maxScore();
    return Refusal.SCORE_OUT_OF_RANGE.exception(e.field(), c.operator().wireName(), c.value(), old,
        c.operator().apply(old, c.value(), b.order()), why);
  }

  static LeaderboardException stepTooLarge(Board b, ParsedEvent e, SubmitOutcome outcome) {
    long old = outcome.previous() == null ? 0 : b.scoreOf(outcome.previous().composite());
    SubmitCommand c = e.command();
    long next = c.operator().apply(outcome.previous() == null ? null : old, c.value(), b.order());
    return Refusal.STEP_TOO_LARGE.exception(e.field(), c.operator().wireName(), c.value(), old,
        outcome.previous() == null ? " (no score yet)" : "", Math.abs(next - old), b.maxStep());
  }

  static Rejection rejection(int index, LeaderboardException e) {
    return new Rejection(index, e.refusal(), e.getMessage());
  }

  /** Unknown whether it ran, unless the node refused to queue it ({@link OverloadedException}). */
  static Rejection failure(int index, ParsedEvent e, Throwable why) {
    if (why instanceof OverloadedException overloaded) {
      return new Rejection(index, overloaded.refusal(), overloaded.getMessage() + "; the event was not applied, so "
          + "retrying it is safe with or without an eventId");
    }
    Refusal refusal = why instanceof LeaderboardException le ? le.refusal() : Refusal.SHARD_UNAVAILABLE;
    return new Rejection(index, refusal, why.getMessage() + "; the event may or may not have been applied: "
        + (e.command().eventId() != null ? "retrying it with the same eventId is safe"
        : "give events an eventId to make a retry safe"));
  }
}
