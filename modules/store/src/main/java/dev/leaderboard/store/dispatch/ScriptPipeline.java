package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Sends one node's group of calls as one pipelined batch; the one place Lua runs and the one
 * NOSCRIPT policy. Every script call is an EVALSHA of a {@link Scripts} script. A node that
 * restarted (or had its script cache flushed) answers NOSCRIPT, and an EVALSHA answered NOSCRIPT
 * did not run. So:
 * <ul>
 *   <li><b>a single call</b>, and <b>a read-only batch</b> (its script calls only read), answered
 *       NOSCRIPT is sent again after one pipelined batch of {@code SCRIPT LOAD} of every script on
 *       that node: what runs twice only reads, or did not run the first time;</li>
 *   <li><b>a batch that writes through a script</b> (and holds more than one request) is never sent
 *       again: Redis may run another client's {@code SCRIPT LOAD} between two requests of a long
 *       pipeline, so some of its calls may have run and others not. It starts instead with the
 *       {@code SCRIPT LOAD} of the scripts it uses, so none of its calls can miss its script.</li>
 * </ul>
 * Plain commands in a batch with read-only script calls are reads: stores put plain writes in
 * batches of their own or behind a writing script. The scripts are also loaded on every node when
 * a node starts serving ({@link Shards#loadScripts}), so the first calls do not pay for the reload.
 */
final class ScriptPipeline {
  private ScriptPipeline() {
  }

  /**
   * Sends {@code group} through {@code node} (one pipelined batch to one node; answers in request
   * order, a failure fails the whole batch) under the policy above; answers in request order.
   */
  static Future<List<Response>> send(Function<List<Request>, Future<List<Response>>> node, List<Call> group) {
    List<Request> requests = new ArrayList<>(group.size());
    Set<Scripts> scripts = EnumSet.noneOf(Scripts.class);
    boolean writes = false;
    for (Call c : group) {
      requests.add(c.request());
      if (c.script() != null) {
        scripts.add(c.script());
        writes |= c.script().writes();
      }
    }
    if (scripts.isEmpty()) {
      return node.apply(requests);
    }
    if (writes && group.size() > 1) {
      List<Request> batch = new ArrayList<>(scripts.size() + requests.size());
      scripts.forEach(s -> batch.add(s.load()));
      batch.addAll(requests);
      return node.apply(batch).map(answers -> answers.subList(scripts.size(), answers.size()));
    }
    return node.apply(requests).recover(t -> RedisFailures.hasCode(t, "NOSCRIPT")
        ? node.apply(loadAll()).compose(loaded -> node.apply(requests))
        : Future.failedFuture(t));
  }

  /** One {@code SCRIPT LOAD} per script, to be sent to a node as one batch. */
  static List<Request> loadAll() {
    List<Request> loads = new ArrayList<>();
    for (Scripts s : Scripts.values()) {
      loads.add(s.load());
    }
    return loads;
  }
}
