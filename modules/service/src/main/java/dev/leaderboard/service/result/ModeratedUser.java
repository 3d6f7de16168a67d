package dev.leaderboard.service.result;

import dev.leaderboard.store.moderation.Ban;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A user's moderation view: whether they are banned and the ban ({@code null} when none), their
 * ranked entries on every live period, and the entries a ban holds back.
 */
@DataObject
public interface ModeratedUser extends Answer {
  String userId();

  boolean banned();

  Ban ban();

  List<ModeratedEntry> entries();

  List<ModeratedEntry> heldByBan();

  static ModeratedUser of(String userId, boolean banned, Ban ban, List<ModeratedEntry> entries,
      List<ModeratedEntry> heldByBan) {
    return new Fields(userId, banned, ban, entries, heldByBan);
  }

  static ModeratedUser fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, boolean banned, Ban ban, List<ModeratedEntry> entries,
      List<ModeratedEntry> heldByBan) implements ModeratedUser {
  }
}
