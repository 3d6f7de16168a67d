package dev.leaderboard.service.moderation;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.store.moderation.ModerationStore.Op;
import dev.leaderboard.store.moderation.ModerationStore.Outcome;
import dev.leaderboard.store.moderation.ModerationStore.Status;
import dev.leaderboard.store.moderation.ModerationStore.Target;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.service.result.EntryRemoved;

/**
 * Removes one user's entry from one live period: one script call on the user's partition takes
 * it out of the scores and the dense index (or out of the stash, for a banned user) atomically, so
 * every read after it ranks the others without it. A closing or archived period is final: 409.
 */
public record EntryRemoval(BoardRegistry boards, ModerationStore store, RankHints hints, Clock clock) {
  public Future<EntryRemoved> remove(String board, String userId, String period) {
    Names.board("board", board);
    Names.id("userId", userId);
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return boards.periodState(b, p.id()).compose(state -> {
        if (state != PeriodState.OPEN) {
          throw closed(b, p);
        }
        return store.apply(Op.REMOVE, userId, List.of(new Target(b, p.id()))).map(all -> answer(b, p, userId, all.get(0)));
      });
    });
  }

  private EntryRemoved answer(Board b, Period p, String userId, Outcome o) {
    if (o.status() == Status.CLOSED) {
      throw closed(b, p);
    }
    if (!o.changed()) {
      throw Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId);
    }
    hints.forget(b, p.id(), userId);
    StoredEntry e = o.entry();
    return EntryRemoved.of(b.name(), p.id(), userId, Entries.score(b, e), Entries.at(b, p, e), Entries.keysJson(b, e),
        o.status() == Status.FROM_STASH);
  }

  private static LeaderboardException closed(Board b, Period p) {
    return Refusal.PERIOD_CLOSED.exception(p.id(), b.name());
  }
}
