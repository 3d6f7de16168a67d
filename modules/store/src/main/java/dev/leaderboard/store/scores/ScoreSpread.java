package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * How a period's scores spread: the lowest and highest score, then how many entries fall in each of
 * a run of score ranges. Each is one round of native commands, pipelined per partition: {@code ZRANGE}
 * of both ends, then one {@code ZCOUNT} per range (O(log n) each, whatever the range holds).
 */
record ScoreSpread(Shards shards) {
  /** {@code {lowest, highest}} score of the period, or {@code null} when it holds no entry. */
  Future<long[]> range(Board b, String period) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(end(r, 0), end(r, -1))).map(perPartition -> {
      long[] range = null;
      for (List<Response> answers : perPartition) {
        if (answers.get(0).size() < 2) {
          continue;
        }
        long low = b.scoreOf(StoredEntry.parseComposite(answers.get(0).get(1).toString()));
        long high = b.scoreOf(StoredEntry.parseComposite(answers.get(1).get(1).toString()));
        range = range == null ? new long[] {low, high}
            : new long[] {Math.min(range[0], low), Math.max(range[1], high)};
      }
      return range;
    });
  }

  private static Call end(Route r, int index) {
    return Call.of(r, Request.cmd(Command.ZRANGE).arg(Keys.scores(r)).arg(index).arg(index).arg("WITHSCORES"));
  }

  /**
   * Per range {@code [edges[i], edges[i + 1])} of scores, the entries of the period in it (all
   * partitions).
   */
  Future<long[]> counts(Board b, String period, long[] edges) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> {
      List<Call> calls = new ArrayList<>(edges.length - 1);
      for (int i = 0; i + 1 < edges.length; i++) {
        calls.add(Call.of(r, Request.cmd(Command.ZCOUNT).arg(Keys.scores(r)).arg(b.lowest(edges[i]))
            .arg(b.highest(edges[i + 1] - 1))));
      }
      return calls;
    }).map(perPartition -> {
      long[] counts = new long[edges.length - 1];
      for (List<Response> answers : perPartition) {
        for (int i = 0; i < counts.length; i++) {
          counts[i] += answers.get(i).toLong();
        }
      }
      return counts;
    });
  }
}
