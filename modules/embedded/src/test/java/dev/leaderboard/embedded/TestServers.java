package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Servers that tests share for the life of the JVM, each in its own temp directory. */
final class TestServers {

  /** Starts a server in a given directory. */
  @FunctionalInterface
  interface Starter<T extends AutoCloseable> {
    T start(Path dir) throws IOException;
  }

  private TestServers() {}

  /**
   * Blocking: starts a server in a fresh temp directory {@code leaderboard-test-<name>-*}; a shutdown
   * hook stops it and deletes the directory. A failed start deletes the directory at once.
   */
  static <T extends AutoCloseable> T startUntilJvmExit(String name, Starter<T> starter) {
    Path dir;
    try {
      dir = Files.createTempDirectory("leaderboard-test-" + name + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      T server = starter.start(dir);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(name, server, dir), "test-" + name + "-stop"));
      return server;
    } catch (IOException | RuntimeException e) {
      deleteRecursively(dir);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  private static void stop(String name, AutoCloseable server, Path dir) {
    try {
      server.close();
    } catch (Exception e) {
      throw new IllegalStateException("stopping the test " + name + " server failed", e);
    } finally {
      deleteRecursively(dir);
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
