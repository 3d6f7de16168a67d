package dev.leaderboard.core;

import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Parsing of the lower-case names that enums have in the API. */
final class Wire {
  private Wire() {
  }

  static <E> E parse(Class<E> type, E[] values, String s, Function<E, String> name) {
    for (E v : values) {
      if (name.apply(v).equals(s)) {
        return v;
      }
    }
    throw new IllegalArgumentException("must be one of "
        + Arrays.stream(values).map(name).collect(Collectors.joining(", ")));
  }
}
