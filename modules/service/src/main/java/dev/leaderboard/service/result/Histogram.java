package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * How a period's scores are distributed: {@code total} entries in buckets of whole scores, lowest
 * scores first, each {@code [from, to)} (from inclusive, to exclusive).
 */
public record Histogram(String board, String period, long total, List<Bucket> buckets) implements Answer {
  /** The entries with a score in {@code [from, to)}. */
  public record Bucket(long from, long to, long count) implements Answer {
  }

  /** @param edges the buckets' bounds: bucket {@code i} is {@code [edges[i], edges[i + 1])} */
  public static Histogram of(String board, String period, long[] edges, long[] counts) {
    List<Bucket> buckets = IntStream.range(0, counts.length)
        .mapToObj(i -> new Bucket(edges[i], edges[i + 1], counts[i])).toList();
    return new Histogram(board, period, Arrays.stream(counts).sum(), buckets);
  }

  public static final Function<JsonObject, Histogram> FROM_JSON = AnswerJson.reader(Histogram.class);
}
