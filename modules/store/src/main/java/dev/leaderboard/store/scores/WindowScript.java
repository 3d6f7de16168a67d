package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java side of {@code window.lua}: around-me's first read of one key set for every entry of a
 * round, in one call.
 */
public final class WindowScript {
  private WindowScript() {
  }

  public enum Key { SCORES }

  public enum Arg implements ScriptCall.Variadic { DESC, OPERANDS }

  /** One entry's window to read: rows on each side of its composite. */
  record Ask(long composite, int earlier, int from) {
  }

  /**
   * What one key set holds around one entry: its size, its members strictly better than the entry's
   * composite, up to the rows asked strictly better (nearest first) and from the composite on.
   */
  record Read(long card, long better, List<StoredEntry> earlier, List<StoredEntry> from) {
  }

  static Call call(Board b, Route keySet, List<Ask> asks) {
    ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(Scripts.WINDOW, keySet).key(Key.SCORES, Keys.scores(keySet))
        .arg(Arg.DESC, b.order().higherFirst());
    for (Ask a : asks) {
      c.arg(Arg.OPERANDS, a.composite()).arg(Arg.OPERANDS, a.earlier()).arg(Arg.OPERANDS, a.from());
    }
    return c.call();
  }

  /** A call's answer: one read per ask, in order. */
  static List<Read> reads(Response answer) {
    long card = answer.get(0).toLong();
    List<Read> out = new ArrayList<>(answer.size() - 1);
    for (int i = 1; i < answer.size(); i++) {
      Response one = answer.get(i);
      out.add(new Read(card, one.get(0).toLong(), Rows.entries(one.get(1), false), Rows.entries(one.get(2), false)));
    }
    return out;
  }
}
