package dev.leaderboard.service.webhooks;

/**
 * How a node delivers period-end webhooks.
 *
 * @param firstRetryMillis the wait after the first failed attempt; each further failure doubles it
 * @param maxRetryMillis the longest wait between attempts (the doubling stops there)
 * @param timeoutMillis how long one attempt may take, from connecting to the end of the answer
 * @param leaseMillis how long a delivery lease outlives a node that stopped renewing it
 */
public record WebhookSettings(long firstRetryMillis, long maxRetryMillis, long timeoutMillis, long leaseMillis) {
  public static final WebhookSettings DEFAULT = new WebhookSettings(1_000, 600_000, 10_000, 30_000);

  public WebhookSettings {
    if (firstRetryMillis < 1 || maxRetryMillis < firstRetryMillis || timeoutMillis < 1 || leaseMillis < 3) {
      throw new IllegalArgumentException("webhook settings out of range: first retry " + firstRetryMillis
          + " ms, longest retry " + maxRetryMillis + " ms, timeout " + timeoutMillis + " ms, lease " + leaseMillis + " ms");
    }
  }
}
