package dev.leaderboard.service.intake;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.SubmitResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.micrometer.backends.BackendRegistries;
import java.util.function.Supplier;

/**
 * Counts submitted events by outcome ({@code leaderboard.submits} counter, tag {@code outcome} =
 * {@code applied}, {@code duplicate}, {@code conflict} or {@code rejected}) in the node's Micrometer
 * registry; counts nothing when the node runs without metrics. Conflict means an event ID already used
 * for another payload (a client bug or a forgery worth noticing), as a batch reports it in
 * {@code conflicts}. Rejected means refused for the event itself (a broken field, a closed period, a
 * score out of range), as a batch reports it in {@code rejections}; a request for an unknown board or
 * a Redis fault is not an outcome of the event.
 */
record SubmitMeters(Counter applied, Counter duplicate, Counter conflict, Counter rejected) {
  static final String COUNTER = "leaderboard.submits";

  static SubmitMeters create() {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (registry == null) {
      return new SubmitMeters(null, null, null, null);
    }
    return new SubmitMeters(counter(registry, "applied"), counter(registry, "duplicate"), counter(registry, "conflict"),
        counter(registry, "rejected"));
  }

  private static Counter counter(MeterRegistry registry, String outcome) {
    return Counter.builder(COUNTER)
        .description("Submitted score events by outcome (single and batch submits)")
        .tag("outcome", outcome)
        .register(registry);
  }

  /** Runs one single-event submit of a known board and counts its outcome. */
  Future<SubmitResult> single(Supplier<Future<SubmitResult>> submit) {
    Future<SubmitResult> answer;
    try {
      answer = submit.get();
    } catch (RuntimeException e) {
      answer = Future.failedFuture(e);
    }
    return answer.onComplete(ar -> {
      if (ar.succeeded()) {
        count(ar.result().applied() ? 1 : 0, ar.result().applied() ? 0 : 1, 0, 0);
      } else if (ar.cause() instanceof LeaderboardException e && e.status() < 500) {
        boolean conflicted = e.refusal() == Refusal.EVENT_ID_CONFLICT;
        count(0, 0, conflicted ? 1 : 0, conflicted ? 0 : 1);
      }
    });
  }

  void batch(BatchResult result) {
    count(result.applied(), result.duplicate(), result.conflict(), result.rejected());
  }

  private void count(int appliedEvents, int duplicateEvents, int conflictEvents, int rejectedEvents) {
    if (applied != null) {
      applied.increment(appliedEvents);
      duplicate.increment(duplicateEvents);
      conflict.increment(conflictEvents);
      rejected.increment(rejectedEvents);
    }
  }
}
