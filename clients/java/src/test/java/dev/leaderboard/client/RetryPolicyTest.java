package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Only 429 and 503 are retried, after their Retry-After, within the attempts and the total wait. */
class RetryPolicyTest {
  private final RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(5), Duration.ofMillis(200));

  @Test
  void everyOtherStatusIsFinal() {
    for (int status : new int[] {0, 400, 401, 403, 404, 409, 413, 422, 500, 502, 504}) {
      assertThat(policy.nextWait(refusal(status, "1"), 1, Duration.ZERO)).as("status %d", status).isEmpty();
    }
  }

  @Test
  void a429Or503WaitsItsRetryAfterOrTheDefault() {
    assertThat(policy.nextWait(refusal(429, "2"), 1, Duration.ZERO)).contains(Duration.ofSeconds(2));
    assertThat(policy.nextWait(refusal(503, null), 1, Duration.ZERO)).contains(Duration.ofMillis(200));
  }

  @Test
  void theBoundsEndTheRetries() {
    assertThat(policy.nextWait(refusal(503, "1"), 3, Duration.ZERO)).as("third send was the last").isEmpty();
    assertThat(policy.nextWait(refusal(503, "2"), 2, Duration.ofSeconds(4))).as("4 s + 2 s > 5 s").isEmpty();
    assertThat(RetryPolicy.NEVER.nextWait(refusal(503, "0"), 1, Duration.ZERO)).isEmpty();
  }

  @Test
  void theNodesErrorBodyIsRead() {
    ApiException e = Transport.refusal(400,
        "{\"error\":\"invalid_field\",\"message\":\"limit must be between 1 and 1000 (got 5000)\"}", Optional.empty());
    assertThat(e.code()).isEqualTo("invalid_field");
    assertThat(e.field()).contains("limit");
    ApiException limited = Transport.refusal(429,
        "{\"error\":\"rate_limited\",\"message\":\"slow down\",\"limit\":\"submit\"}", Optional.of("3"));
    assertThat(limited.limit()).contains("submit");
    assertThat(limited.retryAfter()).contains(Duration.ofSeconds(3));
    ApiException proxy = Transport.refusal(502, "<html>bad gateway</html>", Optional.empty());
    assertThat(proxy.code()).isEqualTo("http_502");
  }

  private static ApiException refusal(int status, String retryAfter) {
    return Transport.refusal(status, "{\"error\":\"x\",\"message\":\"y\"}", Optional.ofNullable(retryAfter));
  }
}
