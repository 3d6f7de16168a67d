package dev.leaderboard.store.dispatch;

import io.vertx.redis.client.Request;

/**
 * One request to Redis with the route of the keys it touches; a script call also names its
 * script, so that {@link ScriptPipeline} can apply the NOSCRIPT policy to the node's batch.
 *
 * @param script the script an EVALSHA runs, or {@code null} for a plain command
 */
public record Call(Route route, Request request, Scripts script) {

  public static Call of(Route route, Request request) {
    return new Call(route, request, null);
  }
}
