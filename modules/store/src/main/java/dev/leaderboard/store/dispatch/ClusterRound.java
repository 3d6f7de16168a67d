package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One {@link Shards#dispatchEach} on a Redis Cluster, with its retries. Calls are grouped by the
 * master of their slot, one pipelined batch each. A batch that failed retryably
 * ({@link RedisFailures#clusterRetryable}) is sent again whole after re-reading the slot map and a
 * pause that doubles up to {@link #MAX_PAUSE_MILLIS} (its other answers are lost with the failure);
 * a batch answered {@code ASK} goes command by command following redirects and waiting out
 * {@code TRYAGAIN} (a multi-key script on a slot half moved waits for the move). Calls still failing
 * at the deadline fail with {@link StoreUnavailableException#redisUnsettled}. A batch that writes ends
 * with the {@code WAIT} of its {@link WriteConfirmation} (command by command: each write with its own).
 */
final class ClusterRound {
  static final long MAX_PAUSE_MILLIS = 200;

  private final ClusterShards shards;
  private final List<Call> calls;
  private final long deadline;
  private final Shards.Reply[] out;

  ClusterRound(ClusterShards shards, List<Call> calls, long deadlineNanos) {
    this.shards = shards;
    this.calls = calls;
    this.deadline = deadlineNanos;
    this.out = new Shards.Reply[calls.size()];
  }

  Future<List<Shards.Reply>> run() {
    List<Integer> all = new ArrayList<>(calls.size());
    for (int i = 0; i < calls.size(); i++) {
      all.add(i);
    }
    return attempt(all, 0).map(v -> Arrays.asList(out));
  }

  /** One batch per master for the calls in {@code pending}; then those of failed batches again. */
  private Future<Void> attempt(List<Integer> pending, int round) {
    SlotMap map = shards.current();
    Map<Integer, List<Integer>> byMaster = new TreeMap<>();
    for (int i : pending) {
      byMaster.computeIfAbsent(map.masterOf(calls.get(i).route()), m -> new ArrayList<>()).add(i);
    }
    List<Integer> masters = new ArrayList<>(byMaster.keySet());
    List<Future<List<Shards.Reply>>> sent = new ArrayList<>();
    for (int m : masters) {
      List<Call> group = byMaster.get(m).stream().map(calls::get).toList();
      sent.add(m < 0
          ? Future.failedFuture(new IllegalStateException("no master serves the slot"))
          : group(map, m, group));
    }
    return Future.join(sent).transform(done -> {
      List<Integer> again = new ArrayList<>();
      for (int g = 0; g < masters.size(); g++) {
        int m = masters.get(g);
        List<Integer> idx = byMaster.get(m);
        Future<List<Shards.Reply>> batch = sent.get(g);
        if (batch.succeeded()) {
          for (int k = 0; k < idx.size(); k++) {
            out[idx.get(k)] = batch.result().get(k);
          }
        } else if (RedisFailures.clusterRetryable(batch.cause()) && !late()) {
          SlotMap.Node node = m < 0 ? null : map.masters().get(m);
          shards.counters().repeated(node);
          shards.counters().retry(node, reason(batch.cause()));
          again.addAll(idx);
        } else {
          Throwable failure = fail(Math.max(m, 0), batch.cause());
          idx.forEach(i -> out[i] = new Shards.Reply(null, failure));
        }
      }
      if (again.isEmpty()) {
        return Future.succeededFuture();
      }
      again.sort(null);
      return pause(round).compose(v -> shards.refresh().transform(ar -> attempt(again, round + 1)));
    });
  }

  /** One master's batch; answered {@code ASK}, its calls one by one instead. */
  private Future<List<Shards.Reply>> group(SlotMap map, int m, List<Call> group) {
    SlotMap.Node node = map.masters().get(m);
    WriteConfirmation confirmation = WriteConfirmation.of(shards.replicaWait(), group);
    return ScriptPipeline.send(requests -> confirmation.send(requests, batch -> shards.pipeline(node, m, batch)), group)
        .map(answers -> confirmation.replies(m, group, answers))
        .recover(t -> RedisFailures.redirect(t, "ASK") != null && !late() ? oneByOne(group) : Future.failedFuture(t));
  }

  private Future<List<Shards.Reply>> oneByOne(List<Call> group) {
    Future<List<Shards.Reply>> chain = Future.succeededFuture(new ArrayList<>(group.size()));
    for (Call c : group) {
      chain = chain.compose(answers -> single(c, null, false, 0).map(r -> {
        answers.add(r);
        return answers;
      }));
    }
    return chain;
  }

  /**
   * One call to {@code address} ({@code null}: the master serving its slot now), preceded by
   * {@code ASKING} when {@code asking}; follows redirects and waits out transitions until the deadline.
   */
  private Future<Shards.Reply> single(Call c, String address, boolean asking, int tries) {
    SlotMap map = shards.current();
    int m = address == null ? map.masterOf(c.route()) : -1;
    SlotMap.Node node = address != null ? shards.node(address) : m >= 0 ? map.masters().get(m) : null;
    WriteConfirmation confirmation = WriteConfirmation.of(shards.replicaWait(), List.of(c));
    Future<Shards.Reply> sent = node == null
        ? Future.failedFuture(new IllegalStateException("no master serves the slot"))
        : ScriptPipeline.send(requests -> confirmation.send(requests,
            batch -> asking ? asking(node, batch) : shards.pipeline(node, m, batch)), List.of(c))
            .map(answers -> confirmation.replies(Math.max(m, 0), List.of(c), answers).get(0));
    return sent.recover(t -> {
      if (!RedisFailures.clusterRetryable(t) || late()) {
        return Future.failedFuture(fail(Math.max(m, 0), t));
      }
      String ask = RedisFailures.redirect(t, "ASK");
      if (ask != null) {
        shards.counters().redirect(node, "ask");
        return single(c, ask, true, tries + 1);
      }
      String moved = RedisFailures.redirect(t, "MOVED");
      if (moved != null) {
        shards.counters().redirect(node, "moved");
        shards.refresh();
        return single(c, moved, false, tries + 1);
      }
      shards.counters().retry(node, reason(t));
      return pause(tries).compose(v -> shards.refresh().transform(ar -> single(c, null, false, tries + 1)));
    });
  }

  /** The requests behind {@code ASKING}, on one connection of the importing node. */
  private Future<List<Response>> asking(SlotMap.Node node, List<Request> requests) {
    List<Request> batch = new ArrayList<>(requests.size() + 1);
    batch.add(Request.cmd(Command.ASKING));
    batch.addAll(requests);
    return shards.pipeline(node, -1, batch).map(answers -> answers.subList(1, answers.size()));
  }

  private Throwable fail(int master, Throwable t) {
    return RedisFailures.clusterRetryable(t) && late()
        ? StoreUnavailableException.redisUnsettled(master, shards.settleMillis(), t)
        : RedisFailures.classify(master, t);
  }

  private boolean late() {
    return System.nanoTime() - deadline >= 0;
  }

  private Future<Void> pause(int round) {
    long millis = round == 0 ? 0 : Math.min(MAX_PAUSE_MILLIS, 5L << Math.min(round, 10));
    if (millis == 0) {
      return Future.succeededFuture();
    }
    Promise<Void> done = Promise.promise();
    shards.vertx().setTimer(millis, id -> done.complete());
    return done.future();
  }

  /** What a retry is counted under: the first error code, or {@code unreachable}. */
  private static String reason(Throwable t) {
    String summary = RedisFailures.summary(t);
    return summary.startsWith("error reply ") ? summary.substring("error reply ".length()) : summary;
  }
}
