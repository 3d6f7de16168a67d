package dev.leaderboard.app;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Set;

/**
 * URIs that may hold a password ({@code LB_REDIS_ENDPOINTS}, {@code LB_PG_URI}): checked without ever
 * quoting them (a parser's own message repeats its input, password and all), and shown with the
 * password replaced.
 */
final class SecretUris {
  private SecretUris() {
  }

  /**
   * Fails, naming {@code what} and the rule, unless {@code uri} parses as a URI of one of
   * {@code schemes}, and names a host if {@code hostRequired}.
   */
  static void check(String what, String uri, Set<String> schemes, boolean hostRequired) {
    URI parsed;
    try {
      parsed = new URI(uri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(what + " is not a URI (" + e.getReason() + " at character " + (e.getIndex() + 1)
          + "); percent-encode reserved characters in the password");
    }
    if (parsed.getScheme() == null || !schemes.contains(parsed.getScheme())) {
      throw new IllegalArgumentException(what + " must start with " + String.join("://, ", schemes.stream().sorted().toList())
          + "://");
    }
    if (hostRequired && parsed.getHost() == null) {
      throw new IllegalArgumentException(what + " names no host (scheme://[user:password@]host[:port])");
    }
  }

  /** The URI with any password in it (a user part without a colon too) replaced by {@code ***}; one that does not parse is hidden whole. */
  static String redact(String uri) {
    try {
      URI parsed = new URI(uri);
      String userInfo = parsed.getRawUserInfo();
      if (userInfo == null) {
        return uri;
      }
      // without a colon some clients read the whole user part as the password
      int colon = userInfo.indexOf(':');
      String shown = colon < 0 ? "***" : userInfo.substring(0, colon) + ":***";
      return uri.replace(userInfo + "@", shown + "@");
    } catch (URISyntaxException e) {
      return "(not a URI)";
    }
  }
}
