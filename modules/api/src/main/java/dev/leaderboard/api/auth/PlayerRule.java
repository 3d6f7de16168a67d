package dev.leaderboard.api.auth;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a player ({@link PlayerTokens}) may do with one operation, as its {@code x-player} declares;
 * an operation without one is not for players (403), and {@code admin} operations never have one.
 */
public enum PlayerRule {
  /** Any call: the reads of every board (players see every board of their game). */
  ANY("any"),
  /** Only with the player's own user ID ({@code sub}) as the path's {@code {userId}}: the friend graph, friend boards. */
  OWN_USER("own-user"),
  /** Only an event with the player's own {@code userId}, on a board with {@code clientWrites}. */
  OWN_EVENT("own-event"),
  /** Only a join with the player's own {@code userId}, on a board with {@code joinRequired}. */
  OWN_JOIN("own-join");

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

  /** "any, own-user, own-event, own-join". */
  public static String known() {
    return Arrays.stream(values()).map(PlayerRule::wireName).collect(Collectors.joining(", "));
  }
}
