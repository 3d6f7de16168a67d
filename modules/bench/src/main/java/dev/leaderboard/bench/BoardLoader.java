package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.ScoreCodec;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.Call;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.Route;
import dev.leaderboard.store.Shards;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fills a board fast, straight into its partitions' sorted sets with pipelined {@code ZADD}s of
 * valid composites ({@link ScoreCodec#encode}) — what the submit script would have stored for the
 * same scores and times — and, when asked, one bare sorted set with the same members and plain
 * scores. Users are {@code u0 .. u<members-1>}; scores are drawn below {@link #MAX_INITIAL_SCORE}
 * and times over the board's first 30 days, both from a seed, so boards loaded with the same seed
 * hold the same data whatever their partitions.
 *
 * <p>Runs on the benchmark's main thread (never on an event loop) and waits for its pipelines.
 */
final class BoardLoader {
  static final long MAX_INITIAL_SCORE = 10_000_000;
  private static final long TIME_SPREAD_MILLIS = 30L * 24 * 3600 * 1000;
  private static final int MEMBERS_PER_ZADD = 1000;
  private static final int CALLS_PER_DISPATCH = 64;

  private final Shards shards;
  private final List<Call> pending = new ArrayList<>();

  BoardLoader(Shards shards) {
    this.shards = shards;
  }

  /**
   * @param bareKey the key of a bare sorted set on the first node to fill too, or {@code null}
   */
  void load(Board b, int members, long seed, String bareKey) {
    ScoreCodec codec = b.codec();
    long spread = Math.min(codec.timeSpanUnits(), TIME_SPREAD_MILLIS / b.tieResolution().millis());
    int partitions = b.partitions();
    List<Route> routes = Keys.partitions(b, "all");
    Request[] open = new Request[partitions];
    int[] filled = new int[partitions];
    Request bare = null;
    int bareFilled = 0;
    SplittableRandom random = new SplittableRandom(seed);
    for (int k = 0; k < members; k++) {
      String user = "u" + k;
      long score = random.nextLong(MAX_INITIAL_SCORE);
      long composite = codec.encode(score, random.nextLong(spread));
      int p = Partitioner.partitionOf(user, partitions);
      if (open[p] == null) {
        open[p] = Request.cmd(Command.ZADD).arg(Keys.scores(routes.get(p)));
      }
      open[p].arg(composite).arg(user);
      if (++filled[p] == MEMBERS_PER_ZADD) {
        add(Call.of(routes.get(p), open[p]));
        open[p] = null;
        filled[p] = 0;
      }
      if (bareKey != null) {
        if (bare == null) {
          bare = Request.cmd(Command.ZADD).arg(bareKey);
        }
        bare.arg(score).arg(user);
        if (++bareFilled == MEMBERS_PER_ZADD) {
          add(Call.of(Route.META, bare));
          bare = null;
          bareFilled = 0;
        }
      }
    }
    for (int p = 0; p < partitions; p++) {
      if (open[p] != null) {
        add(Call.of(routes.get(p), open[p]));
      }
    }
    if (bare != null) {
      add(Call.of(Route.META, bare));
    }
    flush();
    new BoardStore(shards).addPeriod(b, "all").await();
  }

  private void add(Call call) {
    pending.add(call);
    if (pending.size() >= CALLS_PER_DISPATCH) {
      flush();
    }
  }

  private void flush() {
    if (!pending.isEmpty()) {
      shards.dispatch(List.copyOf(pending)).await();
      pending.clear();
    }
  }
}
