package dev.leaderboard.core;

import java.util.regex.Pattern;

/** The rules for names that appear in paths, keys and events. */
public final class Names {
  private static final Pattern BOARD = Pattern.compile("[a-z0-9_-]{1,64}");
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

  public static final String BOARD_RULE = "must be 1-64 characters of a-z, 0-9, '_' and '-'";
  public static final String ID_RULE = "must be 1-128 characters of A-Z, a-z, 0-9, '.', '_', ':', '@' and '-', "
      + "and not only dots";
  /** "." and ".." would be taken as path segments by every HTTP stack. */
  private static final Pattern DOTS = Pattern.compile("\\.+");

  private Names() {
  }

  public static String board(String field, String value) {
    if (value == null || !BOARD.matcher(value).matches()) {
      throw Refusal.invalid(field, BOARD_RULE + " (got " + Names.quote(value) + ")");
    }
    return value;
  }

  /**
   * A board name, or a league's tier board ({@code ~league.tier}, both parts board names): the
   * latter only ever comes from a league, never from a caller naming a board.
   */
  public static String boardOrTier(String field, String value) {
    if (value != null && value.startsWith(League.TIER_PREFIX)) {
      int dot = value.indexOf('.');
      if (dot > 0 && BOARD.matcher(value.substring(1, dot)).matches() && BOARD.matcher(value.substring(dot + 1)).matches()) {
        return value;
      }
    }
    return board(field, value);
  }

  /** User IDs and event IDs share one rule; byte order of such IDs equals their String order. */
  public static String id(String field, String value) {
    if (value == null || !ID.matcher(value).matches() || DOTS.matcher(value).matches()) {
      throw Refusal.invalid(field, ID_RULE + " (got " + Names.quote(value) + ")");
    }
    return value;
  }

  static String quote(String value) {
    if (value == null) {
      return "nothing";
    }
    String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
    return "'" + shown + "' of length " + value.length();
  }
}
