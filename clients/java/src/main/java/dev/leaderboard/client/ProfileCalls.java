package dev.leaderboard.client;

import dev.leaderboard.client.model.Profile;
import java.util.Map;

/**
 * Players' profiles (tag {@code profiles}): read (scope {@code read}), replace and change (scope
 * {@code friends}; a player token only its own), reset a display name (scope {@code admin}).
 */
public final class ProfileCalls {
  private final Transport transport;

  ProfileCalls(Transport transport) {
    this.transport = transport;
  }

  /** The user's profile; {@code profile_not_found} when there is none. */
  @Operation("getProfile")
  public Profile getProfile(String userId) {
    return transport.send(Call.of("getProfile", "GET", "/v1/users/{}/profile", userId), Profile.class);
  }

  /** Replaces the user's profile: {@code displayName}, {@code avatarUrl}, {@code country}, {@code data}, each optional. */
  @Operation("putProfile")
  public Profile putProfile(String userId, Map<String, ?> profile) {
    return transport.send(Call.of("putProfile", "PUT", "/v1/users/{}/profile", userId).body(profile), Profile.class);
  }

  /** Changes the fields {@code changes} names; a field mapped to {@code null} is removed. */
  @Operation("patchProfile")
  public Profile patchProfile(String userId, Map<String, ?> changes) {
    return transport.send(Call.of("patchProfile", "PATCH", "/v1/users/{}/profile", userId).body(changes),
        Profile.class);
  }

  /** Removes the user's display name (moderation, audited). */
  @Operation("resetDisplayName")
  public Profile resetDisplayName(String userId) {
    return transport.send(Call.of("resetDisplayName", "DELETE", "/v1/users/{}/profile/displayName", userId),
        Profile.class);
  }
}
