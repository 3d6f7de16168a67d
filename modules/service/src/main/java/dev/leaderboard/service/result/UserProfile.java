package dev.leaderboard.service.result;

import dev.leaderboard.core.Profile;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A player's profile ({@link Profile}): {@code {userId, displayName?, avatarUrl?, country?, data?}}. */
public record UserProfile(String userId, @AnswerJson.IfSet String displayName, @AnswerJson.IfSet String avatarUrl,
    @AnswerJson.IfSet String country, @AnswerJson.IfSet JsonObject data) implements Answer {
  /** The profile stored as {@code profile} (its JSON). */
  public static UserProfile of(String userId, JsonObject profile) {
    return new UserProfile(userId, profile.getString(Profile.DISPLAY_NAME), profile.getString(Profile.AVATAR_URL),
        profile.getString(Profile.COUNTRY), profile.getJsonObject(Profile.DATA));
  }

  public static final Function<JsonObject, UserProfile> FROM_JSON = AnswerJson.reader(UserProfile.class);
}
