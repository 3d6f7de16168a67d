package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standalone Redis endpoints, one pooled client each: partition (or friend-set slot) {@code p} on
 * endpoint {@code p mod endpoints}, the meta keys on endpoint 0, so the endpoints' order is the mapping.
 */
public final class StandaloneShards implements Shards {
  private static final Logger LOG = LoggerFactory.getLogger(StandaloneShards.class);
  /** The endpoints without credentials, for the log only. */
  private final List<String> labels;
  private final List<Redis> clients;
  /** Round-trip timers per endpoint; {@code null} when the node runs without metrics. */
  private final ShardMeters meters;
  private final NodeHealth health = new NodeHealth(LOG);
  private final List<ShardWatch> watches;
  /** Per endpoint and event loop, one round of reads out at a time; the reads that wait go together next. */
  private final Rounds<Integer, List<Call>, Answers> reads;

  /** One dispatch's calls to one endpoint answered, or why not. */
  private record Answers(List<Response> responses, Throwable failure) {
  }

  private StandaloneShards(List<String> endpoints, List<Redis> clients, RedisPool pool) {
    this.labels = endpoints.stream().map(ShardMeters::label).toList();
    this.clients = clients;
    this.meters = ShardMeters.create(endpoints.size());
    this.watches = endpoints.stream().map(e -> new ShardWatch(pool.answerMillis())).toList();
    this.reads = new Rounds<>(Rounds.MAX_WAITING, this::readRound);
  }

  public static StandaloneShards connect(Vertx vertx, List<String> endpoints, RedisPool pool) {
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("at least one Redis endpoint is needed");
    }
    List<Redis> clients = new ArrayList<>();
    for (String endpoint : endpoints) {
      clients.add(client(vertx, endpoint, pool));
    }
    return new StandaloneShards(endpoints, clients, pool);
  }

  /** A pooled client of one Redis server (also each master of a cluster, {@link ClusterShards}). */
  static Redis client(Vertx vertx, String endpoint, RedisPool pool) {
    return Redis.createClient(vertx, new RedisOptions()
        .setConnectionString(endpoint)
        .setMaxPoolSize(pool.size())
        .setMaxPoolWaiting(pool.maxWaiting())
        // a pipelined batch holds one waiting handler per command
        .setMaxWaitingHandlers(65_536)
        .setPreferredProtocolVersion(ProtocolVersion.RESP2));
  }

  private int nodeOf(Route route) {
    return route.partition() % clients.size();
  }

  /** One key set per endpoint: every partition of a board period that the endpoint holds. */
  @Override
  public int keySetOf(int partition) {
    return partition % clients.size();
  }

  @Override
  public String keySetLayout() {
    return "endpoints:" + clients.size();
  }

  /** Key sets on one endpoint share a script call. */
  @Override
  public List<List<Route>> scriptGroups(List<Route> routes) {
    List<List<Route>> byNode = new ArrayList<>(clients.size());
    for (int s = 0; s < clients.size(); s++) {
      byNode.add(new ArrayList<>());
    }
    for (Route r : routes) {
      byNode.get(nodeOf(r)).add(r);
    }
    byNode.removeIf(List::isEmpty);
    return byNode;
  }

  @Override
  public Future<List<Reply>> dispatchEach(List<Call> calls) {
    int n = clients.size();
    List<List<Integer>> byNode = new ArrayList<>(n);
    for (int s = 0; s < n; s++) {
      byNode.add(new ArrayList<>());
    }
    for (int i = 0; i < calls.size(); i++) {
      byNode.get(nodeOf(calls.get(i).route())).add(i);
    }
    List<List<Integer>> groups = new ArrayList<>();
    List<Future<List<Response>>> sent = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      List<Integer> idx = byNode.get(s);
      if (!idx.isEmpty()) {
        int node = s;
        groups.add(idx);
        sent.add(send(node, idx.stream().map(calls::get).toList()));
      }
    }
    return Future.join(sent).transform(done -> {
      Reply[] out = new Reply[calls.size()];
      for (int g = 0; g < groups.size(); g++) {
        Future<List<Response>> node = sent.get(g);
        List<Integer> idx = groups.get(g);
        for (int k = 0; k < idx.size(); k++) {
          out[idx.get(k)] = node.succeeded() ? new Reply(node.result().get(k), null) : new Reply(null, node.cause());
        }
      }
      return Future.succeededFuture(Arrays.asList(out));
    });
  }

  /**
   * Reads go in the endpoint's next round of reads; anything that writes goes at once, alone, so
   * that an error reply to another caller's call can never cost a write its answer.
   */
  private Future<List<Response>> send(int node, List<Call> group) {
    for (Call c : group) {
      if (!c.reads()) {
        return alone(node, group);
      }
    }
    return reads.ask(node, group).compose(a -> a.failure() == null ? Future.succeededFuture(a.responses())
        : Future.failedFuture(a.failure()));
  }

  private Future<List<Response>> alone(int node, List<Call> group) {
    return ScriptPipeline.send(requests -> pipeline(node, requests), group);
  }

  /**
   * The reads of several dispatches as one pipelined batch, each dispatch its own answers. The
   * client fails a whole batch when any call gets an error reply; reads change nothing, so each
   * dispatch is then sent again alone and gets its own answer or error.
   */
  private Future<List<Answers>> readRound(int node, List<List<Call>> asks) {
    if (asks.size() == 1) {
      return alone(node, asks.get(0)).transform(ar -> Future.succeededFuture(List.of(
          new Answers(ar.result(), ar.cause()))));
    }
    List<Call> all = new ArrayList<>();
    for (List<Call> ask : asks) {
      all.addAll(ask);
    }
    return alone(node, all).transform(ar -> {
      if (ar.succeeded()) {
        List<Answers> out = new ArrayList<>(asks.size());
        int from = 0;
        for (List<Call> ask : asks) {
          out.add(new Answers(ar.result().subList(from, from + ask.size()), null));
          from += ask.size();
        }
        return Future.succeededFuture(out);
      }
      if (!RedisFailures.errorReply(ar.cause())) {
        Answers failed = new Answers(null, ar.cause());
        return Future.succeededFuture(Collections.nCopies(asks.size(), failed));
      }
      List<Future<List<Response>>> each = new ArrayList<>(asks.size());
      for (List<Call> ask : asks) {
        each.add(alone(node, ask));
      }
      return Future.join(each).transform(done -> Future.succeededFuture(each.stream()
          .map(f -> new Answers(f.result(), f.cause())).toList()));
    });
  }

  @Override
  public Future<Void> loadScripts(Collection<Script> scripts) {
    List<Future<List<Response>>> loads = new ArrayList<>();
    for (int s = 0; s < clients.size(); s++) {
      loads.add(pipeline(s, ScriptPipeline.loads(scripts)));
    }
    return Future.all(loads).mapEmpty();
  }

  @Override
  public Future<List<EndpointHealth>> health(long timeoutMillis) {
    List<Future<EndpointHealth>> checks = new ArrayList<>();
    for (int s = 0; s < clients.size(); s++) {
      checks.add(health.check(pipeline(s, List.of(Request.cmd(Command.PING))), timeoutMillis, "shard " + s,
          labels.get(s)));
    }
    return Future.all(checks).map(all -> checks.stream().map(Future::result).toList());
  }

  /**
   * The requests to one endpoint in one write, timed and bounded by the answer time ({@link ShardWatch});
   * failures become what {@link RedisFailures} says.
   */
  private Future<List<Response>> pipeline(int node, List<Request> requests) {
    long start = System.nanoTime();
    Redis client = clients.get(node);
    Future<List<Response>> answers = watches.get(node).watch(node, () -> requests.size() == 1
        ? client.send(requests.get(0)).map(Collections::singletonList)
        : client.batch(requests));
    if (meters != null) {
      answers = meters.time(node, requests.size() > 1, start, answers);
    }
    return answers.recover(t -> Future.failedFuture(RedisFailures.classify(node, t)));
  }

  @Override
  public void close() {
    clients.forEach(Redis::close);
  }
}
