package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The Redis nodes, addressed by {@link Route} so the same stores run standalone or on a Cluster. An
 * unreachable node fails with {@link dev.leaderboard.core.StoreUnavailableException}, a full pool
 * with {@link dev.leaderboard.core.OverloadedException}, an error reply as it is.
 */
public interface Shards {

  /** Standalone endpoints: partition {@code p} on endpoint {@code p mod endpoints}, meta keys on endpoint 0. */
  static Shards connect(Vertx vertx, List<String> endpoints, RedisPool pool) {
    return StandaloneShards.connect(vertx, endpoints, pool);
  }

  /** Standalone endpoints ({@link StandaloneShards}) or a Redis Cluster ({@link ClusterShards}), as {@code redis} says. */
  static Shards connect(Vertx vertx, RedisTopology redis, RedisPool pool) {
    return redis.cluster()
        ? ClusterShards.connect(vertx, redis.endpoints(), pool, redis.settleMillis(), redis.replicaWait())
        : StandaloneShards.connect(vertx, redis.endpoints(), pool);
  }

  static Shards connect(Vertx vertx, List<String> endpoints, int poolSize) {
    return connect(vertx, endpoints, RedisPool.of(poolSize));
  }

  /**
   * One pipelined batch per node, all nodes at once ({@link ScriptPipeline}). Answers in request
   * order; fails when any node's batch fails.
   */
  default Future<List<Response>> dispatch(List<Call> calls) {
    return dispatchEach(calls).compose(replies -> {
      List<Response> out = new ArrayList<>(replies.size());
      for (Reply r : replies) {
        if (r.failure() != null) {
          return Future.failedFuture(r.failure());
        }
        out.add(r.response());
      }
      return Future.succeededFuture(out);
    });
  }

  /** Like {@link #dispatch}, but a node that fails fails only its own calls; never fails as a whole. */
  Future<List<Reply>> dispatchEach(List<Call> calls);

  /** One call's answer, or the failure of the node it went to ({@code response} then {@code null}). */
  record Reply(Response response, Throwable failure) {
  }

  /**
   * {@code routes} in groups whose keys one script call may read together (the same node; on a Redis
   * Cluster the same hash slot, so one route each), each group in the order given.
   */
  default List<List<Route>> scriptGroups(List<Route> routes) {
    List<List<Route>> out = new ArrayList<>(routes.size());
    for (Route r : routes) {
      out.add(List.of(r));
    }
    return out;
  }

  /**
   * The key set that holds partition {@code partition}'s entries, named after the lowest partition
   * it holds (docs/design.md, "Key sets"): on standalone endpoints one per endpoint and board period,
   * so partition {@code p mod endpoints}; on a Redis Cluster each partition its own, so a partition
   * stays one hash slot that moves as a unit.
   */
  int keySetOf(int partition);

  /**
   * How {@link #keySetOf} places partitions, as recorded with the data ({@code lb:{meta}:key-sets}):
   * {@code endpoints:<n>} on standalone endpoints, {@code partitions} on a Redis Cluster.
   */
  String keySetLayout();

  /** A write may then reach Redis twice, so writes not idempotent by themselves carry an idempotency key. */
  default boolean resendsWrites() {
    return false;
  }

  /** Loads {@code scripts} on every node, so the first calls need not load them. */
  Future<Void> loadScripts(Collection<Script> scripts);

  /** PINGs every node at once; one answer per endpoint, in endpoint order; never fails. */
  Future<List<EndpointHealth>> health(long timeoutMillis);

  void close();

  /** {@code null} for a nil reply. */
  default Future<Response> send(Call call) {
    return dispatch(List.of(call)).map(answers -> answers.get(0));
  }

  /** {@code null} for a nil reply. */
  default Future<Response> send(Route route, Request request) {
    return send(Call.of(route, request));
  }

  /** The elements of a multi-bulk answer ({@code SMEMBERS}, {@code HKEYS}, a range without scores) as strings, in order. */
  static List<String> strings(Response multi) {
    List<String> out = new ArrayList<>(multi.size());
    multi.forEach(m -> out.add(m.toString()));
    return out;
  }

  /** A flat field-value answer ({@code HGETALL}) as a map in its order, each value read by {@code value}. */
  static <V> Map<String, V> fields(Response flat, Function<String, V> value) {
    Map<String, V> out = new LinkedHashMap<>();
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      out.put(flat.get(i).toString(), value.apply(flat.get(i + 1).toString()));
    }
    return out;
  }

  /** One {@link #dispatch}; answers per route, in order, each in the order of its calls. */
  default Future<List<List<Response>>> eachPartition(List<Route> routes, Function<Route, List<Call>> calls) {
    List<Call> all = new ArrayList<>();
    int[] ends = new int[routes.size()];
    for (int i = 0; i < routes.size(); i++) {
      all.addAll(calls.apply(routes.get(i)));
      ends[i] = all.size();
    }
    return dispatch(all).map(answers -> {
      List<List<Response>> out = new ArrayList<>(routes.size());
      for (int i = 0; i < ends.length; i++) {
        out.add(answers.subList(i == 0 ? 0 : ends[i - 1], ends[i]));
      }
      return out;
    });
  }
}
