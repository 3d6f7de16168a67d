package dev.leaderboard.store.scores;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

import dev.leaderboard.core.Board;

/** The Java side of {@code meta_set.lua}; its statuses are {@link MetaStore.Outcome}. */
public final class MetaSetScript {
  private MetaSetScript() {
  }

  public enum Key { SCORES, METAS, CLOSED, USERS }

  public enum Arg { USER, META, WIDE }

  static Call call(Board b, Route r, String userId, String meta) {
    return new ScriptCall<Key, Arg>(Scripts.META_SET, r).key(Key.SCORES, Keys.scores(r)).key(Key.METAS, Keys.meta(r))
        .key(Key.CLOSED, Keys.closed(r)).key(Key.USERS, Keys.users(r, userId))
        .arg(Arg.USER, userId).arg(Arg.META, meta).arg(Arg.WIDE, b.wide()).call();
  }
}
