package dev.leaderboard.testing;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * The seed of a randomized test. A test method of a class extended with this declares a
 * {@link Random} parameter and gets one seeded with {@code -Dleaderboard.seed=N} when that is set,
 * else with a fresh seed. The seed is printed when the test starts, and a failure of the test
 * carries it in its message, so every failure can be replayed:
 * {@code seed 123 (re-run with -Dleaderboard.seed=123)}.
 *
 * <pre>{@code
 * @ExtendWith(TestSeed.class)
 * class SomeTest {
 *   @Test
 *   void someProperty(Random rnd) { ... }
 * }
 * }</pre>
 */
public final class TestSeed implements ParameterResolver, TestExecutionExceptionHandler {
  public static final String PROPERTY = "leaderboard.seed";
  private static final ExtensionContext.Namespace SEEDS = ExtensionContext.Namespace.create(TestSeed.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Random.class;
  }

  @Override
  public Random resolveParameter(ParameterContext parameter, ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(SEEDS);
    Long seed = store.get(context.getUniqueId(), Long.class);
    if (seed == null) {
      seed = draw();
      store.put(context.getUniqueId(), seed);
      System.out.println(testName(context) + ": " + replay(seed));
    }
    return new Random(seed);
  }

  /** Puts the seed in front of the failure's message; an aborted test (a failed assumption) stays as it is. */
  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
    Optional<Long> seed = seedOf(context);
    if (seed.isEmpty() || failure instanceof TestAbortedException) {
      throw failure;
    }
    AssertionError seeded = new AssertionError(replay(seed.get()) + ": " + failure, failure);
    seeded.setStackTrace(failure.getStackTrace());
    throw seeded;
  }

  /** {@code seed N (re-run with -Dleaderboard.seed=N)} */
  public static String replay(long seed) {
    return "seed " + seed + " (re-run with -D" + PROPERTY + "=" + seed + ")";
  }

  private static long draw() {
    String fixed = System.getProperty(PROPERTY);
    if (fixed == null || fixed.isBlank()) {
      return ThreadLocalRandom.current().nextLong();
    }
    try {
      return Long.parseLong(fixed.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-D" + PROPERTY + " must be a whole number (got '" + fixed + "')", e);
    }
  }

  /** The seed drawn for this test, or for the class (a Random in a static lifecycle method). */
  private static Optional<Long> seedOf(ExtensionContext context) {
    for (Optional<ExtensionContext> c = Optional.of(context); c.isPresent(); c = c.get().getParent()) {
      Long seed = context.getStore(SEEDS).get(c.get().getUniqueId(), Long.class);
      if (seed != null) {
        return Optional.of(seed);
      }
    }
    return Optional.empty();
  }

  private static String testName(ExtensionContext context) {
    String method = context.getTestMethod().map(Method::getName).orElse("");
    String display = context.getDisplayName();
    String name = context.getRequiredTestClass().getSimpleName() + (method.isEmpty() ? "" : "." + method);
    return display.startsWith(method) ? name : name + " " + display;
  }
}
