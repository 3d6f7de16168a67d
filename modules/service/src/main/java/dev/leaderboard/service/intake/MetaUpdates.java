package dev.leaderboard.service.intake;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.request.MetaUpdate;
import dev.leaderboard.service.result.UserMeta;
import java.util.Objects;
import dev.leaderboard.store.scores.MetaStore;
import io.vertx.core.Future;
import java.time.Clock;

/**
 * Replaces the metadata of a user's entry without a score event ({@code PATCH} of a user): only for
 * a user with an entry in the period, and only while the period takes events (its metadata is
 * archived with it when it closes). A stored change is announced like a submit's ({@link ScoreNotices},
 * the entry at the position it holds), so live streams showing the entry read it again.
 */
public record MetaUpdates(BoardRegistry boards, MetaStore metas, Clock clock, ScoreNotices notices) {

  public Future<UserMeta> update(String board, String userId, String period, MetaUpdate request) {
    Names.board("board", board);
    Names.id("userId", userId);
    String meta = Objects.requireNonNullElseGet(request, () -> new MetaUpdate(null)).meta();
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      if (b.isPastClose(p, clock.millis())) {
        throw closed(b, p);
      }
      return boards.periodState(b, p.id()).compose(state -> {
        if (state != PeriodState.OPEN) {
          throw closed(b, p);
        }
        return metas.set(b, p.id(), userId, meta);
      }).map(written -> switch (written.outcome()) {
        case STORED -> {
          notices.changed(b, p, userId, written.entry(), written.entry());
          yield UserMeta.of(b.name(), p.id(), userId, meta);
        }
        case NO_ENTRY -> throw Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId);
        case CLOSED -> throw closed(b, p);
      });
    });
  }

  private static LeaderboardException closed(Board b, Period p) {
    return Refusal.PERIOD_CLOSED.exception(p.id(), b.name());
  }
}
