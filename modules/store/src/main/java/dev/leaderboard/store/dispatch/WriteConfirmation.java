package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The {@code WAIT} that ends one master's batch when the batch writes ({@link ReplicaWait}). Redis
 * answers {@code WAIT} with the number of replicas that acknowledged every write made so far on the
 * connection it came on, so one at the end of the pipelined batch covers all of the batch's writes:
 * one wait per master and round, none for a batch that only reads. When fewer replicas answered in
 * time, the batch's writes fail with {@link StoreUnavailableException#unconfirmed} (they did run on
 * the master) and its reads keep their answers.
 */
final class WriteConfirmation {
  /**
   * Plain commands that only read. Which plain commands write is judged here rather than by each
   * store: any command not listed counts as a write, so a new write can never skip the wait (a new
   * read only costs a wait until it is listed).
   */
  private static final Set<Command> READS = Set.of(Command.GET, Command.MGET, Command.EXISTS, Command.TYPE,
      Command.TTL, Command.PTTL, Command.STRLEN, Command.HGET, Command.HMGET, Command.HGETALL, Command.HKEYS,
      Command.HLEN, Command.HEXISTS, Command.HSCAN, Command.SMEMBERS, Command.SISMEMBER, Command.SCARD,
      Command.SSCAN, Command.ZSCORE, Command.ZMSCORE, Command.ZRANK, Command.ZREVRANK, Command.ZCARD,
      Command.ZCOUNT, Command.ZRANGE, Command.ZREVRANGE, Command.ZRANGEBYSCORE, Command.ZREVRANGEBYSCORE,
      Command.ZSCAN, Command.SCAN, Command.DUMP, Command.MEMORY, Command.PING, Command.INFO);
  private static final WriteConfirmation NONE = new WriteConfirmation(ReplicaWait.NONE, Set.of());

  private final ReplicaWait wait;
  /** The requests of the group's writes, by identity: {@link ScriptPipeline} sends them as given. */
  private final Set<Request> writes;
  /** Replicas the last {@code WAIT} counted; {@code -1} before one was answered. */
  private int acked = -1;

  private WriteConfirmation(ReplicaWait wait, Set<Request> writes) {
    this.wait = wait;
    this.writes = writes;
  }

  /** For one master's {@code group}; one that waits for nothing when none of it writes or no replica is asked for. */
  static WriteConfirmation of(ReplicaWait wait, List<Call> group) {
    if (wait.replicas() <= 0) {
      return NONE;
    }
    Set<Request> writing = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Call c : group) {
      if (writes(c)) {
        writing.add(c.request());
      }
    }
    return writing.isEmpty() ? NONE : new WriteConfirmation(wait, writing);
  }

  /** A script call writes as its script says; a plain command unless it is a known read. */
  static boolean writes(Call c) {
    return c.script() != null ? c.script().writes() : !READS.contains(c.request().command());
  }

  /**
   * Sends {@code requests} through {@code node} (one pipelined batch on one connection), with a
   * {@code WAIT} behind them when they hold a write of the group; answers without the WAIT's.
   */
  Future<List<Response>> send(List<Request> requests, Function<List<Request>, Future<List<Response>>> node) {
    if (requests.stream().noneMatch(writes::contains)) {
      return node.apply(requests);
    }
    List<Request> batch = new ArrayList<>(requests.size() + 1);
    batch.addAll(requests);
    batch.add(Request.cmd(Command.WAIT).arg(wait.replicas()).arg(wait.millis()));
    return node.apply(batch).map(answers -> {
      acked = answers.get(answers.size() - 1).toInteger();
      return answers.subList(0, answers.size() - 1);
    });
  }

  /** Per call of {@code group}, answered {@code answers}: the answer, or for a write not confirmed the failure. */
  List<Shards.Reply> replies(int master, List<Call> group, List<Response> answers) {
    StoreUnavailableException shortfall = writes.isEmpty() || acked >= wait.replicas() ? null
        : StoreUnavailableException.unconfirmed(master, Math.max(acked, 0), wait.replicas(), wait.millis());
    List<Shards.Reply> out = new ArrayList<>(group.size());
    for (int k = 0; k < group.size(); k++) {
      boolean unconfirmed = shortfall != null && writes.contains(group.get(k).request());
      out.add(unconfirmed ? new Shards.Reply(null, shortfall) : new Shards.Reply(answers.get(k), null));
    }
    return out;
  }
}
