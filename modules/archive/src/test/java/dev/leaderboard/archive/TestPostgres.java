package dev.leaderboard.archive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One PostgreSQL server shared by every test in the JVM, started on first use and stopped (and its
 * temp directory deleted) by a shutdown hook. Tests must use random board uids.
 */
public final class TestPostgres {

  private static String uri;

  private TestPostgres() {}

  /** Blocking on first call (starts the server): call from a test or setup method, never an event loop. */
  public static synchronized String uri() {
    if (uri == null) {
      uri = start();
    }
    return uri;
  }

  private static String start() {
    Path dir;
    try {
      dir = Files.createTempDirectory("leaderboard-test-postgres-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      LocalPostgres postgres = LocalPostgres.start(dir);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        postgres.close();
        deleteRecursively(dir);
      }, "test-postgres-stop"));
      return postgres.uri();
    } catch (IOException e) {
      deleteRecursively(dir);
      throw new UncheckedIOException(e);
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
