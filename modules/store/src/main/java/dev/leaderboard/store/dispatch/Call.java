package dev.leaderboard.store.dispatch;

import io.vertx.redis.client.Request;
import java.util.Set;

/**
 * One request to Redis with the route of the keys it touches; a script call also names its
 * script, so that {@link ScriptPipeline} can apply the NOSCRIPT policy to the node's batch.
 *
 * @param script the script an EVALSHA runs, or {@code null} for a plain command
 */
public record Call(Route route, Request request, Script script) {
  /** The plain commands the stores read with; any other plain command counts as a write. */
  private static final Set<String> READS = Set.of("zcard", "zcount", "zrange", "zrevrange", "zrangebyscore",
      "zrevrangebyscore", "zscore", "zmscore", "zrank", "zrevrank", "hget", "hmget", "hgetall", "hlen", "hexists",
      "get", "mget", "exists", "smembers", "sismember", "smismember", "scard", "sscan", "zscan", "hscan", "scan",
      "ttl", "pttl", "type", "strlen", "lrange", "llen", "ping");

  public static Call of(Route route, Request request) {
    return new Call(route, request, null);
  }

  /** Whether the call only reads: sending it twice changes nothing (see {@link Rounds}). */
  public boolean reads() {
    return script != null ? !script.writes() : READS.contains(request.command().toString());
  }
}
