package dev.leaderboard.api;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Where the HTTP API listens and who may call it from a browser.
 *
 * @param host the address to listen on; {@link #DEFAULTS} takes every interface, the launcher decides
 *     its own default (loopback for a node on embedded stores)
 * @param corsOrigins exact {@code scheme://host[:port]}, no wildcard; empty (the default): CORS is off
 * @param dashboard whether {@link Dashboard} is served; on by default
 */
public record HttpExposure(String host, List<String> corsOrigins, boolean dashboard) {
  /** Only this machine's own clients. */
  public static final String LOOPBACK = "127.0.0.1";
  public static final String EVERY_INTERFACE = "0.0.0.0";
  public static final HttpExposure DEFAULTS = new HttpExposure(EVERY_INTERFACE, List.of());
  private static final Pattern ORIGIN = Pattern.compile("https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\\[[0-9A-Fa-f:.]+](:[0-9]{1,5})?");

  public HttpExposure {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must be an address to listen on (0.0.0.0: every interface)");
    }
    corsOrigins = List.copyOf(corsOrigins);
    for (String origin : corsOrigins) {
      if (!ORIGIN.matcher(origin).matches()) {
        throw new IllegalArgumentException("'" + origin + "' is not an origin: give scheme://host[:port] exactly as"
            + " browsers send it (no path, no wildcard, no trailing slash)");
      }
    }
  }

  public HttpExposure(String host, List<String> corsOrigins) {
    this(host, corsOrigins, true);
  }
}
