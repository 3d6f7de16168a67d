package dev.leaderboard.service.reads;

import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;

import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.RankList;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A page, a user's neighbours and a list of users (a user's own entry, cohort included, is read by
 * participation): checks their arguments, then asks the period's {@link ReadSource}.
 */
public record BoardReads(BoardRegistry boards, ReadSources sources, Clock clock) {
  static final int DEFAULT_AROUND = 11;

  /** Every read takes {@code meta}: whether entries carry their metadata ({@code null}: they do). */
  public Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode, Boolean meta) {
    Names.board("board", board);
    long off = Requests.offset(offset);
    int lim = Requests.limit(limit, Limits.DEFAULT_PAGE);
    RankMode mode = Requests.rankMode(rankMode);
    return read(board, period, meta, source -> source.page(off, lim, mode));
  }

  public Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta) {
    Names.board("board", board);
    Names.id("userId", userId);
    int lim = Requests.limit(limit, DEFAULT_AROUND);
    RankMode mode = Requests.rankMode(rankMode);
    return read(board, period, meta, source -> source.around(userId, lim, mode));
  }

  public Future<RankList> ranks(String board, UserIds request, String period, String rankMode, Boolean meta) {
    Names.board("board", board);
    List<String> userIds = Objects.requireNonNullElseGet(request, () -> new UserIds(null)).ids();
    RankMode mode = Requests.rankMode(rankMode);
    return read(board, period, meta, source -> source.ranks(userIds, mode));
  }

  private <T> Future<T> read(String board, String period, Boolean meta, Function<ReadSource, Future<T>> read) {
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return sources.of(b, p, meta == null || meta).compose(read);
    });
  }
}
