package dev.leaderboard.store.scores;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

/** The Java side of {@code rows.lua}: a range read on a partition's scores, each row with its metadata. */
public final class RowsScript {
  private RowsScript() {
  }

  public enum Key { SCORES, METAS }

  public enum Arg implements ScriptCall.Variadic { COMMAND, ARGUMENTS }

  static Call call(Route r, String command, Object... arguments) {
    ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(Scripts.ROWS, r).key(Key.SCORES, Keys.scores(r))
        .key(Key.METAS, Keys.meta(r)).arg(Arg.COMMAND, command);
    for (Object a : arguments) {
      c.arg(Arg.ARGUMENTS, a);
    }
    return c.call();
  }
}
