package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts server processes that cannot outlive this JVM, even one killed with SIGKILL (no hook runs,
 * and {@code PR_SET_PDEATHSIG} needs native code). Each server starts through {@code launch.sh}: the
 * shell starts {@code watchdog.sh}, then {@code exec}s the server (same pid, so {@link Process} is the
 * server). The watchdog blocks reading a pipe only this JVM writes: end of file means the JVM died or
 * asked for a stop ({@link #stop}); it then signals the server, and SIGKILLs it after the grace.
 * Nothing polls. Without {@code /proc} (macOS) no watchdog starts.
 */
final class ProcessGuard {

  private static final Logger log = LoggerFactory.getLogger(ProcessGuard.class);
  private static final String LAUNCH = script("launch.sh");
  private static final String WATCHDOG = script("watchdog.sh");
  private static final boolean WATCHED = Files.isReadable(Path.of("/proc/self/stat"));
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(2);
  /** A watchdog exits within a tenth of a second of its server. */
  private static final Duration WATCHDOG_EXIT = Duration.ofSeconds(2);

  private ProcessGuard() {}

  /**
   * A builder for {@code server} (program and arguments) run under a watchdog that stops it with
   * {@code stopSignal} (a name {@code kill} knows, e.g. {@code TERM}) and SIGKILL {@code grace}
   * later. Leave its stdin a pipe: that pipe is the watchdog's tie to this JVM.
   */
  static ProcessBuilder builder(List<String> server, String stopSignal, Duration grace) {
    List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", LAUNCH, "sh", WATCHDOG, stopSignal,
        Long.toString(Math.max(1, grace.toSeconds()))));
    command.addAll(server);
    return new ProcessBuilder(command);
  }

  /**
   * Blocking: asks the server to stop (its watchdog sends it the stop signal; SIGTERM where there is
   * no watchdog), waits, {@code timeout} at the most, then kills it; returns once the server and its
   * watchdog are gone. Safe to call for a server that has exited already.
   */
  static void stop(Process server, Duration timeout) {
    Optional<ProcessHandle> watchdog = watchdogOf(server.pid());
    if (watchdog.isPresent()) {
      try {
        server.getOutputStream().close();
      } catch (IOException e) {
        server.destroy();
      }
    } else {
      server.destroy();
    }
    if (!LocalProcesses.awaitExit(server.toHandle(), System.nanoTime() + timeout.toNanos())) {
      log.warn("pid {} did not stop within {} s, killing it", server.pid(), timeout.toSeconds());
      server.destroyForcibly();
      LocalProcesses.awaitExit(server.toHandle(), System.nanoTime() + KILL_TIMEOUT.toNanos());
    }
    if (watchdog.isPresent()) {
      awaitGone(watchdog.get());
    }
  }

  /** The watchdog of the server with pid {@code serverPid}, while both run (Linux only). */
  static Optional<ProcessHandle> watchdogOf(long serverPid) {
    if (!WATCHED) {
      return Optional.empty();
    }
    String marker = "\0watchdog\0" + serverPid + "\0";
    return ProcessHandle.allProcesses()
        .filter(h -> LocalProcesses.commandLine(h).contains(marker) && LocalProcesses.isRunning(h))
        .findFirst();
  }

  /** Its exit is seen by polling: the watchdog is no child of this JVM. */
  private static void awaitGone(ProcessHandle watchdog) {
    long deadline = System.nanoTime() + WATCHDOG_EXIT.toNanos();
    try {
      while (LocalProcesses.isRunning(watchdog)) {
        if (System.nanoTime() - deadline > 0) {
          log.warn("the watchdog pid {} still runs {} ms after its server stopped", watchdog.pid(),
              WATCHDOG_EXIT.toMillis());
          return;
        }
        LocalProcesses.pause(20, "a watchdog");
      }
    } catch (InterruptedIOException e) {
      // the flag is set again; the watchdog ends on its own
    }
  }

  private static String script(String name) {
    try (InputStream in = ProcessGuard.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the classpath next to " + ProcessGuard.class);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
