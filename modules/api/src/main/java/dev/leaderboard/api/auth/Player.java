package dev.leaderboard.api.auth;

/**
 * A caller with a verified player token: the game's user it speaks for.
 *
 * @param userId the token's {@code sub}
 * @param expiresAt the token's {@code exp} (epoch seconds)
 */
public record Player(String userId, long expiresAt) {
}
