package dev.leaderboard.api.auth;

import java.nio.file.Path;

/**
 * Where a node finds the keys that verify player tokens, and what their claims must say.
 *
 * @param hs256SecretFile a file holding the HS256 secret shared with the game's login service
 *     ({@code LB_JWT_HS256_SECRET_FILE}); {@code null}: none
 * @param jwksFile a JWK Set file ({@code {"keys": [...]}}) of the login service's RS256/ES256 public
 *     keys ({@code LB_JWT_JWKS_FILE}); {@code null}: none
 * @param issuer the {@code iss} every token must have ({@code LB_JWT_ISSUER}); {@code null}: not checked
 * @param audience a value the token's {@code aud} must hold ({@code LB_JWT_AUDIENCE}); {@code null}: not checked
 */
public record PlayerTokenSettings(Path hs256SecretFile, Path jwksFile, String issuer, String audience) {
  /** No player tokens: only API keys (and public reads). */
  public static final PlayerTokenSettings NONE = new PlayerTokenSettings(null, null, null, null);

  /** Whether the node takes player tokens at all (a secret or a key set is configured). */
  public boolean enabled() {
    return hs256SecretFile != null || jwksFile != null;
  }
}
