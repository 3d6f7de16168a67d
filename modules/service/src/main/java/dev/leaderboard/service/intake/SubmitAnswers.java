package dev.leaderboard.service.intake;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.intake.EventParser.ParsedEvent;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitOutcome;
import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a single submit answers once its event went in: the refusal its outcome means, or the entry
 * it left (remembered as a rank hint) and, when asked for, its rank.
 */
record SubmitAnswers(ReadSources sources, RankHints hints) {
  private static final Logger LOG = LoggerFactory.getLogger(SubmitAnswers.class);

  /** A rank that cannot be read leaves {@code rank} null rather than failing a write that took effect. */
  Future<SubmitResult> of(Board b, ParsedEvent e, SubmitOutcome outcome, boolean withRank) {
    LeaderboardException refused = SubmitRefusals.refusal(b, e, outcome);
    if (refused != null) {
      throw refused;
    }
    return ranked(b, e, outcome, withRank).map(r -> outcome.attemptsLeft() == null ? r
        : r.withAttemptsLeft(outcome.attemptsLeft()));
  }

  private Future<SubmitResult> ranked(Board b, ParsedEvent e, SubmitOutcome outcome, boolean withRank) {
    String userId = e.command().userId();
    boolean changed = outcome.status() == SubmitOutcome.Status.CHANGED;
    String period = e.period().id();
    if (outcome.entry() == null) {
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, null, null, null, null,
          null));
    }
    StoredEntry entry = outcome.entry();
    hints.put(b, period, userId, entry);
    long score = Entries.score(b, entry);
    long at = Entries.at(b, e.period(), entry);
    String keys = Entries.keys(b, entry);
    if (!withRank) {
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, score, null, at, null,
          keys));
    }
    return sources.live(b, e.period()).rankOf(entry).transform(ar -> {
      if (ar.failed()) {
        LOG.warn("submit to board {} applied, its rank not read: {}", b.name(), ar.cause().toString());
      }
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, score,
          ar.succeeded() ? ar.result() : null, at, ar.succeeded() ? null : "the event was applied but its rank could "
              + "not be read (" + ar.cause().getMessage() + "); read it again later", keys));
    });
  }
}
