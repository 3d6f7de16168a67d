package dev.leaderboard.service.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Retry waits double from the first up to the cap, each drawn in the upper half of its step. */
class BackoffTest {
  private static final WebhookSettings SETTINGS = new WebhookSettings(1_000, 600_000, 10_000, 30_000);

  @Test
  void waitsDoubleUpToTheCapWithJitterInTheUpperHalf() {
    Backoff lowest = new Backoff(SETTINGS, n -> 0);
    Backoff highest = new Backoff(SETTINGS, n -> n - 1);
    long[] steps = {1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 600_000, 600_000};
    for (int failures = 1; failures <= steps.length; failures++) {
      long step = steps[failures - 1];
      assertThat(lowest.delay(failures)).as("after %d failures", failures).isEqualTo(step / 2);
      assertThat(highest.delay(failures)).as("after %d failures", failures).isEqualTo(step);
    }
    assertThat(highest.delay(1_000_000)).isEqualTo(600_000);
    assertThat(lowest.delay(Integer.MAX_VALUE)).isEqualTo(300_000);
  }

  @Test
  void aCapBelowTwiceTheFirstWaitStaysAtTheCap() {
    Backoff b = new Backoff(new WebhookSettings(20, 30, 1_000, 3), n -> n - 1);
    assertThat(b.delay(1)).isEqualTo(20);
    assertThat(b.delay(2)).isEqualTo(30);
    assertThat(b.delay(50)).isEqualTo(30);
  }
}
