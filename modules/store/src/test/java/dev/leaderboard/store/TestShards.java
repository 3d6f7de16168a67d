package dev.leaderboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Four redis shards shared by every test in the JVM, started on first use and stopped (and their
 * temp directory deleted) by a shutdown hook. Tests must use random keys.
 */
public final class TestShards {

  public static final int COUNT = 4;

  private static List<String> endpoints;

  private TestShards() {}

  /** Blocking on first call (starts the processes): call from a test or setup method, never an event loop. */
  public static synchronized List<String> endpoints() {
    if (endpoints == null) {
      endpoints = start();
    }
    return endpoints;
  }

  private static List<String> start() {
    Path dir;
    try {
      dir = Files.createTempDirectory("leaderboard-test-redis-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      LocalRedisShards shards = LocalRedisShards.start(dir, COUNT);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        shards.close();
        deleteRecursively(dir);
      }, "test-redis-shards-stop"));
      return shards.endpoints();
    } catch (IOException | RuntimeException e) {
      deleteRecursively(dir);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  static void deleteRecursively(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort: this is a temp directory
    }
  }
}
