package dev.leaderboard.api.auth;

import java.nio.file.Path;

/**
 * Where a node finds the keys that verify player tokens; every field may be {@code null} (none, or
 * not checked).
 *
 * @param jwksFile a JWK Set of the login service's RS256/ES256 public keys
 */
public record PlayerTokenSettings(Path hs256SecretFile, Path jwksFile, String issuer, String audience) {
  /** No player tokens: only API keys (and public reads). */
  public static final PlayerTokenSettings NONE = new PlayerTokenSettings(null, null, null, null);

  public boolean enabled() {
    return hs256SecretFile != null || jwksFile != null;
  }
}
