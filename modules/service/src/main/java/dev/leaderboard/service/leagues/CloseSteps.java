package dev.leaderboard.service.leagues;

import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How long each step of one league close took, logged in one line once it ends. */
final class CloseSteps {
  private static final Logger LOG = LoggerFactory.getLogger(LeagueCloser.class);
  private final League l;
  private final Period p;
  private final StringBuilder steps = new StringBuilder();
  private long last = System.nanoTime();

  CloseSteps(League l, Period p) {
    this.l = l;
    this.p = p;
  }

  /** Passes its value on, noting the time since the step before. */
  <T> Function<T, T> done(String step) {
    return value -> {
      long now = System.nanoTime();
      steps.append(steps.isEmpty() ? "" : ", ").append(step).append(" in ").append((now - last) / 1_000_000)
          .append(" ms");
      last = now;
      return value;
    };
  }

  void log(int moves) {
    LOG.info("closed period {} of league {} ({} moves): {}", p.id(), l.name(), moves, steps);
  }
}
