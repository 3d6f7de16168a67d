package dev.leaderboard.api.auth;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What an API key may do. Scopes do not imply each other: {@code admin} alone cannot read or submit. */
public enum Scope {
  /** Board definitions and every read of a board: pages, users, around-me, ranks for a list, periods. */
  READ,
  /** Score events, one or a batch. */
  SUBMIT,
  /** The friend graph (read and change it) and friend boards. */
  FRIENDS,
  /** Creating, changing and deleting boards, closing periods, managing API keys; metrics when closed. */
  ADMIN;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The scope called {@code name}; an {@link IllegalArgumentException} naming the known ones otherwise. */
  public static Scope fromWire(String name) {
    for (Scope s : values()) {
      if (s.wireName().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("must be one of " + known());
  }

  /** "read, submit, friends, admin". */
  public static String known() {
    return Arrays.stream(values()).map(Scope::wireName).collect(Collectors.joining(", "));
  }
}
