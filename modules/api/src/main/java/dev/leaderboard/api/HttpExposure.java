package dev.leaderboard.api;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Where the HTTP API listens, which web pages may call it from a browser, and whether the node serves
 * its operator's dashboard.
 *
 * @param host the address the server binds; {@code 0.0.0.0} (every interface) by default, since in a
 *     container the pod's own address must be served (Service, probes); {@code 127.0.0.1} keeps a
 *     node to local clients, e.g. behind a proxy on the same machine
 * @param corsOrigins the origins ({@code scheme://host[:port]}, exact, no wildcard) whose pages may
 *     call the API from a browser (CORS); empty, the default: CORS is off and browsers let no page
 *     of another origin read an answer
 * @param dashboard whether the node serves the operator's web page at {@code /} and its files under
 *     {@code /ui/} ({@link Dashboard}); on by default
 */
public record HttpExposure(String host, List<String> corsOrigins, boolean dashboard) {
  public static final HttpExposure DEFAULTS = new HttpExposure("0.0.0.0", List.of());
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

  /** With the dashboard served. */
  public HttpExposure(String host, List<String> corsOrigins) {
    this(host, corsOrigins, true);
  }
}
