package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * What this service instance needs to serve: every shard's answer to PING, its board cache, and
 * the archive's answer to a trivial query.
 */
public record Health(List<ShardCheck> shards, int boards, ArchiveCheck archive) implements Answer {
  /**
   * PostgreSQL's answer: {@code up} when it answered within the timeout; {@code error} says why not
   * ({@code timeout}, {@code unreachable}, {@code error}), never with an address or a driver message.
   */
  public record ArchiveCheck(boolean up, double ms, @AnswerJson.IfSet String error) implements Answer {
  }

  /**
   * One shard's PING: {@code up} when it answered within the timeout, {@code ms} the round trip. The
   * shard is named by its index only (health answers are public).
   */
  public record ShardCheck(int shard, boolean up, double ms, @AnswerJson.IfSet String error) implements Answer {
  }

  /** The shards that did not answer. */
  public List<ShardCheck> down() {
    return shards().stream().filter(s -> !s.up()).toList();
  }

  public static final Function<JsonObject, Health> FROM_JSON = AnswerJson.reader(Health.class);
}
