package dev.leaderboard.api.auth;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a player (a caller with a player token, see {@link PlayerTokens}) may do with one operation,
 * as the operation declares it with {@code x-player} in {@code openapi.yaml}. An operation without
 * {@code x-player} is not for players (403), whatever its scope; {@code admin} operations never
 * have one.
 */
public enum PlayerRule {
  /** Any call: the reads of every board (players see every board of their game). */
  ANY("any"),
  /** Only with the player's own user ID ({@code sub}) as the path's {@code {userId}}: the friend graph, friend boards. */
  OWN_USER("own-user"),
  /**
   * Only an event whose {@code userId} is the player's own, on a board defined with
   * {@code clientWrites}: a single submit.
   */
  OWN_EVENT("own-event");

  /** The operation extension that declares the rule. */
  public static final String EXTENSION = "x-player";

  private final String wireName;

  PlayerRule(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** The rule called {@code name}; an {@link IllegalArgumentException} naming the known ones otherwise. */
  public static PlayerRule fromWire(String name) {
    for (PlayerRule r : values()) {
      if (r.wireName.equals(name)) {
        return r;
      }
    }
    throw new IllegalArgumentException("must be one of " + known());
  }

  /** "any, own-user, own-event". */
  public static String known() {
    return Arrays.stream(values()).map(PlayerRule::wireName).collect(Collectors.joining(", "));
  }
}
