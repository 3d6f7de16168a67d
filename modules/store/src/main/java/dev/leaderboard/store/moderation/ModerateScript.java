package dev.leaderboard.store.moderation;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

import dev.leaderboard.core.Board;

/** The Java side of {@code moderate.lua}; its statuses are {@link ModerationStore.Status}. */
public final class ModerateScript {
  private ModerateScript() {
  }

  public enum Key { SCORES, DISTINCT, SCORE_COUNTS, CLOSED, BANNED, STASH, METAS, USERS }

  public enum Arg { OP, USER, SCALE, DENSE, WIDE }

  static Call call(Board b, Route r, ModerationStore.Op op, String userId) {
    return new ScriptCall<Key, Arg>(Scripts.MODERATE, r).key(Key.SCORES, Keys.scores(r))
        .key(Key.DISTINCT, Keys.distinct(r)).key(Key.SCORE_COUNTS, Keys.scoreCounts(r)).key(Key.CLOSED, Keys.closed(r))
        .key(Key.BANNED, Keys.banned(r)).key(Key.STASH, Keys.stash(r)).key(Key.METAS, Keys.meta(r))
        .key(Key.USERS, Keys.users(r, userId))
        .arg(Arg.OP, op.wireName()).arg(Arg.USER, userId).arg(Arg.SCALE, b.wide() ? 1 : b.codec().scale())
        .arg(Arg.DENSE, b.denseRanks()).arg(Arg.WIDE, b.wide()).call();
  }
}
