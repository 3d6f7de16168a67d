package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Finds users' entries on their own partitions, without ranking them, in one round. */
public record EntryLookups(Shards shards) {
  /** {@code null} or empty {@code r}: none; on a wide board {@code r} is {@code tie + score}. */
  public static StoredEntry stored(String userId, Response r) {
    if (r == null) {
      return null;
    }
    String s = r.toString();
    return s.isEmpty() ? null : StoredEntry.ofStored(userId, s);
  }

  /** Its answer is read by {@link #stored}. */
  public static Call find(Board b, Route r, String userId) {
    return Call.of(r, b.wide() ? Request.cmd(Command.HGET).arg(Keys.users(r, userId)).arg(userId)
        : Request.cmd(Command.ZSCORE).arg(Keys.scores(r)).arg(userId));
  }

  /** {@code null} where absent, in the order asked. */
  Future<List<StoredEntry>> entries(Board b, String period, List<String> userIds) {
    Lookups asked = lookupCalls(b, period, userIds);
    return shards.dispatch(asked.calls()).map(answers -> {
      StoredEntry[] out = new StoredEntry[userIds.size()];
      for (int c = 0; c < answers.size(); c++) {
        asked.read(c, answers.get(c), userIds, out);
      }
      return Arrays.asList(out);
    });
  }

  /** Like {@link #entries}, but an unreachable shard fails only its own users; other failures fail the whole. */
  Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds, boolean withMeta) {
    Lookups asked = lookupCalls(b, period, userIds);
    List<Call> calls = new ArrayList<>(asked.calls());
    if (withMeta) {
      for (int c = 0; c < asked.calls().size(); c++) {
        Route r = asked.calls().get(c).route();
        Request hmget = Request.cmd(Command.HMGET).arg(Keys.meta(r));
        asked.users().get(c).forEach(i -> hmget.arg(userIds.get(i)));
        calls.add(Call.of(r, hmget));
      }
    }
    int n = asked.calls().size();
    return shards.dispatchEach(calls).compose(replies -> {
      ScoreLookup[] out = new ScoreLookup[userIds.size()];
      StoredEntry[] found = new StoredEntry[userIds.size()];
      for (int c = 0; c < n; c++) {
        Shards.Reply r = replies.get(c);
        Shards.Reply m = withMeta ? replies.get(n + c) : null;
        Throwable failure = r.failure() != null ? r.failure() : m == null ? null : m.failure();
        int down = unreachableShard(failure);
        if (failure != null && down == ScoreLookup.REACHED) {
          return Future.failedFuture(failure);
        }
        if (failure == null) {
          asked.read(c, r.response(), userIds, found);
        }
        List<Integer> users = asked.users().get(c);
        for (int k = 0; k < users.size(); k++) {
          int i = users.get(k);
          Response meta = m == null || failure != null ? null : m.response().get(k);
          out[i] = failure == null ? ScoreLookup.answered(found[i] == null ? null
              : found[i].withMeta(meta == null ? null : meta.toString()))
              : ScoreLookup.unreachable(down);
        }
      }
      return Future.succeededFuture(Arrays.asList(out));
    });
  }

  /** The shard a failure names as unreachable, or {@link ScoreLookup#REACHED} for any other failure (or none). */
  private static int unreachableShard(Throwable failure) {
    return failure instanceof StoreUnavailableException down
        ? down.shard().orElse(ScoreLookup.REACHED) : ScoreLookup.REACHED;
  }

  /** {@code users} holds each call's user indexes. */
  private record Lookups(List<Call> calls, List<List<Integer>> users, boolean wide) {
    void read(int c, Response answer, List<String> userIds, StoredEntry[] out) {
      List<Integer> idx = users.get(c);
      if (wide) {
        out[idx.get(0)] = stored(userIds.get(idx.get(0)), answer);
        return;
      }
      for (int k = 0; k < idx.size(); k++) {
        out[idx.get(k)] = stored(userIds.get(idx.get(k)), answer.get(k));
      }
    }
  }

  private Lookups lookupCalls(Board b, String period, List<String> userIds) {
    List<Route> keySets = Keys.keySets(shards, b, period);
    List<List<Integer>> byKeySet = new ArrayList<>();
    for (int k = 0; k < keySets.size(); k++) {
      byKeySet.add(new ArrayList<>());
    }
    for (int i = 0; i < userIds.size(); i++) {
      byKeySet.get(Keys.home(shards, b, period, userIds.get(i)).partition()).add(i);
    }
    List<List<Integer>> asked = new ArrayList<>();
    List<Call> calls = new ArrayList<>();
    for (int k = 0; k < keySets.size(); k++) {
      List<Integer> idx = byKeySet.get(k);
      Route r = keySets.get(k);
      if (!idx.isEmpty() && b.wide()) {
        for (int i : idx) {
          asked.add(List.of(i));
          calls.add(find(b, r, userIds.get(i)));
        }
      } else if (!idx.isEmpty()) {
        Request zmscore = Request.cmd(Command.ZMSCORE).arg(Keys.scores(r));
        idx.forEach(i -> zmscore.arg(userIds.get(i)));
        asked.add(idx);
        calls.add(Call.of(r, zmscore));
      }
    }
    return new Lookups(calls, asked, b.wide());
  }
}
