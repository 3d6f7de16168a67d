package dev.leaderboard.store.scores;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * A range read on a partition's scores that returns rows ({@code WITHSCORES}): a plain command, or,
 * when the read wants the entries' metadata, the same command inside {@code rows.lua}, which adds
 * each row's metadata in the same call (so a read never costs an extra round for metadata).
 */
public final class Rows {
  /** Its Lua script ({@code rows.lua}). */
  public static final Script SCRIPT = new Script("rows.lua", false, Key.class, Arg.class, null);

  private Rows() {
  }

  /** The KEYS and ARGV of {@code rows.lua}. */
  public enum Key { SCORES, METAS }

  public enum Arg implements ScriptCall.Variadic { COMMAND, ARGUMENTS }

  /**
   * {@code command key args...} on the partition's scores.
   *
   * @param command {@code ZRANGE}, {@code ZREVRANGE}, {@code ZRANGEBYSCORE} or {@code ZREVRANGEBYSCORE}
   * @param args the command's arguments after the key, {@code WITHSCORES} included
   */
  static Call range(Route r, boolean withMeta, String command, Object... args) {
    if (withMeta) {
      ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(SCRIPT, r).key(Key.SCORES, Keys.scores(r))
          .key(Key.METAS, Keys.meta(r)).arg(Arg.COMMAND, command);
      for (Object a : args) {
        c.arg(Arg.ARGUMENTS, a);
      }
      return c.call();
    }
    Request plain = Request.cmd(Command.create(command)).arg(Keys.scores(r));
    for (Object a : args) {
      plain.arg(String.valueOf(a));
    }
    return Call.of(r, plain);
  }

  /** The rows of a {@link #range} answer: (member, composite) pairs, or triples with the metadata. */
  public static List<StoredEntry> entries(Response flat, boolean withMeta) {
    int width = withMeta ? 3 : 2;
    List<StoredEntry> out = new ArrayList<>(flat.size() / width);
    for (int i = 0; i + width - 1 < flat.size(); i += width) {
      StoredEntry e = StoredEntry.ofMember(flat.get(i).toString(),
          StoredEntry.parseComposite(flat.get(i + 1).toString()));
      out.add(withMeta ? e.withMeta(flat.get(i + 2).toString()) : e);
    }
    return out;
  }

  /** The rows of answer {@code at} of every partition, one run per partition. */
  static List<List<StoredEntry>> runs(List<List<Response>> perPartition, int at, boolean withMeta) {
    List<List<StoredEntry>> runs = new ArrayList<>(perPartition.size());
    for (List<Response> answers : perPartition) {
      runs.add(entries(answers.get(at), withMeta));
    }
    return runs;
  }
}
