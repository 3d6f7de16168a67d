package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The in-flight limit follows the shortest answer time of each window against the target. */
class WaitBoundTest {
  private static final long MS = 1_000_000L;

  @Test
  void quickAnswersKeepTheCap() {
    WaitBound b = new WaitBound(1024, 250 * MS);
    for (long t = 0; t < 2_000 * MS; t += MS) {
      b.answered(5 * MS, t, 900);
    }
    assertThat(b.limit()).isEqualTo(1024);
    assertThat(b.admits(1023)).isTrue();
    assertThat(b.admits(1024)).isFalse();
  }

  @Test
  void aStandingQueueLowersTheLimitToWhatAnswersWithinTheTargetAndQuickAnswersRaiseItAgain() {
    WaitBound b = new WaitBound(1024, 250 * MS);
    // a window in which even the quickest of 1,000 requests in flight took a second
    for (long t = 0; t <= WaitBound.WINDOW_NANOS; t += MS) {
      b.answered(1000 * MS + t, t, 1000);
    }
    assertThat(b.limit()).isEqualTo(250);
    assertThat(b.admits(249)).isTrue();
    assertThat(b.admits(250)).isFalse();
    // one slow answer in a window does not count when others are quick: the shortest decides
    long start = WaitBound.WINDOW_NANOS + MS;
    b.answered(2000 * MS, start, 250);
    b.answered(20 * MS, start + WaitBound.WINDOW_NANOS, 250);
    assertThat(b.limit()).isEqualTo(500);
    b.answered(20 * MS, start + 2 * WaitBound.WINDOW_NANOS + MS, 250);
    assertThat(b.limit()).isEqualTo(1000);
    b.answered(20 * MS, start + 3 * WaitBound.WINDOW_NANOS + 2 * MS, 250);
    assertThat(b.limit()).isEqualTo(1024);
  }

  @Test
  void theLimitNeverDropsBelowTheFloorNorRisesAboveTheCap() {
    WaitBound b = new WaitBound(64, 10 * MS);
    b.answered(10_000 * MS, 0, 20);
    b.answered(10_000 * MS, WaitBound.WINDOW_NANOS, 20);
    assertThat(b.limit()).isEqualTo(WaitBound.FLOOR);
    WaitBound small = new WaitBound(4, 10 * MS);
    small.answered(10_000 * MS, 0, 4);
    small.answered(10_000 * MS, WaitBound.WINDOW_NANOS, 4);
    assertThat(small.limit()).isEqualTo(4);
  }
}
