package dev.leaderboard.core;

import java.util.Locale;

/** An enum whose name in the API (and in Redis) is its constant's, in lower case with {@code -} for {@code _}. */
public interface WireName {
  String name();

  default String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
