package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What the local servers share around their processes: a free loopback port, a data directory's
 * lock, the pid a pid file names, a bounded stop, and the tail of a log for an error message.
 */
final class LocalProcesses {

  /** Every local server listens on loopback only. */
  static final String HOST = "127.0.0.1";
  private static final int LOG_TAIL_LINES = 30;
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(2);

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
   * Creates and locks {@code file}; answers the lock, held while a server of that data directory runs
   * (across JVMs too), so that a server process found running in a directory one holds the lock of
   * can only be a leftover of a run that ended. Fails if another holds it.
   */
  static FileLock lock(Path file, String what) throws IOException {
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IOException(what + " is in use by another local server (" + file + " is locked)");
    }
    return lock;
  }

  static void release(FileLock lock) {
    try {
      lock.channel().close();
    } catch (IOException e) {
      // closing a channel that only held a lock: nothing to save
    }
  }

  /**
   * SIGTERM to each, SIGKILL to those still running after {@code timeout}; answers those that did
   * not exit even then.
   */
  static List<ProcessHandle> stop(List<ProcessHandle> handles, Duration timeout) {
    List<ProcessHandle> stubborn = terminate(handles, timeout);
    stubborn.forEach(ProcessHandle::destroyForcibly);
    long deadline = System.nanoTime() + KILL_TIMEOUT.toNanos();
    return stubborn.stream().filter(h -> !awaitExit(h, deadline)).toList();
  }

  /**
   * Sends SIGTERM to each (the servers then shut down cleanly) and waits, until {@code timeout} at the
   * most, for all to exit; answers those still running. An interrupt ends the wait (the flag stays set).
   */
  static List<ProcessHandle> terminate(List<ProcessHandle> handles, Duration timeout) {
    handles.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + timeout.toNanos();
    return handles.stream().filter(h -> !awaitExit(h, deadline)).toList();
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

  /**
   * Alive and not a zombie (a process that has exited but that its parent has not reaped yet,
   * which {@link ProcessHandle#isAlive()} still counts as alive).
   */
  static boolean isRunning(ProcessHandle handle) {
    if (!handle.isAlive()) {
      return false;
    }
    try {
      String stat = Files.readString(proc(handle).resolve("stat"), StandardCharsets.ISO_8859_1);
      return !stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("Z");
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      // no /proc (macOS)
      return true;
    }
  }

  /**
   * Its arguments each followed by NUL, as in {@code /proc/<pid>/cmdline} (a zombie's is empty);
   * empty where that cannot be read.
   */
  static String commandLine(ProcessHandle handle) {
    try {
      return Files.readString(proc(handle).resolve("cmdline"), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return "";
    }
  }

  static Path proc(ProcessHandle handle) {
    return Path.of("/proc", Long.toString(handle.pid()));
  }

  /** Blocking: waits {@code millis} between two looks at a starting server; an interrupt ends the start. */
  static void pause(long millis, String what) throws InterruptedIOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for " + what);
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
