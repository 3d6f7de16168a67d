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
import dev.leaderboard.service.result.StandingHistory;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.List;

/**
 * A user's standing on one board, period by period, newest first: the current period as the live
 * read answers it (with its cohort rank as {@link Participation#user} reads it), then each
 * archived period from one indexed archive query (with the user's reward of the period, and the
 * cohort and cohort rank wherever the user was placed in a cohort). Ranks, cohort ranks included,
 * are unique ranks; the percentile is the reads' ({@link RankMath#percentile}).
 */
public final class Standings {
  static final int DEFAULT_LIMIT = 20;

  private final BoardRegistry boards;
  private final ArchiveStore archive;
  private final Participation participation;
  private final Clock clock;

  public Standings(BoardRegistry boards, ArchiveStore archive, Participation participation, Clock clock) {
    this.boards = boards;
    this.archive = archive;
    this.participation = participation;
    this.clock = clock;
  }

  public Future<StandingHistory> history(String board, String userId, Integer limit) {
    Names.board("board", board);
    Names.id("userId", userId);
    int lim = Requests.limit(limit, DEFAULT_LIMIT);
    return boards.require(board).compose(b -> {
      Period currentPeriod = b.periodOf(clock.instant());
      String current = currentPeriod.id();
      Future<JsonObject> live = participation.user(b, currentPeriod, userId, RankMode.UNIQUE, false)
          .map(entry -> live(entry.toJson()))
          .recover(t -> t instanceof LeaderboardException e && e.refusal() == Refusal.USER_NOT_FOUND
              ? Future.succeededFuture(null) : Future.failedFuture(t));
      return Future.all(live, archive.history(b.uid(), userId, lim)).map(all -> {
        JsonObject now = all.resultAt(0);
        List<ArchivedStanding> past = all.resultAt(1);
        JsonArray periods = new JsonArray();
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

  private static JsonObject live(JsonObject entry) {
    JsonObject out = new JsonObject().put("period", entry.getString("period")).put("rank", entry.getValue("rank"))
        .put("score", entry.getValue("score")).put("total", entry.getValue("total"))
        .put("percentile", entry.getValue("percentile"));
    if (entry.containsKey("partial")) {
      out.put("partial", true);
    }
    return entry.containsKey("cohort") ? out.put("cohort", entry.getValue("cohort"))
        .put("cohortRank", entry.getValue("cohortRank")) : out;
  }

  private static JsonObject archived(ArchivedStanding s) {
    JsonObject out = new JsonObject().put("period", s.period()).put("rank", RankMath.unique(s.position()))
        .put("score", s.score()).put("total", s.total()).put("percentile", RankMath.percentile(s.position(), s.total()));
    if (s.cohort() != null) {
      out.put("cohort", s.cohort()).put("cohortRank", s.cohortRank());
    }
    return s.reward() == null ? out : out.put("reward", new JsonObject(s.reward()));
  }
}
