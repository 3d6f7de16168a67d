package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The Redis nodes a service talks to, addressed by {@link Route}, so the same stores run on
 * standalone endpoints or a Redis Cluster. A node that cannot serve fails a request with
 * {@link dev.leaderboard.core.StoreUnavailableException}, a full pool with
 * {@link dev.leaderboard.core.OverloadedException}; a Redis error reply fails it as it is.
 */
public interface Shards {

  /** Standalone endpoints: partition {@code p} on endpoint {@code p mod endpoints}, meta keys on endpoint 0. */
  static Shards connect(Vertx vertx, List<String> endpoints, RedisPool pool) {
    return StandaloneShards.connect(vertx, endpoints, pool);
  }

  /** Standalone endpoints ({@link StandaloneShards}) or a Redis Cluster ({@link ClusterShards}), as {@code redis} says. */
  static Shards connect(Vertx vertx, RedisTopology redis, RedisPool pool) {
    return redis.cluster()
        ? ClusterShards.connect(vertx, redis.endpoints(), pool, redis.settleMillis())
        : StandaloneShards.connect(vertx, redis.endpoints(), pool);
  }

  /** {@link #connect(Vertx, List, RedisPool)} with {@code poolSize} connections per endpoint, default waiting. */
  static Shards connect(Vertx vertx, List<String> endpoints, int poolSize) {
    return connect(vertx, endpoints, RedisPool.of(poolSize));
  }

  /**
   * Sends every call to the node holding its route: the calls of one node go as one pipelined
   * batch (in the order given, under the NOSCRIPT policy of {@link ScriptPipeline}), all nodes
   * at once. Answers in request order; the dispatch fails when any node's batch fails.
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

  /**
   * Like {@link #dispatch}, but a node that fails fails only its own calls: every call gets its
   * answer or its node's failure, so a caller can tell which calls are known to have run. Never
   * fails as a whole.
   */
  Future<List<Reply>> dispatchEach(List<Call> calls);

  /** One call's answer, or the failure of the node it went to ({@code response} then {@code null}). */
  record Reply(Response response, Throwable failure) {
  }

  /**
   * Whether a failed batch may be sent again whole ({@link ClusterShards}), so a write may reach Redis
   * twice; writes not idempotent by themselves (a score event) then carry an idempotency key.
   */
  default boolean resendsWrites() {
    return false;
  }

  /** Loads every script on every node (done when a service starts, so its first calls find them). */
  Future<Void> loadScripts();

  /** PINGs every node at once; one answer per endpoint, in endpoint order; never fails. */
  Future<List<EndpointHealth>> health(long timeoutMillis);

  void close();

  /** One call; its answer ({@code null} for a nil reply). */
  default Future<Response> send(Call call) {
    return dispatch(List.of(call)).map(answers -> answers.get(0));
  }

  /** One plain command on {@code route}; its answer ({@code null} for a nil reply). */
  default Future<Response> send(Route route, Request request) {
    return send(Call.of(route, request));
  }

  /**
   * Sends {@code calls.apply(r)} for every route {@code r} in one {@link #dispatch}; answers per
   * route, in the order of {@code routes}, each in the order of its calls.
   */
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
