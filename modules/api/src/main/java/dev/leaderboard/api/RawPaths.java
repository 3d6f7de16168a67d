package dev.leaderboard.api;

import java.util.Locale;

/**
 * Checks the path of a request as it was sent, before the router decodes and normalizes it: the
 * router resolves dot segments, also percent-encoded ones, so {@code /v1/boards/b/users/%2e%2e}
 * would be routed as {@code /v1/boards/b}. No resource of the API is named {@code .} or {@code ..}
 * or has a slash in a path parameter, so such paths are refused rather than resolved.
 */
final class RawPaths {
  private RawPaths() {
  }

  /** What is wrong with {@code path} (undecoded), or {@code null} when it may be routed. */
  static String problem(String path) {
    if (path == null || path.indexOf('%') < 0 && path.indexOf('.') < 0) {
      return null;
    }
    for (String segment : path.split("/", -1)) {
      String lower = segment.toLowerCase(Locale.ROOT);
      String dots = lower.replace("%2e", ".");
      if (dots.equals(".") || dots.equals("..")) {
        return "the path " + path + " has the dot segment '" + segment + "'; paths are not resolved, name the "
            + "resource itself";
      }
      if (lower.contains("%2f") || lower.contains("%5c")) {
        return "the path segment '" + segment + "' holds an encoded slash or backslash (%2F, %5C); path "
            + "parameters cannot contain them";
      }
    }
    return null;
  }
}
