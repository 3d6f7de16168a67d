package dev.leaderboard.service.reads;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.RankTarget;
import dev.leaderboard.service.result.ScoreRank;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.store.scores.RankCounts;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The score a rank needs and the rank a score gets, exact at any depth in every rank mode.
 *
 * <p><b>The score at rank N.</b> In unique and competition mode the entry at position N - 1 holds it
 * (a page of one at any depth); its competition rank may be better than N when it ties with those
 * before it, and a score equal to it then ranks N or better. In dense mode it is the first entry of
 * the N-th distinct score: dense ranks grow by one along the positions, so a binary search over pages
 * of one finds it (about log2 of the entries pages, live each counting the distinct scores better).
 * The score {@code needed} to rank N or better if reached now: one better than the holder's in unique
 * mode (an equal score reached now is ordered after it), the holder's own in the others; the worst
 * score the board takes when fewer entries than N rank.
 *
 * <p><b>The rank of a score</b> not submitted, live periods only, from one round of counts: unique,
 * one more than the entries with that score or better (an entry reaching it now is the last of its
 * equals, with no sort keys); competition, one more than those strictly better; dense, one more than
 * the distinct scores better. With a user, their own entry is left out as if it held the score.
 */
public record RankTargets(BoardRegistry boards, ReadSources sources, ScoreStore scores, Clock clock) {
  public Future<RankTarget> scoreAt(String board, Long rank, String period, String rankMode, String userId) {
    Names.board("board", board);
    if (rank == null || rank < 1) {
      throw Refusal.invalid("rank", "must be a whole number from 1 (got " + rank + ")");
    }
    if (userId != null) {
      Names.id("userId", userId);
    }
    RankMode mode = Requests.rankMode(rankMode);
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return sources.of(b, p, true).compose(source -> {
        // the holder and the user read at once
        Future<Held> holder = holder(source, rank, mode);
        Future<UserEntry> user = userEntry(source, userId, mode);
        return Future.all(holder, user).map(both -> {
          Held held = holder.result();
          Long needed = needed(b, mode, held.entry());
          return new RankTarget(b.name(), p.id(), mode, rank, held.total(), held.entry(),
              held.entry() == null ? null : held.entry().score(), needed,
              userId == null ? null : gap(userId, user.result(), rank, needed));
        });
      });
    });
  }

  public Future<ScoreRank> rankOf(String board, Long score, String period, String rankMode, String userId) {
    Names.board("board", board);
    if (score == null) {
      throw Refusal.invalid("score", "is required: the score to rank");
    }
    if (userId != null) {
      Names.id("userId", userId);
    }
    RankMode mode = Requests.rankMode(rankMode);
    return boards.require(board).compose(b -> {
      if (score < b.minScore() || score > b.maxScore()) {
        throw Refusal.invalid("score", "must be between the board's minScore " + b.minScore() + " and maxScore "
            + b.maxScore() + " (got " + score + ")");
      }
      LiveSource.requireDense(b, mode);
      Period p = Requests.period(b, period, clock);
      return boards.periodState(b, p.id()).compose(state -> {
        if (state == PeriodState.ARCHIVED) {
          throw Refusal.PERIOD_ARCHIVED.exception(p.id(), board, "the ranks of scores not submitted");
        }
        // the user's own score only: one lookup on their partition, no rank counted for it
        Future<StoredEntry> own = userId == null ? Future.succeededFuture(null)
            : scores.entry(b, p.id(), userId, false);
        return own.compose(e -> rankOf(b, p, mode, score, e == null ? null : Entries.score(b, e)))
            .map(ranked -> new ScoreRank(b.name(), p.id(), mode, score, ranked[0], ranked[1], userId));
      });
    });
  }

  /** {@code [rank, total]} of {@code score}, leaving out one entry of score {@code own} ({@code null}: none). */
  private Future<long[]> rankOf(Board b, Period p, RankMode mode, long score, Long own) {
    List<Long> asked = new ArrayList<>(List.of(score));
    addWorse(b, score, asked);
    if (own != null) {
      asked.add(own);
      addWorse(b, own, asked);
    }
    List<Long> distinct = asked.stream().distinct().toList();
    Future<long[]> denseBetter = mode == RankMode.DENSE ? scores.distinctBetter(b, p.id(), score)
        : Future.succeededFuture(null);
    return Future.all(scores.counts(b, p.id(), List.of(), distinct), denseBetter).map(all -> {
      RankCounts c = all.resultAt(0);
      long total = c.total();
      long ahead = switch (mode) {
        case UNIQUE -> atLeast(b, c, distinct, score);
        case COMPETITION -> c.strictlyBetter()[distinct.indexOf(score)];
        case DENSE -> all.<long[]>resultAt(1).length;
      };
      if (own != null) {
        boolean counted = switch (mode) {
          case UNIQUE -> !b.order().better(score, own);
          case COMPETITION -> b.order().better(own, score);
          // the user's score is one of the distinct better ones only while no other entry holds it
          case DENSE -> b.order().better(own, score)
              && atLeast(b, c, distinct, own) - c.strictlyBetter()[distinct.indexOf(own)] == 1;
        };
        total--;
        if (counted) {
          ahead--;
        }
      }
      return new long[] {ahead + 1, total};
    });
  }

  /** The score just worse than {@code score}; {@code null} when the board takes none. */
  private static Long worse(Board b, long score) {
    long worse = b.order().better(score + 1, score) ? score - 1 : score + 1;
    return worse < b.minScore() || worse > b.maxScore() ? null : worse;
  }

  private static void addWorse(Board b, long score, List<Long> out) {
    Long worse = worse(b, score);
    if (worse != null) {
      out.add(worse);
    }
  }

  /** The entries with {@code score} or better: all of them when no score is worse. */
  private static long atLeast(Board b, RankCounts c, List<Long> asked, long score) {
    Long worse = worse(b, score);
    return worse == null ? c.total() : c.strictlyBetter()[asked.indexOf(worse)];
  }

  /** The entry holding rank {@code rank} ({@code null} when fewer rank) and the period's entries. */
  private record Held(Entry entry, long total) {
  }

  private static Future<Held> holder(ReadSource source, long rank, RankMode mode) {
    if (mode != RankMode.DENSE) {
      return source.page(rank - 1, 1, mode).map(page -> new Held(first(page), page.total()));
    }
    return source.page(0, 1, mode).compose(top -> {
      Entry leader = first(top);
      if (leader == null || rank == 1) {
        return Future.succeededFuture(new Held(leader, top.total()));
      }
      return source.page(top.total() - 1, 1, mode).compose(last -> {
        Entry worst = first(last);
        if (worst == null || worst.rank() < rank) {
          return Future.succeededFuture(new Held(null, last.total()));
        }
        return firstRanked(source, rank, 1, last.total() - 1, new Held(worst, last.total()));
      });
    });
  }

  /**
   * The first entry of dense rank {@code rank}: its position lies in {@code [low, high]}, and
   * {@code atHigh} holds the entry at {@code high} (of that rank or worse). Halves the range with a page
   * of one per step.
   */
  private static Future<Held> firstRanked(ReadSource source, long rank, long low, long high, Held atHigh) {
    if (low >= high) {
      return Future.succeededFuture(atHigh);
    }
    long mid = low + (high - low) / 2;
    return source.page(mid, 1, RankMode.DENSE).compose(page -> {
      Entry e = first(page);
      return e == null || e.rank() >= rank ? firstRanked(source, rank, low, mid, new Held(e, page.total()))
          : firstRanked(source, rank, mid + 1, high, atHigh);
    });
  }

  private static Entry first(EntryPage page) {
    return page.entries().isEmpty() ? null : page.entries().get(0);
  }

  /** The worst score that ranks {@code held}'s rank or better if reached now; {@code null} when none does. */
  private static Long needed(Board b, RankMode mode, Entry held) {
    boolean descending = b.order().better(1, 0);
    if (held == null) {
      return descending ? b.minScore() : b.maxScore();
    }
    if (mode != RankMode.UNIQUE) {
      return held.score();
    }
    long better = descending ? held.score() + 1 : held.score() - 1;
    return better < b.minScore() || better > b.maxScore() ? null : better;
  }

  private static RankTarget.UserGap gap(String userId, UserEntry u, long rank, Long needed) {
    if (u == null) {
      return new RankTarget.UserGap(userId, null, null, null);
    }
    Entry e = u.entry();
    if (Boolean.TRUE.equals(u.partial())) {
      // a shard holding other users is down: the user's rank is not known
      return new RankTarget.UserGap(userId, e.score(), null, null);
    }
    Long toReach = e.rank() <= rank ? Long.valueOf(0) : needed == null ? null
        : Long.valueOf(Math.abs(needed - e.score()));
    return new RankTarget.UserGap(userId, e.score(), e.rank(), toReach);
  }

  /** The user's entry, {@code null} without one (or without a user). */
  private static Future<UserEntry> userEntry(ReadSource source, String userId, RankMode mode) {
    if (userId == null) {
      return Future.succeededFuture(null);
    }
    return source.user(userId, mode).recover(t -> t instanceof LeaderboardException e
        && e.refusal() == Refusal.USER_NOT_FOUND ? Future.succeededFuture(null) : Future.failedFuture(t));
  }
}
