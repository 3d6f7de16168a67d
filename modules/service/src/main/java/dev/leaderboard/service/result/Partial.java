package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What a list answer (ranks for a list, a friend board) leaves out while a shard is down: the
 * users whose shard did not answer, and a short reason naming the shards by index and what is not
 * known. A complete answer has none, and its JSON no {@code partial}, {@code unreachable} or
 * {@code reason} field (as a complete {@link UserEntry} has no {@code partial}). An answer holds it
 * as a flat component: {@code partial: true, unreachable, reason}.
 *
 * @param unreachable the users asked for whose shard did not answer (may be empty when only counts
 *     over every shard failed)
 */
public record Partial(List<String> unreachable, String reason) implements Answer {
  @Override
  public JsonObject toJson() {
    return new JsonObject().put("partial", true).put("unreachable", new JsonArray(unreachable)).put("reason", reason);
  }
}
