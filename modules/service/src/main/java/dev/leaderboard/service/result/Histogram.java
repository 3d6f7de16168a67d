package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a period's scores are distributed: {@code total} entries in buckets of whole scores, lowest
 * scores first, each {@code [from, to)} (from inclusive, to exclusive).
 */
@DataObject
public interface Histogram extends Answer {
  String board();

  String period();

  long total();

  List<Bucket> buckets();

  /** The entries with a score in {@code [from, to)}. */
  record Bucket(long from, long to, long count) implements Answer {
  }

  /** @param edges the buckets' bounds: bucket {@code i} is {@code [edges[i], edges[i + 1])} */
  static Histogram of(String board, String period, long[] edges, long[] counts) {
    List<Bucket> buckets = new ArrayList<>(counts.length);
    for (int i = 0; i < counts.length; i++) {
      buckets.add(new Bucket(edges[i], edges[i + 1], counts[i]));
    }
    return new Fields(board, period, Arrays.stream(counts).sum(), buckets);
  }

  static Histogram fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, long total, List<Bucket> buckets) implements Histogram {
  }
}
