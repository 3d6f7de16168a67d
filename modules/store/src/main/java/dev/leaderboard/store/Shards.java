package dev.leaderboard.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The Redis endpoints a node talks to, one pooled client each. Partition {@code p} of every board
 * lives on endpoint {@code p mod endpoints}; board definitions live on endpoint 0.
 */
public final class Shards {
  private final List<String> endpoints;
  private final List<Redis> clients;
  /** Round-trip timers per shard; {@code null} when the node runs without metrics. */
  private final ShardMeters meters;

  private Shards(List<String> endpoints, List<Redis> clients) {
    this.endpoints = List.copyOf(endpoints);
    this.clients = clients;
    this.meters = ShardMeters.create(this.endpoints);
  }

  public static Shards connect(Vertx vertx, List<String> endpoints, int poolSize) {
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("at least one Redis endpoint is needed");
    }
    List<Redis> clients = new ArrayList<>();
    for (String endpoint : endpoints) {
      clients.add(Redis.createClient(vertx, new RedisOptions()
          .setConnectionString(endpoint)
          .setMaxPoolSize(poolSize)
          .setMaxPoolWaiting(100_000)
          // a pipelined batch holds one waiting handler per command
          .setMaxWaitingHandlers(65_536)
          .setPreferredProtocolVersion(ProtocolVersion.RESP2)));
    }
    return new Shards(endpoints, clients);
  }

  public int count() {
    return clients.size();
  }

  public List<String> endpoints() {
    return endpoints;
  }

  public int shardOf(int partition) {
    return partition % clients.size();
  }

  public Future<Response> send(int shard, Request request) {
    long start = System.nanoTime();
    Future<Response> answer = clients.get(shard).send(request);
    return meters == null ? answer : meters.time(shard, false, start, answer);
  }

  /** Sends the requests to one shard pipelined in a single write; the answers come back in order. */
  public Future<List<Response>> batch(int shard, List<Request> requests) {
    if (requests.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    long start = System.nanoTime();
    Future<List<Response>> answers = clients.get(shard).batch(requests);
    return meters == null ? answers : meters.time(shard, true, start, answers);
  }

  /**
   * Runs {@code requests.apply(p)} for every partition {@code p < partitions}: one pipelined batch
   * per shard, all shards at once. Answers are returned per partition, in request order.
   */
  public Future<List<List<Response>>> eachPartition(int partitions, IntFunction<List<Request>> requests) {
    int shards = Math.min(partitions, clients.size());
    List<Future<List<Response>>> perShard = new ArrayList<>(shards);
    List<List<Integer>> sizes = new ArrayList<>(shards);
    for (int s = 0; s < shards; s++) {
      List<Request> batch = new ArrayList<>();
      List<Integer> counts = new ArrayList<>();
      for (int p = s; p < partitions; p += clients.size()) {
        List<Request> r = requests.apply(p);
        counts.add(r.size());
        batch.addAll(r);
      }
      sizes.add(counts);
      perShard.add(batch(s, batch));
    }
    return Future.all(perShard).map(all -> {
      List<List<Response>> out = new ArrayList<>(partitions);
      for (int p = 0; p < partitions; p++) {
        out.add(null);
      }
      for (int s = 0; s < shards; s++) {
        List<Response> answers = all.resultAt(s);
        int at = 0;
        int i = 0;
        for (int p = s; p < partitions; p += clients.size()) {
          int n = sizes.get(s).get(i++);
          out.set(p, answers.subList(at, at + n));
          at += n;
        }
      }
      return out;
    });
  }

  /** Succeeds when every shard answers PING. */
  public Future<Void> ping() {
    List<Future<Response>> pings = new ArrayList<>();
    for (int s = 0; s < clients.size(); s++) {
      pings.add(send(s, Request.cmd(Command.PING)));
    }
    return Future.all(pings).mapEmpty();
  }

  public void close() {
    clients.forEach(Redis::close);
  }
}
