package dev.leaderboard.api.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.service.TestClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Token buckets on a clock the test moves: refusal, the wait until a token, refill, and a bounded table. */
class RateLimiterTest {
  private final TestClock clock = new TestClock(Instant.parse("2025-04-15T12:00:00Z"));

  @Test
  void ratesAreReadFromTheirSettingAndBadOnesNamed() {
    assertThat(Rate.parse("1000/s,burst=2000")).isEqualTo(new Rate(1000, 2000));
    assertThat(Rate.parse("60/min")).isEqualTo(new Rate(1, 60));
    assertThat(Rate.parse(" 36/h ")).isEqualTo(new Rate(0.01, 36));
    assertThat(Rate.parse("off")).isNull();
    assertThat(new Rate(1000, 2000)).hasToString("1000/s, burst 2000");
    for (String bad : new String[] {"", "0/s", "5", "5/day", "5/s,burst=0", "-1/s", "5/s;burst=2"}) {
      assertThatThrownBy(() -> Rate.parse(bad)).as("'%s'", bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("burst=<b>");
    }
  }

  @Test
  void aCallerBeyondItsBurstWaitsForTheNextTokenAndOthersDoNot() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    RateLimiter limiter = RateLimiter.create(new RateLimits(Map.of("submit", new Rate(2, 3)), 1000), clock, registry);
    for (int i = 0; i < 3; i++) {
      assertThat(limiter.admit("submit", "k1")).as("token %d of the burst", i).isZero();
    }
    // 2 tokens a second: the next one is half a second away
    assertThat(limiter.admit("submit", "k1")).isEqualTo(Duration.ofMillis(500).toNanos());
    assertThat(limiter.admit("submit", "k2")).as("another caller's bucket").isZero();
    assertThat(limiter.admit("read", "k1")).as("a limit that is off").isZero();
    clock.set(clock.instant().plusMillis(250));
    assertThat(limiter.admit("submit", "k1")).isEqualTo(Duration.ofMillis(250).toNanos());
    clock.set(clock.instant().plusMillis(250));
    assertThat(limiter.admit("submit", "k1")).isZero();
    assertThat(limiter.admit("submit", "k1")).isPositive();
    // a long pause fills the bucket up to its burst, not beyond
    clock.set(clock.instant().plusSeconds(3600));
    for (int i = 0; i < 3; i++) {
      assertThat(limiter.admit("submit", "k1")).isZero();
    }
    assertThat(limiter.admit("submit", "k1")).isPositive();
    assertThat(registry.get(RateMeter.REFUSED).tag("limit", "submit").counter().count()).isEqualTo(4);
    assertThat(registry.get(RateMeter.REFUSED).tag("limit", "public").counter().count()).isZero();
  }

  @Test
  void theTableOfBucketsStaysBoundedAndForgetsIdleOnes() {
    RateLimiter limiter = RateLimiter.create(new RateLimits(Map.of("public", new Rate(1, 2)), 100), clock, null);
    for (int i = 0; i < 10_000; i++) {
      limiter.admit("public", "10.0." + (i / 256) + "." + (i % 256));
    }
    assertThat(limiter.buckets()).isBetween(1L, 100L);
    // an idle bucket is dropped once it would be full again (2 s here): a new one changes nothing
    clock.set(clock.instant().plusMillis(1999));
    assertThat(limiter.buckets()).isPositive();
    clock.set(clock.instant().plusMillis(2));
    assertThat(limiter.buckets()).isZero();
  }
}
