package dev.leaderboard.service.meters;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.micrometer.backends.BackendRegistries;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One counter, tagged {@code outcome}, registered at 0 for each of a fixed set of outcomes in the
 * node's Micrometer registry (so a scrape has every series before the first event); counts nothing
 * when the node runs without metrics.
 */
public final class Outcomes {
  private final Map<String, Counter> counters = new LinkedHashMap<>();

  private Outcomes(MeterRegistry registry, String name, String description, String... outcomes) {
    if (registry != null) {
      for (String outcome : outcomes) {
        counters.put(outcome, Counter.builder(name).description(description).tag("outcome", outcome).register(registry));
      }
    }
  }

  public static Outcomes create(String name, String description, String... outcomes) {
    return new Outcomes(BackendRegistries.getDefaultNow(), name, description, outcomes);
  }

  /** Counts one {@code outcome}, one of those it was created with. */
  public void count(String outcome) {
    Counter c = counters.get(outcome);
    if (c != null) {
      c.increment();
    }
  }
}
