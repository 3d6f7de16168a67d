package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Redis Cluster reached from seed nodes. A batch that fails for a transient reason
 * ({@link RedisFailures#clusterRetryable}) is sent again whole until the cluster settles
 * ({@link ClusterRound}), so writes may run twice and must be idempotent. A write is acknowledged
 * once as many replicas as {@link ReplicaWait} asks for have it ({@link WriteConfirmation}).
 */
public final class ClusterShards implements Shards {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterShards.class);

  private final Vertx vertx;
  /** {@code scheme://userinfo@} of the seeds, for the nodes the cluster names by {@code host:port}. */
  private final String prefix;
  private final List<String> seeds;
  private final RedisPool pool;
  private final long settleMillis;
  private final ReplicaWait configured;
  /** What a write waits for; {@code null} until a slot map decides {@link ReplicaWait#AUTO}. */
  private volatile ReplicaWait wait;
  private final Map<String, Redis> clients = new ConcurrentHashMap<>();
  private final ClusterMeters counters = new ClusterMeters();
  private final NodeHealth health = new NodeHealth(LOG);
  private volatile SlotMap map;
  private volatile ShardMeters timers;
  private Future<SlotMap> refreshing;

  private ClusterShards(Vertx vertx, List<String> seeds, RedisPool pool, long settleMillis, ReplicaWait wait) {
    this.vertx = vertx;
    URI first = URI.create(seeds.get(0));
    this.prefix = first.getScheme() + "://" + (first.getRawUserInfo() == null ? "" : first.getRawUserInfo() + "@");
    this.seeds = seeds.stream().map(ClusterShards::address).toList();
    this.pool = pool;
    this.settleMillis = settleMillis;
    this.configured = wait;
    this.wait = wait.replicas() == ReplicaWait.AUTO ? null : wait;
  }

  /** With {@link ReplicaWait#DEFAULT}. */
  public static ClusterShards connect(Vertx vertx, List<String> seeds, RedisPool pool, long settleMillis) {
    return connect(vertx, seeds, pool, settleMillis, ReplicaWait.DEFAULT);
  }

  /**
   * Seeds share one set of credentials; {@code settleMillis} bounds how long a dispatch waits for the
   * cluster to settle, {@code wait} how many replicas must have a write before it is acknowledged.
   */
  public static ClusterShards connect(Vertx vertx, List<String> seeds, RedisPool pool, long settleMillis,
      ReplicaWait wait) {
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("at least one Redis seed endpoint is needed");
    }
    return new ClusterShards(vertx, seeds, pool, settleMillis, wait);
  }

  /** Each partition its own key set, one hash slot. */
  @Override
  public int keySetOf(int partition) {
    return partition;
  }

  @Override
  public String keySetLayout() {
    return "partitions";
  }

  @Override
  public boolean resendsWrites() {
    return true;
  }

  @Override
  public Future<List<Reply>> dispatchEach(List<Call> calls) {
    if (calls.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    return slotMap().transform(ar -> ar.succeeded()
        ? new ClusterRound(this, calls, System.nanoTime() + settleMillis * 1_000_000).run()
        : Future.succeededFuture(Collections.nCopies(calls.size(), new Reply(null, unreachable(ar.cause())))));
  }

  @Override
  public Future<Void> loadScripts(Collection<Script> scripts) {
    return refresh().compose(m -> Future.all(m.masters().stream()
        .map(n -> pipeline(n, -1, ScriptPipeline.loads(scripts))).toList())).mapEmpty();
  }

  @Override
  public Future<List<EndpointHealth>> health(long timeoutMillis) {
    return refresh().timeout(timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS).transform(ar -> {
      SlotMap m = ar.succeeded() ? ar.result() : map;
      if (m == null) {
        List<Future<EndpointHealth>> down = seeds.stream().map(s -> health.check(
            Future.<List<Response>>failedFuture(ar.cause()), timeoutMillis, "seed", ShardMeters.label(prefix + s)))
            .toList();
        return Future.all(down).map(all -> down.stream().map(Future::result).toList());
      }
      List<Future<EndpointHealth>> checks = new ArrayList<>();
      for (int i = 0; i < m.masters().size(); i++) {
        SlotMap.Node node = m.masters().get(i);
        checks.add(health.check(pipeline(node, i, List.of(Request.cmd(Command.PING))), timeoutMillis,
            "cluster master " + i, ShardMeters.label(prefix + node.address())));
      }
      return Future.all(checks).map(all -> checks.stream().map(Future::result).toList());
    });
  }

  @Override
  public void close() {
    clients.values().forEach(Redis::close);
  }

  Future<SlotMap> slotMap() {
    SlotMap m = map;
    return m != null ? Future.succeededFuture(m) : refresh();
  }

  /** The slot map in use (after {@link #slotMap()} succeeded once). */
  SlotMap current() {
    return map;
  }

  /** Calls while a read is under way share it. */
  synchronized Future<SlotMap> refresh() {
    if (refreshing != null) {
      return refreshing;
    }
    Set<String> candidates = new LinkedHashSet<>();
    SlotMap m = map;
    if (m != null) {
      m.masters().forEach(n -> candidates.add(n.address()));
    }
    candidates.addAll(seeds);
    Future<SlotMap> read = askSlots(new ArrayList<>(candidates), 0, null);
    refreshing = read;
    read.onComplete(ar -> {
      synchronized (this) {
        refreshing = null;
      }
      if (ar.succeeded()) {
        SlotMap fresh = ar.result();
        if (map == null || map.masters().size() != fresh.masters().size()) {
          timers = ShardMeters.create(fresh.masters().size());
        }
        map = fresh;
        decideWait(fresh);
      }
    });
    return read;
  }

  private Future<SlotMap> askSlots(List<String> candidates, int i, Throwable last) {
    if (i >= candidates.size()) {
      return Future.failedFuture(last == null ? new IllegalStateException("no Redis seed node") : last);
    }
    String address = candidates.get(i);
    return client(address).send(Request.cmd(Command.CLUSTER).arg("SLOTS"))
        .map(r -> SlotMap.parse(r, address.substring(0, address.lastIndexOf(':'))))
        .recover(t -> askSlots(candidates, i + 1, t));
  }

  /** The master at {@code host:port} as the slot map in use names it (one not in it yet is {@code new}). */
  SlotMap.Node node(String address) {
    SlotMap m = map;
    if (m != null) {
      for (SlotMap.Node n : m.masters()) {
        if (n.address().equals(address)) {
          return n;
        }
      }
    }
    return new SlotMap.Node(address, "new");
  }

  ClusterMeters counters() {
    return counters;
  }

  Vertx vertx() {
    return vertx;
  }

  long settleMillis() {
    return settleMillis;
  }

  /**
   * {@link ReplicaWait#AUTO}: 0 until a slot map shows a replica for every master, 1 from then on,
   * never back (a promoted replica without a replica of its own then answers writes unconfirmed).
   * A node started while the cluster is being formed thus waits once the replicas have joined.
   */
  private void decideWait(SlotMap fresh) {
    ReplicaWait before = wait;
    if (configured.replicas() != ReplicaWait.AUTO || before != null && (before.replicas() > 0 || !fresh.replicated())) {
      return;
    }
    wait = configured.resolve(fresh.replicated());
    LOG.info("a write is acknowledged once {} replica(s) of its master have it (the masters {} replicas)",
        wait.replicas(), fresh.replicated() ? "list" : "do not all list");
  }

  /** The replicas a write waits for. */
  ReplicaWait replicaWait() {
    ReplicaWait w = wait;
    return w == null ? ReplicaWait.NONE : w;
  }

  /** Failures stay as reported, for {@link ClusterRound} to judge. */
  Future<List<Response>> pipeline(SlotMap.Node node, int index, List<Request> requests) {
    long start = System.nanoTime();
    Redis client = client(node.address());
    Future<List<Response>> answers;
    try {
      answers = requests.size() == 1
          ? client.send(requests.get(0)).map(Collections::singletonList)
          : client.batch(requests);
    } catch (RuntimeException e) {
      answers = Future.failedFuture(e);
    }
    // a master that does not answer (hung, or its packets dropped) fails the round like one that is
    // unreachable, which ClusterRound retries until the cluster settles (writes carry event IDs)
    // a batch ending in WAIT (WriteConfirmation) may take as long again before its last answer
    long waiting = requests.get(requests.size() - 1).command().equals(Command.WAIT) ? configured.millis() : 0;
    answers = answers.timeout(pool.answerMillis() + waiting, java.util.concurrent.TimeUnit.MILLISECONDS);
    ShardMeters t = timers;
    if (t != null && index >= 0 && index < map.masters().size()) {
      answers = t.time(index, requests.size() > 1, start, answers);
    }
    return answers;
  }

  private Redis client(String address) {
    return clients.computeIfAbsent(address, a -> StandaloneShards.client(vertx, prefix + a, pool));
  }

  private static StoreUnavailableException unreachable(Throwable cause) {
    return StoreUnavailableException.redis(0, cause);
  }

  private static String address(String endpoint) {
    URI uri = URI.create(endpoint);
    return uri.getHost() + ":" + (uri.getPort() < 0 ? 6379 : uri.getPort());
  }
}
