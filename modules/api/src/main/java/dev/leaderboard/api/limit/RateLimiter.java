package dev.leaderboard.api.limit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.micrometer.backends.BackendRegistries;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The node's token buckets, one per limit and caller (nothing shared with other nodes). Bounded so
 * callers from many addresses cannot grow it: an idle bucket is dropped once it would be full again,
 * so dropping it changes nothing.
 */
public final class RateLimiter {
  /** Limits nothing. */
  public static final RateLimiter OFF = new RateLimiter(RateLimits.OFF, Clock.systemUTC(), null);

  private final RateLimits limits;
  private final Clock clock;
  private final Cache<Bucket, TokenBucket> buckets;
  private final RateMeter meter;

  private record Bucket(String limit, String caller) {
  }

  private RateLimiter(RateLimits limits, Clock clock, MeterRegistry registry) {
    this.limits = limits;
    this.clock = clock;
    this.buckets = Caffeine.newBuilder()
        .maximumSize(limits.maxBuckets())
        .expireAfterAccess(limits.idleNanos(), TimeUnit.NANOSECONDS)
        .ticker(this::nanos)
        // evictions are done by the caller, at once, rather than on a pool thread later
        .executor(Runnable::run)
        .build();
    this.meter = new RateMeter(registry, this::buckets);
  }

  /** @param clock the time buckets refill by (tests move it by hand) */
  public static RateLimiter create(RateLimits limits, Clock clock) {
    return create(limits, clock, BackendRegistries.getDefaultNow());
  }

  /** @param registry where refusals are counted; {@code null}: nowhere */
  public static RateLimiter create(RateLimits limits, Clock clock, MeterRegistry registry) {
    return new RateLimiter(limits, clock, registry);
  }

  public RateLimits limits() {
    return limits;
  }

  /** 0 when the request may go on, else the nanoseconds until a token is there (counted as refused). */
  public long admit(String limit, String caller) {
    Rate rate = limits.rate(limit);
    if (rate == null) {
      return 0;
    }
    long now = nanos();
    long wait = buckets.get(new Bucket(limit, caller), b -> new TokenBucket(rate, now)).take(now);
    if (wait > 0) {
      meter.refused(limit);
    }
    return wait;
  }

  public long buckets() {
    buckets.cleanUp();
    return buckets.estimatedSize();
  }

  private long nanos() {
    Instant now = clock.instant();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }
}
