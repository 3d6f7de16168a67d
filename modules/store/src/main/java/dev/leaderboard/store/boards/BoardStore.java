package dev.leaderboard.store.boards;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Board definitions, kept in one Redis hash among the {@code lb:{meta}} keys (durable with AOF),
 * and the set of periods each board has data for.
 */
public record BoardStore(Shards shards) {
  public Future<Map<String, Board>> loadAll() {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.BOARDS))
        .map(r -> Shards.fields(r, json -> Board.fromStored(new JsonObject(json))));
  }

  public Future<Board> get(String name) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.BOARDS).arg(name))
        .map(r -> r == null ? null : Board.fromStored(new JsonObject(r.toString())));
  }

  /** Stores a new board unless one of that name exists; {@code false} when it did. */
  public Future<Boolean> create(Board b) {
    return shards.send(Route.META, Request.cmd(Command.HSETNX).arg(Keys.BOARDS).arg(b.name())
            .arg(b.toStored().encode()))
        .map(r -> r.toInteger() == 1);
  }

  public Future<Void> update(Board b) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.BOARDS).arg(b.name()).arg(b.toStored().encode()))
        .mapEmpty();
  }

  /** Removes the definition, then unlinks every key of every known period of the board. */
  public Future<Void> delete(Board b) {
    return shards.send(Route.META, Request.cmd(Command.HDEL).arg(Keys.BOARDS).arg(b.name()))
        .compose(ok -> periods(b))
        .compose(periods -> unlink(shards, b, periods))
        .compose(ok -> shards.send(Route.META,
            Request.cmd(Command.UNLINK).arg(Keys.periods(b)).arg(Keys.periodStates(b)).arg(Keys.deliveries(b))))
        .mapEmpty();
  }

  /** Unlinks every key of the given periods of the board: one UNLINK per partition and period, one dispatch. */
  static Future<Void> unlink(Shards shards, Board b, List<String> periods) {
    List<Call> calls = new ArrayList<>();
    for (String period : periods) {
      for (Route r : Keys.keySets(shards, b, period)) {
        Request unlink = Request.cmd(Command.UNLINK);
        for (String key : Keys.all(r)) {
          unlink.arg(key);
        }
        if (b.wide()) {
          Keys.allUsers(r).forEach(unlink::arg);
        }
        calls.add(Call.of(r, unlink));
      }
      Route home = Keys.participation(b, period);
      Request unlink = Request.cmd(Command.UNLINK);
      for (String key : Keys.allParticipation(home)) {
        unlink.arg(key);
      }
      calls.add(Call.of(home, unlink));
    }
    return shards.dispatch(calls).mapEmpty();
  }

  /**
   * Records that the board has data in the period and marks its partitions live ({@link Keys#live}):
   * the submit script writes only to a live partition. The caller reads the definition again after
   * and, the board gone, {@linkplain #unlinkPeriod unlinks} what this wrote.
   */
  public Future<Void> addPeriod(Board b, String period) {
    List<Call> calls = new ArrayList<>();
    calls.add(Call.of(Route.META, Request.cmd(Command.SADD).arg(Keys.periods(b)).arg(period)));
    for (Route r : Keys.keySets(shards, b, period)) {
      calls.add(Call.of(r, Request.cmd(Command.SET).arg(Keys.live(r)).arg(1)));
    }
    Route home = Keys.participation(b, period);
    calls.add(Call.of(home, Request.cmd(Command.SET).arg(Keys.live(home)).arg(1)));
    return shards.dispatch(calls).mapEmpty();
  }

  /** Unlinks every key of the board's period (a period recorded for a board found deleted after). */
  public Future<Void> unlinkPeriod(Board b, String period) {
    return unlink(shards, b, List.of(period));
  }

  public Future<List<String>> periods(Board b) {
    return shards.send(Route.META, Request.cmd(Command.SMEMBERS).arg(Keys.periods(b))).map(Shards::strings);
  }
}
