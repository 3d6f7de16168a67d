package dev.leaderboard.store.boards;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.Map;

/**
 * The webhook deliveries of a board's archived periods, in one hash on the meta shard (period →
 * {@link Delivery} as JSON) beside the period states, and the lease of each delivery.
 */
public final class DeliveryStore {
  private final Shards shards;
  private final Leases leases;

  public DeliveryStore(Shards shards) {
    this.shards = shards;
    this.leases = new Leases(shards);
  }

  public Leases leases() {
    return leases;
  }

  /** Period ID → delivery, for the periods that have one. */
  public Future<Map<String, Delivery>> all(Board b) {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.deliveries(b)))
        .map(r -> Shards.fields(r, json -> Delivery.fromJson(new JsonObject(json))));
  }

  /** The period's delivery, or null when it has none. */
  public Future<Delivery> get(Board b, String period) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.deliveries(b)).arg(period))
        .map(r -> r == null ? null : Delivery.fromJson(new JsonObject(r.toString())));
  }

  public Future<Void> put(Board b, String period, Delivery d) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.deliveries(b)).arg(period).arg(d.toJson().encode()))
        .mapEmpty();
  }

  /** Records the delivery unless the period has one already (a repeated close step changes nothing). */
  public Future<Void> putIfAbsent(Board b, String period, Delivery d) {
    return shards.send(Route.META, Request.cmd(Command.HSETNX).arg(Keys.deliveries(b)).arg(period)
        .arg(d.toJson().encode())).mapEmpty();
  }
}
