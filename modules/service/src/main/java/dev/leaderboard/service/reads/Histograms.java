package dev.leaderboard.service.reads;

import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.result.Histogram;
import dev.leaderboard.store.scores.ScoreStore;
import io.vertx.core.Future;
import java.time.Clock;

/**
 * The distribution of a live period's scores: one round finds the lowest and highest score, one more
 * counts the entries of every bucket ({@link ScoreStore#countBetween}). The two rounds are not one
 * snapshot: an entry that changes between them is counted where the second round finds it, or not
 * at all if its score left the first round's range, so {@code total} is the sum of the buckets.
 */
public record Histograms(BoardRegistry boards, ScoreStore scores, Clock clock) {
  public static final int DEFAULT_BUCKETS = 20;
  public static final int MAX_BUCKETS = 100;

  /** An archived period is refused (409 {@code period_archived}): its final ranking is read page by page. */
  public Future<Histogram> histogram(String board, String period, Integer buckets) {
    Names.board("board", board);
    int n = buckets == null ? DEFAULT_BUCKETS : buckets;
    if (n < 1 || n > MAX_BUCKETS) {
      throw Refusal.invalid("buckets", "must be between 1 and " + MAX_BUCKETS + " (got " + n + ")");
    }
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return boards.periodState(b, p.id()).compose(state -> {
        if (state == PeriodState.ARCHIVED) {
          throw Refusal.PERIOD_ARCHIVED.exception(p.id(), board, "histograms");
        }
        return scores.scoreRange(b, p.id()).compose(range -> {
          if (range == null) {
            long[] edges = edges(b.minScore(), b.maxScore(), n);
            return Future.succeededFuture(Histogram.of(b.name(), p.id(), edges, new long[edges.length - 1]));
          }
          long[] edges = edges(range[0], range[1], n);
          return scores.countBetween(b, p.id(), edges).map(counts -> Histogram.of(b.name(), p.id(), edges, counts));
        });
      });
    });
  }

  /**
   * Bounds of at most {@code n} buckets of equal width (a whole number of scores) from {@code low}
   * to {@code high} inclusive; the last bucket ends at {@code high + 1}, so it may be narrower. A
   * range of fewer than {@code n} scores gets one bucket per score.
   */
  static long[] edges(long low, long high, int n) {
    long span = high - low + 1;
    long width = -Math.floorDiv(-span, n);
    int k = (int) -Math.floorDiv(-span, width);
    long[] edges = new long[k + 1];
    for (int i = 0; i < k; i++) {
      edges[i] = low + i * width;
    }
    edges[k] = high + 1;
    return edges;
  }
}
