package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Sends one node's calls as one pipelined batch: the one place Lua runs and the one NOSCRIPT policy.
 * An EVALSHA answered NOSCRIPT (the node restarted or flushed its scripts) did not run, so a single
 * call or a read-only batch is sent again after loading the scripts it calls. A batch that writes
 * through a script is never sent again (another client's SCRIPT LOAD may land between two requests
 * of a long pipeline, so some calls may have run): it starts with the SCRIPT LOAD of the scripts it
 * uses instead. Plain commands beside read-only script calls are reads: stores batch plain writes
 * apart or behind a writing script.
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
    // the distinct scripts of the batch: a few at most, so a list beats a set
    List<Script> scripts = new ArrayList<>(2);
    boolean writes = false;
    for (Call c : group) {
      requests.add(c.request());
      if (c.script() != null) {
        if (!scripts.contains(c.script())) {
          scripts.add(c.script());
        }
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
        ? node.apply(loads(scripts)).compose(loaded -> node.apply(requests))
        : Future.failedFuture(t));
  }

  /** One {@code SCRIPT LOAD} per script, to be sent to a node as one batch. */
  static List<Request> loads(Collection<Script> scripts) {
    List<Request> loads = new ArrayList<>(scripts.size());
    for (Script s : scripts) {
      loads.add(s.load());
    }
    return loads;
  }
}
