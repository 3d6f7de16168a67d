package dev.leaderboard.core;

import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Parsing of the lower-case names that enums have in the API. */
final class Wire {
  private Wire() {
  }

  /** The value named {@code s}; else an {@link IllegalArgumentException} listing the names. */
  static <E extends WireName> E parse(E[] values, String s) {
    return parse(values, s,
        () -> "must be one of " + Arrays.stream(values).map(WireName::wireName).collect(Collectors.joining(", ")));
  }

  /** The value named {@code s}; else an {@link IllegalArgumentException} with {@code message}. */
  static <E extends WireName> E parse(E[] values, String s, Supplier<String> message) {
    for (E v : values) {
      if (v.wireName().equals(s)) {
        return v;
      }
    }
    throw new IllegalArgumentException(message.get());
  }
}
