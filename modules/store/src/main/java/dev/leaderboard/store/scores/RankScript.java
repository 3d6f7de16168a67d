package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import java.util.List;

/** The Java side of {@code rank.lua}: read-only counts of the members before given entries, or around one. */
public final class RankScript {
  /** Its Lua script ({@code rank.lua}). */
  public static final Script SCRIPT = new Script("rank.lua", false, Key.class, Arg.class, null, "bytes.lua", "count.lua");

  private RankScript() {
  }

  public enum Key implements ScriptCall.OptionalLast { SCORES, METAS }

  public enum Arg implements ScriptCall.Variadic { DESC, WITH_META, MODE, OPERANDS }

  private static ScriptCall<Key, Arg> call(Board b, Route r, String mode, boolean withMeta) {
    ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(SCRIPT, r).key(Key.SCORES, Keys.scores(r));
    // the metadata's key only when it is read: a read of the scores alone goes on while a slot's keys move
    return (withMeta ? c.key(Key.METAS, Keys.meta(r)) : c).arg(Arg.DESC, b.order().higherFirst()).arg(Arg.WITH_META, withMeta).arg(Arg.MODE, mode);
  }

  /**
   * On one partition, for each pivot, the number of members ordered before it; a pivot on its user's
   * own partition is counted by its rank there when it still holds its composite.
   */
  static Call count(Shards shards, Board b, Route r, List<StoredEntry> pivots) {
    ScriptCall<Key, Arg> c = call(b, r, "count", false);
    for (StoredEntry e : pivots) {
      boolean own = shards.keySetOf(Partitioner.partitionOf(e.userId(), b.partitions())) == r.partition();
      c.arg(Arg.OPERANDS, e.composite()).arg(Arg.OPERANDS, e.member()).arg(Arg.OPERANDS, own);
    }
    return c.call();
  }

  /**
   * On one partition: the count before {@code e}, the card, and the rows from {@code before} ahead of it
   * to {@code after} from it (each with its metadata when {@code withMeta}).
   */
  static Call around(Board b, Route r, StoredEntry e, int before, int after, boolean withMeta) {
    return call(b, r, "around", withMeta).arg(Arg.OPERANDS, e.composite()).arg(Arg.OPERANDS, e.member())
        .arg(Arg.OPERANDS, before).arg(Arg.OPERANDS, after).call();
  }
}
