package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * A ban put or lifted. A ban says why ({@code reason}), since when ({@code since}, kept when banning
 * again) and which live periods' entries it now holds back ({@code held}); a lift which entries it put
 * back ({@code restored}, with their scores and times as they were).
 */
public interface BanChange extends Answer {
  String userId();

  boolean banned();

  /** The periods whose entries the ban holds back; {@code null} for a lift. */
  List<ModeratedEntry> held();

  /** The entries the lift put back; {@code null} for a ban. */
  List<ModeratedEntry> restored();

  static BanChange banned(String userId, String reason, long since, List<ModeratedEntry> held) {
    return new Put(userId, true, reason, since, held);
  }

  static BanChange lifted(String userId, List<ModeratedEntry> restored) {
    return new Lift(userId, false, restored);
  }

  Function<JsonObject, BanChange> FROM_JSON = json -> json.getBoolean("banned") ? AnswerJson.read(json, Put.class)
      : AnswerJson.read(json, Lift.class);

  /** A ban's fields, in the order of its JSON. */
  record Put(String userId, boolean banned, String reason, long since, List<ModeratedEntry> held)
      implements BanChange {
    @Override
    public List<ModeratedEntry> restored() {
      return null;
    }
  }

  /** A lift's fields, in the order of its JSON. */
  record Lift(String userId, boolean banned, List<ModeratedEntry> restored) implements BanChange {
    @Override
    public List<ModeratedEntry> held() {
      return null;
    }
  }
}
