package dev.leaderboard.store.boards;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.HeldShards;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings data written with one key set per partition (every release before key sets) to the
 * deployment's layout ({@link Shards#keySetLayout}), while the node serves: on standalone endpoints
 * each board period's partitions are merged into one key set per endpoint ({@code merge.lua}, one
 * call per endpoint, each source merged and deleted atomically). Until a board period is merged, the
 * node's calls to it wait ({@link HeldShards}) and its merge runs first; the others run in the
 * background, one board period at a time, and the layout is recorded ({@link #LAYOUT}) once all are.
 * Several nodes may upgrade at once: a source is merged by whichever gets there first.
 *
 * <p>Data recorded for another layout is refused: standalone endpoints other in number than those
 * the data was laid out for, or a Redis Cluster holding standalone key sets (its {@code migrate}
 * splits them into partitions).
 */
public final class KeySetUpgrade {
  /** Its Lua script ({@code merge.lua}). */
  public static final Script MERGE = new Script("merge.lua", true, Key.class, Arg.class, null);

  private static final Logger LOG = LoggerFactory.getLogger(KeySetUpgrade.class);
  /** String: how the data's key sets are laid out ({@link Shards#keySetLayout}); absent: one per partition. */
  public static final String LAYOUT = Route.META.key("key-sets");
  /** The layout of data written before key sets: every partition its own. */
  public static final String PER_PARTITION = "partitions";

  public enum Key implements ScriptCall.Variadic { KEYS }

  public enum Arg { WIDTH }

  private final HeldShards shards;
  private final BoardStore boards;

  public KeySetUpgrade(HeldShards shards) {
    this.shards = shards;
    this.boards = new BoardStore(shards.inner());
  }

  /**
   * Checks the data's layout and, where it needs merging, holds every board period it has and
   * starts merging them; succeeds once the node may serve (the merges go on after), fails when the
   * data is laid out for another deployment.
   */
  public Future<Void> start() {
    Shards raw = shards.inner();
    String wanted = raw.keySetLayout();
    return raw.send(Route.META, Request.cmd(Command.GET).arg(LAYOUT)).compose(r -> {
      String recorded = r == null ? PER_PARTITION : r.toString();
      if (recorded.equals(wanted)) {
        return r == null ? record(wanted) : Future.succeededFuture();
      }
      if (!recorded.equals(PER_PARTITION)) {
        return Future.failedFuture(new IllegalStateException(refusal(recorded, wanted)));
      }
      return boards.loadAll().compose(all -> periods(all.values())).compose(periods -> {
        if (periods.isEmpty()) {
          return record(wanted);
        }
        LOG.info("upgrading {} board periods to one key set per endpoint ({}); their requests wait for their own",
            periods.size(), wanted);
        for (BoardPeriod bp : periods) {
          shards.hold(prefix(bp.board(), bp.period()), () -> merge(bp.board(), bp.period()));
        }
        sweep(periods, 0, 0);
        return Future.succeededFuture();
      });
    });
  }

  private record BoardPeriod(Board board, String period) {
  }

  private Future<List<BoardPeriod>> periods(Iterable<Board> all) {
    List<Future<List<BoardPeriod>>> each = new ArrayList<>();
    for (Board b : all) {
      each.add(boards.periods(b).map(ps -> ps.stream().map(p -> new BoardPeriod(b, p)).toList()));
    }
    return Future.all(each).map(done -> {
      List<BoardPeriod> out = new ArrayList<>();
      each.forEach(f -> out.addAll(f.result()));
      return out;
    });
  }

  /** Merges the board periods from {@code next} on, one at a time, then records the layout. */
  private void sweep(List<BoardPeriod> periods, int next, long failures) {
    if (next == periods.size()) {
      if (failures == 0 && !shards.holding()) {
        record(shards.keySetLayout()).onSuccess(ok -> LOG.info("upgraded every board period to {}",
            shards.keySetLayout()));
      } else {
        LOG.warn("{} board periods could not be upgraded yet; each is upgraded when it is next used, and the "
            + "next start tries them all again", failures);
      }
      return;
    }
    BoardPeriod bp = periods.get(next);
    shards.release(prefix(bp.board(), bp.period())).onComplete(ar -> {
      if (ar.failed()) {
        LOG.warn("upgrading {} {} failed: {}", bp.board().name(), bp.period(), ar.cause().toString());
      }
      sweep(periods, next + 1, failures + (ar.failed() ? 1 : 0));
    });
  }

  private Future<Void> record(String layout) {
    return shards.inner().send(Route.META, Request.cmd(Command.SET).arg(LAYOUT).arg(layout)).mapEmpty();
  }

  /** The tag prefix of every route of a board period, as {@link HeldShards} groups them. */
  static String prefix(Board b, String period) {
    String tag = Keys.named(b, period, 0).tag();
    return tag.substring(0, tag.lastIndexOf(':') + 1);
  }

  /** One call per key set of the period: its other partitions' keys merged into its own. */
  Future<Void> merge(Board b, String period) {
    Shards raw = shards.inner();
    List<Call> calls = new ArrayList<>();
    for (Route target : Keys.keySets(raw, b, period)) {
      ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(MERGE, target);
      int width = addKeys(c, b, target);
      boolean any = false;
      for (int p = target.partition() + 1; p < b.partitions(); p++) {
        if (raw.keySetOf(p) == target.partition()) {
          addKeys(c, b, Keys.named(b, period, p));
          any = true;
        }
      }
      if (any) {
        calls.add(c.arg(Arg.WIDTH, width).call());
      }
    }
    return calls.isEmpty() ? Future.succeededFuture() : raw.dispatch(calls).onSuccess(answers -> {
      long moved = answers.stream().mapToLong(a -> a.get(1).toLong()).sum();
      long merged = answers.stream().mapToLong(a -> a.get(0).toLong()).sum();
      if (merged > 0) {
        LOG.info("upgraded {} {}: {} partitions merged, {} entries moved", b.name(), period, merged, moved);
      }
    }).mapEmpty();
  }

  private static int addKeys(ScriptCall<Key, Arg> c, Board b, Route r) {
    int n = 0;
    for (String key : Keys.all(r)) {
      c.key(Key.KEYS, key);
      n++;
    }
    if (b.wide()) {
      for (String key : Keys.allUsers(r)) {
        c.key(Key.KEYS, key);
        n++;
      }
    }
    return n;
  }

  private static String refusal(String recorded, String wanted) {
    if (wanted.equals(PER_PARTITION)) {
      return "the Redis data is laid out for standalone endpoints (" + LAYOUT + " = " + recorded + "), not for a "
          + "Redis Cluster: copy it into the cluster with 'java -jar leaderboard.jar migrate', which splits it into "
          + "partitions (docs/cluster.md)";
    }
    return "the Redis data is laid out for " + recorded.replace("endpoints:", "") + " standalone endpoints ("
        + LAYOUT + " = " + recorded + "), but this node has " + wanted.replace("endpoints:", "") + ": give "
        + "LB_REDIS_ENDPOINTS the endpoints the data was written with, in the same order (a standalone "
        + "deployment grows with 'java -jar leaderboard.jar reshard', docs/cluster.md)";
  }
}
