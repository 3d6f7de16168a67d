package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;

/**
 * Where a board's period-end events are POSTed, and the secret they are signed with (HMAC-SHA256).
 * The secret is kept in the stored definition only: {@link #toJson()}, what reads show and logs may
 * print, says {@code hasSecret} instead.
 *
 * @param url an absolute {@code http} or {@code https} URL without user info or fragment
 * @param secret the shared signing secret, {@link #MIN_SECRET}–{@link #MAX_SECRET} characters
 */
public record Webhook(String url, String secret) {
  public static final int MAX_URL = 2048;
  public static final int MIN_SECRET = 16;
  public static final int MAX_SECRET = 256;
  private static final Set<String> FIELDS = Set.of("url", "secret", "hasSecret");

  /**
   * The {@code webhook} field of a board definition: an object {@code {url, secret}}, or
   * {@code null} for none. On an update the secret may be left out to keep the current one (a
   * board read echoes {@code hasSecret}, which is ignored).
   */
  static Webhook define(Object value, Webhook existing) {
    if (value == null) {
      return null;
    }
    JsonObject spec = Fields.object(value, "webhook");
    Fields.onlyKnown(spec, "webhook.", FIELDS);
    String url = Fields.string(spec, "webhook.", "url", null);
    if (url == null) {
      throw Refusal.invalid("webhook.url", "is required: the http(s) URL the period-end events are POSTed to");
    }
    checkUrl(url);
    String secret = Fields.string(spec, "webhook.", "secret", existing == null ? null : existing.secret());
    if (secret == null) {
      throw Refusal.invalid("webhook.secret", "is required: " + MIN_SECRET + " to " + MAX_SECRET
          + " characters, the key receivers check the HMAC-SHA256 signature with");
    }
    if (secret.length() < MIN_SECRET || secret.length() > MAX_SECRET || !secret.chars().allMatch(c -> c > 32 && c < 127)) {
      throw Refusal.invalid("webhook.secret", "must be " + MIN_SECRET + " to " + MAX_SECRET
          + " printable ASCII characters without spaces (got " + secret.length() + " characters)");
    }
    return new Webhook(url, secret);
  }

  private static void checkUrl(String url) {
    if (url.length() > MAX_URL) {
      throw Refusal.invalid("webhook.url", "must be at most " + MAX_URL + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw Refusal.invalid("webhook.url", "is not a valid URL (" + e.getReason() + ")");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw Refusal.invalid("webhook.url", "must be an absolute http:// or https:// URL");
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw Refusal.invalid("webhook.url", "must name a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw Refusal.invalid("webhook.url", "must not hold user info (credentials would be shown on "
          + "every board read); receivers authenticate the signature instead");
    }
    if (uri.getRawFragment() != null) {
      throw Refusal.invalid("webhook.url", "must not have a fragment");
    }
  }

  /** What reads show: the URL and that a secret is set, never the secret. */
  public JsonObject toJson() {
    return new JsonObject().put("url", url).put("hasSecret", true);
  }

  /** The stored form, secret included. */
  JsonObject toStored() {
    return new JsonObject().put("url", url).put("secret", secret);
  }

  static Webhook fromStored(JsonObject j) {
    return j == null ? null : new Webhook(j.getString("url"), j.getString("secret"));
  }

  /** Never the secret: records print themselves in logs and test failures. */
  @Override
  public String toString() {
    return "Webhook[url=" + url + ", secret=***]";
  }
}
