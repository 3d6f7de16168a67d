package dev.leaderboard.store.access;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Single-use stream tickets, since a browser's {@code EventSource} cannot send an {@code Authorization}
 * header: a credential is traded for a ticket ({@code st_} and 32 random bytes) for the stream's URL.
 * Its grant is stored on the meta route under the ticket's SHA-256 with a TTL, so any node can open
 * the stream, and read with {@code GETDEL}, so it opens one stream at most. Tickets are never logged.
 */
public final class StreamTickets {
  public static final String PREFIX = "st_";
  private static final Pattern SHAPE = Pattern.compile("st_[A-Za-z0-9_-]{43}");
  private final Shards shards;
  private final SecureRandom random = new SecureRandom();

  public StreamTickets(Shards shards) {
    this.shards = shards;
  }

  /** A new ticket for {@code grant}, kept {@code ttlMillis} (the time from now to its {@code expiresAt}). */
  public Future<Issued> issue(Grant grant, long ttlMillis) {
    byte[] secret = new byte[32];
    random.nextBytes(secret);
    String ticket = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    return shards.send(Route.META, Request.cmd(Command.SET).arg(Keys.streamTicket(hash(ticket)))
            .arg(grant.toJson().encode()).arg("PX").arg(ttlMillis))
        .map(ok -> new Issued(ticket, grant.expiresAt()));
  }

  /** The grant of {@code ticket}, consumed; {@code null} when it is unknown, used or past its time at {@code nowMillis}. */
  public Future<Grant> redeem(String ticket, long nowMillis) {
    if (!shaped(ticket)) {
      return Future.succeededFuture();
    }
    return shards.send(Route.META, Request.cmd(Command.GETDEL).arg(Keys.streamTicket(hash(ticket)))).map(r -> {
      Grant g = r == null ? null : Grant.fromJson(r.toString());
      return g == null || nowMillis >= g.expiresAt() ? null : g;
    });
  }

  /** Whether {@code s} has a ticket's shape. */
  public static boolean shaped(String s) {
    return s != null && SHAPE.matcher(s).matches();
  }

  private static String hash(String ticket) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(ticket.getBytes(StandardCharsets.US_ASCII)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A ticket and when it stops opening streams (epoch ms). */
  public record Issued(String ticket, long expiresAt) {
  }
}
