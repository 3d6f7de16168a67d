package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The redis-server binaries the version tests run: the shipped 6.2 and a 7.x, the one
 * {@code -Dleaderboard.redis.server} names if it is 7.x, else Debian's {@code /usr/bin/redis-server}
 * (CI installs it). Without a 7.x such a test is skipped, and fails in CI ({@code CI} set).
 */
public final class TestRedisBinaries {

  static final Path DEBIAN = Path.of("/usr/bin/redis-server");

  private TestRedisBinaries() {}

  /** Blocking: the shipped binary, extracted under {@code dir}. */
  public static Path shipped(Path dir) throws IOException {
    return RedisBinary.shipped(dir).path();
  }

  /** Blocking: a redis-server 7.x, or the test is skipped (fails under CI). */
  public static Path seven() {
    List<String> tried = new ArrayList<>();
    List<Path> candidates = new ArrayList<>();
    String property = System.getProperty(RedisBinary.PROPERTY);
    if (property != null && !property.isBlank()) {
      candidates.add(Path.of(property.trim()));
    }
    candidates.add(DEBIAN);
    for (Path candidate : candidates) {
      try {
        RedisBinary binary = RedisBinary.probe(candidate, "test");
        if (binary.major() >= 7) {
          return binary.path();
        }
        tried.add(candidate + " is " + binary.version());
      } catch (IOException e) {
        tried.add(e.getMessage());
      }
    }
    String why = "no redis-server 7.x (apt-get install redis-server, or -D" + RedisBinary.PROPERTY + "=<path>): "
        + String.join("; ", tried);
    if (System.getenv("CI") != null) {
      throw new AssertionError(why);
    }
    Assumptions.abort(why);
    return null;
  }
}
