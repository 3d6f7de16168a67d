package dev.leaderboard.store.boards;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.scores.RankCommands;
import dev.leaderboard.store.scores.Rows;
import dev.leaderboard.store.scores.Runs;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The Redis side of closing a period: its state, the close lease, freezing every partition, the
 * final ranking, and dropping the keys once the archive holds them.
 */
public final class PeriodStore {

  private final Shards shards;
  private final Leases leases;
  private final ModerationStore moderation;

  /** @param moderation where the bans that {@link #ranking} leaves out are read */
  public PeriodStore(Shards shards, ModerationStore moderation) {
    this.shards = shards;
    this.leases = new Leases(shards);
    this.moderation = moderation;
  }

  /** Period ID → state, for the periods that are not open. */
  public Future<Map<String, PeriodState>> states(Board b) {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.periodStates(b))).map(PeriodStore::states);
  }

  /** A board's hot periods (with data in Redis) and the states of those that are not open. */
  public record HotPeriods(Board board, List<String> periods, Map<String, PeriodState> states) {
  }

  /** One round however many boards there are. */
  public Future<List<HotPeriods>> hotPeriods(List<Board> boards) {
    List<Call> calls = new ArrayList<>(2 * boards.size());
    for (Board b : boards) {
      calls.add(Call.of(Route.META, Request.cmd(Command.SMEMBERS).arg(Keys.periods(b))));
      calls.add(Call.of(Route.META, Request.cmd(Command.HGETALL).arg(Keys.periodStates(b))));
    }
    return shards.dispatch(calls).map(answers -> {
      List<HotPeriods> out = new ArrayList<>(boards.size());
      for (int i = 0; i < boards.size(); i++) {
        out.add(new HotPeriods(boards.get(i), Shards.strings(answers.get(2 * i)), states(answers.get(2 * i + 1))));
      }
      return out;
    });
  }

  private static Map<String, PeriodState> states(Response r) {
    return Shards.fields(r, PeriodState::fromWire);
  }

  public Future<Void> setState(Board b, String period, PeriodState state) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.periodStates(b)).arg(period).arg(state.wireName()))
        .mapEmpty();
  }

  public Leases leases() {
    return leases;
  }

  public Future<Boolean> acquire(Board b, String period, String owner, long ttlMillis) {
    return leases.acquire(Keys.closeLease(b, period), owner, ttlMillis);
  }

  public Future<Boolean> renew(Board b, String period, String owner, long ttlMillis) {
    return leases.renew(Keys.closeLease(b, period), owner, ttlMillis);
  }

  public Future<Void> release(Board b, String period, String owner) {
    return leases.release(Keys.closeLease(b, period), owner);
  }

  /**
   * The submit script checks the mark atomically with its write, so once this returns every event
   * either landed before (and is in the final ranking) or is refused.
   */
  public Future<Void> freeze(Board b, String period) {
    List<Route> routes = new ArrayList<>(Keys.keySets(shards, b, period));
    routes.add(Keys.participation(b, period));
    return shards.eachPartition(routes, r -> List.of(
        Call.of(r, Request.cmd(Command.SET).arg(Keys.closed(r)).arg("1")))).mapEmpty();
  }

  /**
   * The final ranking with metadata, without banned users. The bans are read after the partitions,
   * so a user banned before the read is left out even where the ban has not reached the partition.
   */
  public Future<List<StoredEntry>> ranking(Board b, String period) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(RankCommands.range(b, r, 0, -1, false),
        Call.of(r, Request.cmd(Command.HGETALL).arg(Keys.meta(r))))).map(perPartition -> {
          List<List<StoredEntry>> runs = new ArrayList<>(perPartition.size());
          for (List<Response> answers : perPartition) {
            Map<String, String> meta = Shards.fields(answers.get(1), Function.identity());
            runs.add(Rows.entries(answers.get(0), false).stream().map(e -> e.withMeta(meta.get(e.userId()))).toList());
          }
          return Runs.merge(b.order(), runs, Integer.MAX_VALUE);
        })
        .compose(ranking -> moderation.bannedUsers().map(banned -> banned.isEmpty() ? ranking
            : ranking.stream().filter(e -> !banned.contains(e.userId())).toList()));
  }

  public Future<Void> drop(Board b, String period) {
    return BoardStore.unlink(shards, b, List.of(period))
        .compose(ok -> shards.send(Route.META, Request.cmd(Command.SREM).arg(Keys.periods(b)).arg(period))).mapEmpty();
  }

  /** Members per partition summed. */
  public Future<Long> size(Board b, String period) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(RankCommands.card(r)))
        .map(perPartition -> perPartition.stream().mapToLong(a -> a.get(0).toLong()).sum());
  }
}
