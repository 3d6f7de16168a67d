package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.ScoreCodec;
import dev.leaderboard.core.TieCodec;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Fills a board fast, straight into its partitions' keys with pipelined commands holding what the
 * submit script would have stored: packed composites, or on a wide board (no sort keys) scores with
 * {@code tie + userId} members plus the user maps. Users {@code u0 .. u<members-1>}, scores and times
 * (over the first 30 days) come from a seed, so boards loaded with one seed hold the same data
 * whatever their partitions and layout. Runs on the main thread and waits for its pipelines.
 */
final class BoardLoader {
  static final long MAX_INITIAL_SCORE = 10_000_000;
  private static final long TIME_SPREAD_MILLIS = 30L * 24 * 3600 * 1000;
  private static final int MEMBERS_PER_ZADD = 1000;
  private static final int FIELDS_PER_HSET = 1000;
  private static final int CALLS_PER_DISPATCH = 64;

  private final Shards shards;
  private final List<Call> pending = new ArrayList<>();

  BoardLoader(Shards shards) {
    this.shards = shards;
  }

  /** An {@code HSET} being filled for one bucket of a wide partition's user map. */
  private static final class OpenHash {
    private final Route route;
    private final Request request;
    private int fields;

    OpenHash(Route route, String key) {
      this.route = route;
      this.request = Request.cmd(Command.HSET).arg(key);
    }
  }

  /**
   * @param bareKey the key of a bare sorted set on the first node to fill too, or {@code null}
   */
  void load(Board b, int members, long seed, String bareKey) {
    boolean wide = b.wide();
    if (wide && !b.sortKeys().isEmpty()) {
      throw new IllegalArgumentException("BoardLoader fills wide boards without sort keys; " + b.name() + " has "
          + b.sortKeys().size());
    }
    ScoreCodec codec = wide ? null : b.codec();
    TieCodec ties = wide ? b.tieCodec() : null;
    long unit = b.tieResolution().millis();
    long spread = wide ? TIME_SPREAD_MILLIS / unit : Math.min(codec.timeSpanUnits(), TIME_SPREAD_MILLIS / unit);
    long[] noKeys = new long[0];
    List<Route> routes = Keys.keySets(shards, b, "all");
    int partitions = routes.size();
    Request[] open = new Request[partitions];
    int[] filled = new int[partitions];
    Map<String, OpenHash> hashes = new LinkedHashMap<>();
    Request bare = null;
    int bareFilled = 0;
    SplittableRandom random = new SplittableRandom(seed);
    for (int k = 0; k < members; k++) {
      String user = "u" + k;
      long score = random.nextLong(MAX_INITIAL_SCORE);
      long offset = random.nextLong(spread);
      int p = Keys.home(shards, b, "all", user).partition();
      if (open[p] == null) {
        open[p] = Request.cmd(Command.ZADD).arg(Keys.scores(routes.get(p)));
      }
      if (wide) {
        String tie = ties.encode(noKeys, b.origin() + offset * unit);
        open[p].arg(score).arg(tie + user);
        String bucket = Keys.users(routes.get(p), user);
        OpenHash h = hashes.computeIfAbsent(bucket, key -> new OpenHash(routes.get(p), key));
        h.request.arg(user).arg(tie + score);
        if (++h.fields == FIELDS_PER_HSET) {
          add(Call.of(h.route, h.request));
          hashes.remove(bucket);
        }
      } else {
        open[p].arg(codec.encode(score, offset)).arg(user);
      }
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
    for (OpenHash h : hashes.values()) {
      add(Call.of(h.route, h.request));
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
