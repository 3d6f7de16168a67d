package dev.leaderboard.service.reads;

import dev.leaderboard.service.boards.BoardRegistry;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.Future;

/**
 * Chooses, once per request, where a period is read from (its entries, participants and cohorts):
 * the archive once it is archived, else Redis.
 */
public record ReadSources(BoardRegistry boards, ScoreStore scores, ParticipationStore participants,
    ArchiveStore archive, RankHints hints) {
  /** @param withMeta whether the entries read carry their metadata */
  public Future<ReadSource> of(Board b, Period p, boolean withMeta) {
    return boards.periodState(b, p.id()).compose(state -> state != PeriodState.ARCHIVED
        ? Future.succeededFuture(live(b, p, withMeta))
        : archive.period(b.uid(), p.id()).map(meta -> new ArchiveSource(archive, b, p, meta, withMeta)));
  }

  public LiveSource live(Board b, Period p) {
    return live(b, p, false);
  }

  public LiveSource live(Board b, Period p, boolean withMeta) {
    return new LiveSource(scores, participants, hints, b, p, withMeta);
  }
}
