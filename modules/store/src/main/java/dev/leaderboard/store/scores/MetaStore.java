package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;

/**
 * Entry metadata written on its own, without a score event: one {@code meta_set.lua} call on the
 * user's partition. (A submit stores metadata in its own script call, reads fetch it with the rows:
 * see {@link ScoreStore}.)
 */
public final class MetaStore {
  /** Its Lua script ({@code meta_set.lua}). */
  public static final Script SCRIPT = new Script("meta_set.lua", true, Key.class, Arg.class, Outcome.class);

  private final Shards shards;

  public MetaStore(Shards shards) {
    this.shards = shards;
  }

  /** The KEYS and ARGV of {@code meta_set.lua}. */
  public enum Key { SCORES, METAS, CLOSED, USERS }

  public enum Arg { USER, META, WIDE }

  /** What {@link #set} did: the statuses of {@code meta_set.lua}, each with the script's integer. */
  public enum Outcome implements Script.Status {
    @Script.Code(1) STORED,
    /** The user has no entry in the period: nothing stored. */
    @Script.Code(0) NO_ENTRY,
    /** The period is closed: nothing stored. */
    @Script.Code(-3) CLOSED;
  }

  /**
   * What {@link #set} did, with the entry when it stored (the entry keeps it: only its
   * metadata changed), else {@code null}.
   */
  public record Written(Outcome outcome, StoredEntry entry) {
  }

  /** Replaces the metadata of a user who has an entry in the period, atomically on the user's partition. */
  public Future<Written> set(Board b, String period, String userId, String meta) {
    Route r = Keys.home(shards, b, period, userId);
    Call call = new ScriptCall<Key, Arg>(SCRIPT, r).key(Key.SCORES, Keys.scores(r))
        .key(Key.METAS, Keys.meta(r)).key(Key.CLOSED, Keys.closed(r)).key(Key.USERS, Keys.users(r, userId))
        .arg(Arg.USER, userId).arg(Arg.META, meta).arg(Arg.WIDE, b.wide()).call();
    return shards.send(call).map(answer -> new Written(
        Script.status(Outcome.class, answer.get(0).toInteger()), EntryLookups.stored(userId, answer.get(1))));
  }
}
