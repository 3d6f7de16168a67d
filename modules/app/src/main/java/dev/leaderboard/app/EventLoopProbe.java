package dev.leaderboard.app;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.micrometer.backends.BackendRegistries;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Measures how late a timer fires on this verticle's event loop: every interval it records the time
 * between when the timer was due and when its callback ran ({@value Metrics#EVENT_LOOP_DELAY}, tag
 * {@code loop} = the event-loop thread). A loop blocked by slow work or flooded with callbacks shows up
 * here as a growing delay.
 */
final class EventLoopProbe extends VerticleBase {
  private final Duration interval;
  private Timer delay;
  private long timer = -1;
  private long due;

  EventLoopProbe(Duration interval) {
    this.interval = interval;
  }

  @Override
  public Future<?> start() {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (registry != null) {
      delay = Timer.builder(Metrics.EVENT_LOOP_DELAY)
          .description("Delay between when a timer was due on an event loop and when it ran")
          .tag("loop", Thread.currentThread().getName())
          .register(registry);
      arm();
    }
    return Future.succeededFuture();
  }

  private void arm() {
    due = System.nanoTime() + interval.toNanos();
    timer = vertx.setTimer(interval.toMillis(), id -> {
      delay.record(Math.max(0, System.nanoTime() - due), TimeUnit.NANOSECONDS);
      arm();
    });
  }

  @Override
  public Future<?> stop() {
    vertx.cancelTimer(timer);
    return Future.succeededFuture();
  }
}
