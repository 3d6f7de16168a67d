package dev.leaderboard.service.result;

import dev.leaderboard.store.moderation.Ban;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A user's moderation view: whether they are banned and the ban ({@code null} when none), their
 * profile (absent when none), their ranked entries on every live period, and the entries a ban
 * holds back.
 */
public record ModeratedUser(String userId, boolean banned, Ban ban, @AnswerJson.IfSet JsonObject profile,
    List<ModeratedEntry> entries,
    List<ModeratedEntry> heldByBan) implements Answer, Listing.OfUser<ModeratedUser> {
  public static ModeratedUser of(String userId, boolean banned, Ban ban, List<ModeratedEntry> entries,
      List<ModeratedEntry> heldByBan) {
    return new ModeratedUser(userId, banned, ban, null, entries, heldByBan);
  }

  @Override
  public ModeratedUser withProfiles(Map<String, String> profiles) {
    return new ModeratedUser(userId, banned, ban, Listing.profile(profiles.get(userId)), entries, heldByBan);
  }

  public static final Function<JsonObject, ModeratedUser> FROM_JSON = AnswerJson.reader(ModeratedUser.class);
}
