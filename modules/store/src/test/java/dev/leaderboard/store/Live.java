package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * Marks a board's partitions live, as a node does when it records a period, for tests that write
 * to boards they never stored; a partition on a shard that does not answer stays unmarked.
 */
public final class Live {
  private Live() {
  }

  public static void mark(Shards shards, Board b, String period) {
    List<Call> calls = new ArrayList<>();
    for (Route r : Keys.keySets(shards, b, period)) {
      calls.add(Call.of(r, Request.cmd(Command.SET).arg(Keys.live(r)).arg(1)));
    }
    Route home = Keys.participation(b, period);
    calls.add(Call.of(home, Request.cmd(Command.SET).arg(Keys.live(home)).arg(1)));
    shards.dispatchEach(calls).await();
  }
}
