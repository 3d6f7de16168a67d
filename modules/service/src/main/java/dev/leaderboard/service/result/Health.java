package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What this service instance needs to serve: every shard's answer to PING, its board cache, and
 * the archive's answer to a trivial query.
 */
@DataObject
public final class Health extends JsonAnswer {
  public Health(JsonObject json) {
    super(json);
  }

  public static Health of(List<ShardCheck> shards, int boards, ArchiveCheck archive) {
    JsonArray out = new JsonArray();
    shards.forEach(s -> out.add(s.toJson()));
    return new Health(new JsonObject().put("shards", out).put("boards", boards).put("archive", archive.toJson()));
  }

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

  /** Every shard's check: {@code {shard, up, ms, error?}}. */
  public JsonArray shards() {
    return json.getJsonArray("shards");
  }

  /** The shards that did not answer. */
  public List<JsonObject> down() {
    return shards().stream().map(JsonObject.class::cast).filter(s -> !s.getBoolean("up")).toList();
  }

  public int boards() {
    return json.getInteger("boards");
  }

  /** PostgreSQL's check: {@code {up, ms, error?}}. */
  public JsonObject archive() {
    return json.getJsonObject("archive");
  }
}
