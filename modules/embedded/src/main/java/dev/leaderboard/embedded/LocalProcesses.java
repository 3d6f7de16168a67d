package dev.leaderboard.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * What the local servers share around their processes: a free loopback port, the process a pid
 * file names, a bounded SIGTERM stop, and the tail of a log for an error message.
 */
final class LocalProcesses {

  /** Every local server listens on loopback only. */
  static final String HOST = "127.0.0.1";
  private static final int LOG_TAIL_LINES = 30;

  private LocalProcesses() {}

  /** A port free on {@link #HOST} now; the server may still lose it to another process before it binds. */
  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return socket.getLocalPort();
    }
  }

  /** The pid on the first line of {@code pidFile}, if the file exists and holds one. */
  static Optional<Long> readPid(Path pidFile) {
    try {
      List<String> lines = Files.readAllLines(pidFile, StandardCharsets.US_ASCII);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The live process {@code pidFile} names, if {@code isExpected} recognises it: a pid reused by an
   * unrelated process is none.
   */
  static Optional<ProcessHandle> liveProcess(Path pidFile, Predicate<ProcessHandle> isExpected) {
    return readPid(pidFile).flatMap(ProcessHandle::of).filter(h -> h.isAlive() && isExpected.test(h));
  }

  /**
   * Sends SIGTERM to each (the servers then shut down cleanly) and waits, until {@code timeout} at the
   * most, for all to exit; answers those still running. An interrupt ends the wait (the flag stays set).
   */
  static List<ProcessHandle> terminate(List<ProcessHandle> handles, Duration timeout) {
    handles.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + timeout.toNanos();
    List<ProcessHandle> running = new ArrayList<>();
    for (ProcessHandle handle : handles) {
      if (!awaitExit(handle, deadline)) {
        running.add(handle);
      }
    }
    return running;
  }

  /** Whether {@code handle} exited by {@code deadlineNanos} ({@link System#nanoTime()}); false if interrupted. */
  static boolean awaitExit(ProcessHandle handle, long deadlineNanos) {
    if (!handle.isAlive()) {
      return true;
    }
    try {
      handle.onExit().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !handle.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Where a log that accumulates across runs ends now: what a start writes after it is that start's. */
  static long logSize(Path file) throws IOException {
    return Files.exists(file) ? Files.size(file) : 0;
  }

  /**
   * The last lines of {@code file} from {@code offset} on (from its start if it is shorter now), each
   * ending with a newline; empty if there is no such file.
   */
  static String logTail(Path file, long offset) {
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      channel.position(offset <= channel.size() ? offset : 0);
      List<String> lines = new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8)
          .lines().toList();
      return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()))
          + (lines.isEmpty() ? "" : "\n");
    } catch (NoSuchFileException e) {
      return "";
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e + ")\n";
    }
  }
}
