package dev.leaderboard.api.auth;

import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;

/**
 * Who made a request, as rate limits and the audit log name them. A request without a credential is
 * its client address, an IPv6 client by its /64 network, which one machine typically holds whole.
 */
public record Caller(String kind, String id) {
  public static final String KEY = "key";
  public static final String PLAYER = "player";
  public static final String ADDRESS = "address";

  public static Caller of(RoutingContext ctx) {
    ApiKey key = ctx.get(AccessGate.KEY);
    if (key != null) {
      return new Caller(KEY, key.id());
    }
    Player player = ctx.get(AccessGate.PLAYER);
    if (player != null) {
      return new Caller(PLAYER, player.userId());
    }
    return new Caller(ADDRESS, network(ctx.request().remoteAddress()));
  }

  public boolean anonymous() {
    return ADDRESS.equals(kind);
  }

  /** {@code kind:id}. */
  @Override
  public String toString() {
    return kind + ":" + id;
  }

  static String network(SocketAddress remote) {
    String host = remote == null ? null : remote.hostAddress();
    if (host == null || host.indexOf(':') < 0) {
      return String.valueOf(host);
    }
    try {
      // a literal address: no name lookup
      byte[] bytes = InetAddress.getByName(host).getAddress();
      return bytes.length == 16 ? HexFormat.of().formatHex(bytes, 0, 8) + "::/64" : host;
    } catch (UnknownHostException e) {
      return host;
    }
  }
}
