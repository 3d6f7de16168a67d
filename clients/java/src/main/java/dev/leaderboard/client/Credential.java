package dev.leaderboard.client;

import java.util.Objects;
import java.util.Optional;

/**
 * What the client authenticates with: an API key ({@code lb_<id>_<secret>}, for servers) or a
 * player token (a JWT from the game's login service, for a player's own calls). Both travel as
 * {@code Authorization: Bearer ...}; the node tells them apart by their form.
 */
public final class Credential {
  private static final Credential NONE = new Credential(null);
  private final String bearer;

  private Credential(String bearer) {
    this.bearer = bearer;
  }

  /** An API key as the node issued it ({@code lb_...}). */
  public static Credential apiKey(String key) {
    String k = Objects.requireNonNull(key, "key").strip();
    if (!k.startsWith("lb_")) {
      throw new IllegalArgumentException("an API key has the form lb_<id>_<secret>");
    }
    return new Credential(k);
  }

  /** A player token: a JWT of three dot-separated parts. */
  public static Credential playerToken(String jwt) {
    String t = Objects.requireNonNull(jwt, "jwt").strip();
    if (t.split("\\.", -1).length != 3) {
      throw new IllegalArgumentException("a player token is a JWT of three dot-separated parts");
    }
    return new Credential(t);
  }

  /** No credential: only the reads of boards with {@code publicReads} and the health checks answer. */
  public static Credential none() {
    return NONE;
  }

  /** The {@code Authorization} header's value, if there is a credential. */
  Optional<String> authorization() {
    return bearer == null ? Optional.empty() : Optional.of("Bearer " + bearer);
  }

  @Override
  public String toString() {
    // a credential never appears in logs
    return bearer == null ? "Credential[none]" : "Credential[Bearer ...]";
  }
}
