package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What this service instance needs to serve: every shard's answer to PING, its board cache, and
 * the archive's answer to a trivial query.
 */
@DataObject
public interface Health extends Answer {
  List<ShardCheck> shards();

  int boards();

  ArchiveCheck archive();

  /**
   * PostgreSQL's answer: {@code up} when it answered within the timeout; {@code error} says why not
   * ({@code timeout}, {@code unreachable}, {@code error}), never with an address or a driver message.
   */
  record ArchiveCheck(boolean up, double ms, @AnswerJson.IfSet String error) implements Answer {
  }

  /**
   * One shard's PING: {@code up} when it answered within the timeout, {@code ms} the round trip. The
   * shard is named by its index only (health answers are public).
   */
  record ShardCheck(int shard, boolean up, double ms, @AnswerJson.IfSet String error) implements Answer {
  }

  static Health of(List<ShardCheck> shards, int boards, ArchiveCheck archive) {
    return new Fields(shards, boards, archive);
  }

  /** The shards that did not answer. */
  default List<ShardCheck> down() {
    return shards().stream().filter(s -> !s.up()).toList();
  }

  static Health fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(List<ShardCheck> shards, int boards, ArchiveCheck archive) implements Health {
  }
}
