package dev.leaderboard.core;

import java.util.Arrays;
import java.util.Locale;

/**
 * An enum whose name in the API (and in Redis) is its constant's, in lower case with {@code -} for {@code _};
 * each enum's names are made once (submits and answers ask for them on every request).
 */
public interface WireName {
  int ordinal();

  Class<?> getDeclaringClass();

  default String wireName() {
    return Made.NAMES.get(getDeclaringClass())[ordinal()];
  }

  /** The wire names of each enum's constants, by ordinal. */
  final class Made {
    private static final ClassValue<String[]> NAMES = new ClassValue<>() {
      @Override
      protected String[] computeValue(Class<?> type) {
        return Arrays.stream(type.getEnumConstants())
            .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT).replace('_', '-')).toArray(String[]::new);
      }
    };

    private Made() {
    }
  }
}
