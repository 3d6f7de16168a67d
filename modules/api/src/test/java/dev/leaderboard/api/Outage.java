package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Partitioner;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The shard outage of {@link ShardFaultTest}: which shard is killed, whether it is up, being killed
 * or down, and so what an answer may be. Also counts what the requests met, per {@link Mode}.
 */
final class Outage {
  /** The killed shard as requests find it. */
  enum State { UP, KILLING, DOWN }

  /**
   * What a request met: every shard up, the killed shard down (sent once it had exited), or either
   * (in flight while it was killed).
   */
  enum Mode { UP, DOWN, EITHER }

  final String victimEndpoint;
  private final int shards;
  private final int partitions;
  final int victim;
  private final Map<String, LongAdder> seen = new ConcurrentHashMap<>();
  private volatile State state = State.UP;

  /** Boards of {@code partitions} partitions over {@code shards} shards, of which {@code victim} is killed. */
  /** How answers name the killed shard: by its index, never its address. */
  String victimName() {
    return "shard " + victim;
  }

  Outage(int shards, int partitions, int victim, String victimEndpoint) {
    this.shards = shards;
    this.partitions = partitions;
    this.victim = victim;
    this.victimEndpoint = victimEndpoint;
  }

  State state() {
    return state;
  }

  void enter(State next) {
    state = next;
  }

  /** The mode of a request sent in state {@code sent} and answered in state {@code answered}. */
  static Mode mode(State sent, State answered) {
    if (sent == State.DOWN) {
      return Mode.DOWN;
    }
    return sent == State.UP && answered == State.UP ? Mode.UP : Mode.EITHER;
  }

  /** The shard holding {@code user}: partition p lives on shard p mod shards. */
  int shardOf(String user) {
    return Partitioner.partitionOf(user, partitions) % shards;
  }

  boolean onVictim(String user) {
    return shardOf(user) == victim;
  }

  /** An answer of 500 or more must be 503 {@code shard_unavailable} naming the killed shard. */
  void requireShardUnavailable(HttpResponse<Buffer> r, String what) {
    assertThat(r.statusCode()).as("%s: a 5xx must be 503", what).isEqualTo(503);
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.getString("error")).as(what).isEqualTo("shard_unavailable");
    assertThat(body.getString("message")).as("%s: the message names the killed shard", what).contains(victimName()).doesNotContain("127.0.0.1");
  }

  void count(Mode mode, String what) {
    seen.computeIfAbsent(mode + ": " + what, k -> new LongAdder()).increment();
  }

  long seen(Mode mode, String what) {
    LongAdder n = seen.get(mode + ": " + what);
    return n == null ? 0 : n.sum();
  }

  /** Everything counted, sorted by mode and name. */
  Map<String, Long> summary() {
    Map<String, Long> out = new TreeMap<>();
    seen.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
