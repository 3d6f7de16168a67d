package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import io.vertx.redis.client.Response;
import java.util.List;

/**
 * The Java side of {@code counts.lua}: a round's rank counts on every partition of a board period that
 * one node holds, in one call.
 */
public final class CountsScript {
  /** Its Lua script ({@code counts.lua}). */
  public static final Script SCRIPT = new Script("counts.lua", false, Key.class, Arg.class, null, "bytes.lua", "count.lua");

  private CountsScript() {
  }

  public enum Key implements ScriptCall.Variadic { SCORES }

  public enum Arg implements ScriptCall.Variadic { DESC, OPERANDS }

  /**
   * On {@code partitions} (all on one node): each one's card and, per pivot, its members ordered before
   * the pivot; then, for each pivot whose own partition ({@code home[i]}) is one of them, the score its
   * member holds there.
   */
  static Call count(Board b, List<Route> partitions, List<StoredEntry> pivots, int[] home) {
    ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(SCRIPT, partitions.get(0))
        .arg(Arg.DESC, b.order().higherFirst());
    for (Route r : partitions) {
      c.key(Key.SCORES, Keys.scores(r));
    }
    for (int i = 0; i < pivots.size(); i++) {
      StoredEntry e = pivots.get(i);
      c.arg(Arg.OPERANDS, e.composite()).arg(Arg.OPERANDS, e.member()).arg(Arg.OPERANDS, ownIndex(partitions, home[i]));
    }
    return c.call();
  }

  /** The 1-based index of partition {@code p} among {@code partitions}, 0 when it is not one of them. */
  private static int ownIndex(List<Route> partitions, int p) {
    for (int k = 0; k < partitions.size(); k++) {
      if (partitions.get(k).partition() == p) {
        return k + 1;
      }
    }
    return 0;
  }

  /** Whether partition {@code p} is one of the call's. */
  static boolean holds(List<Route> partitions, int p) {
    return ownIndex(partitions, p) != 0;
  }

  /** The card of the {@code k}-th partition of the call. */
  static long card(Response answer, int k, int pivots) {
    return answer.get(k * (pivots + 1)).toLong();
  }

  /** The members of the {@code k}-th partition of the call ordered before pivot {@code i}. */
  static long before(Response answer, int k, int pivots, int i) {
    return answer.get(k * (pivots + 1) + 1 + i).toLong();
  }
}
