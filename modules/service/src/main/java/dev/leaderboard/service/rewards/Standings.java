package dev.leaderboard.service.rewards;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedStanding;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.reads.RankMath;
import dev.leaderboard.service.result.CohortPlace;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.StandingHistory;
import dev.leaderboard.service.result.UserEntry;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's standing on one board, period by period, newest first: the current period as the live
 * read answers it (with its cohort rank as {@link Participation#user} reads it), then each
 * archived period from one indexed archive query (with the user's reward of the period, and the
 * cohort and cohort rank wherever the user was placed in a cohort). Ranks, cohort ranks included,
 * are unique ranks; the percentile is the reads' ({@link RankMath#percentile}).
 */
public record Standings(BoardRegistry boards, ArchiveStore archive, Participation participation, Clock clock) {
  static final int DEFAULT_LIMIT = 20;

  public Future<StandingHistory> history(String board, String userId, Integer limit) {
    Names.board("board", board);
    Names.id("userId", userId);
    int lim = Requests.limit(limit, DEFAULT_LIMIT);
    return boards.require(board).compose(b -> {
      Period currentPeriod = b.periodOf(clock.instant());
      String current = currentPeriod.id();
      Future<StandingHistory.Item> live = participation.user(b, currentPeriod, userId, RankMode.UNIQUE, false)
          .map(Standings::live)
          .recover(t -> t instanceof LeaderboardException e && e.refusal() == Refusal.USER_NOT_FOUND
              ? Future.succeededFuture(null) : Future.failedFuture(t));
      return Future.all(live, archive.users().history(b.uid(), userId, lim)).map(all -> {
        StandingHistory.Item now = all.resultAt(0);
        List<ArchivedStanding> past = all.resultAt(1);
        List<StandingHistory.Item> periods = new ArrayList<>();
        // a current period closed early is archived already: its row comes from the archive
        if (now != null && past.stream().noneMatch(s -> s.period().equals(current))) {
          periods.add(now);
        }
        for (ArchivedStanding s : past) {
          if (periods.size() < lim) {
            periods.add(archived(s));
          }
        }
        return StandingHistory.of(b.name(), userId, periods);
      });
    });
  }

  /** The current period as the user's entry reads it: a partial entry's rank, total and percentile are not known. */
  private static StandingHistory.Item live(UserEntry u) {
    Entry e = u.entry();
    boolean known = u.partial() == null;
    return new StandingHistory.Item(u.period(), known ? e.rank() : null, e.score(), u.total(),
        known ? e.percentile() : null, u.partial(), u.cohort(), null);
  }

  private static StandingHistory.Item archived(ArchivedStanding s) {
    return new StandingHistory.Item(s.period(), RankMath.unique(s.position()), s.score(), s.total(),
        RankMath.percentile(s.position(), s.total()), null,
        s.cohort() == null ? null : new CohortPlace(s.cohort(), s.cohortRank()),
        s.reward() == null ? null : new JsonObject(s.reward()));
  }
}
