package dev.leaderboard.service.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The headers of a webhook POST and its signature: HMAC-SHA256, keyed with the board's webhook
 * secret, over {@code <timestamp>.<body>} (the timestamp header's value, a dot, the exact body
 * bytes), sent as {@code sha256=<lowercase hex>}. The timestamp inside the signed content lets a
 * receiver refuse a replayed request that is older than it tolerates.
 */
public final class WebhookSignature {
  public static final String SIGNATURE = "X-Leaderboard-Signature";
  /** Epoch seconds when the attempt was signed. */
  public static final String TIMESTAMP = "X-Leaderboard-Timestamp";
  /** The same on every attempt of one period's event: receivers deduplicate by it. */
  public static final String EVENT_ID = "X-Leaderboard-Event-Id";
  public static final String EVENT = "X-Leaderboard-Event";

  private WebhookSignature() {
  }

  /** {@code sha256=<hex>} of the body sent at {@code timestamp} (epoch seconds). */
  public static String sign(String secret, long timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
      return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }
}
