package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What this service instance needs to serve: every shard's answer to PING, its board cache, and
 * the archive's answer to a trivial query.
 */
public record Health(List<ShardCheck> shards, int boards, ArchiveCheck archive) {
  /**
   * PostgreSQL's answer: {@code up} when it answered within the timeout; {@code error} says why not
   * ({@code timeout}, {@code unreachable}, {@code error}), never with an address or a driver message.
   */
  public record ArchiveCheck(boolean up, double ms, String error) {
    public JsonObject toJson() {
      JsonObject out = new JsonObject().put("up", up).put("ms", ms);
      return error == null ? out : out.put("error", error);
    }
  }

  /**
   * One shard's PING: {@code up} when it answered within the timeout, {@code ms} the round trip. The
   * shard is named by its index only (health answers are public).
   */
  public record ShardCheck(int shard, boolean up, double ms, String error) {
    public JsonObject toJson() {
      JsonObject out = new JsonObject().put("shard", shard).put("up", up).put("ms", ms);
      return error == null ? out : out.put("error", error);
    }
  }

  public List<ShardCheck> down() {
    return shards.stream().filter(s -> !s.up()).toList();
  }

  public JsonArray shardsJson() {
    JsonArray out = new JsonArray();
    shards.forEach(s -> out.add(s.toJson()));
    return out;
  }

  public JsonObject toJson() {
    return new JsonObject().put("shards", shardsJson()).put("boards", boards).put("archive", archive.toJson());
  }
}
