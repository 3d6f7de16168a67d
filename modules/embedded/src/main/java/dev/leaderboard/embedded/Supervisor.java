package dev.leaderboard.embedded;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one local server running: a process that exits while nobody stops it is launched again (same
 * port and data) after a delay doubling from {@link #FIRST_DELAY} to {@link #MAX_DELAY}, reset once it
 * has run {@link #MAX_DELAY}. Launches run on the supervisor's own thread, so they may block. No
 * restart once the JVM is exiting (Ctrl-C reaches the servers too). Fault tests may
 * {@link #killAndHold()} and {@link #revive()} a server.
 */
final class Supervisor implements AutoCloseable {

  static final Duration FIRST_DELAY = Duration.ofMillis(500);
  static final Duration MAX_DELAY = Duration.ofSeconds(30);
  /** Longer than any launch (readiness timeouts plus a leftover's stop). */
  private static final Duration LAUNCH_WAIT = Duration.ofMinutes(3);
  private static final Logger log = LoggerFactory.getLogger(Supervisor.class);
  private static volatile boolean jvmExiting;

  static {
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> jvmExiting = true, "supervisors-stand-down"));
    } catch (IllegalStateException e) {
      jvmExiting = true;
    }
  }

  /** Starts a server and answers its process once it is ready; blocking. */
  @FunctionalInterface
  interface Launch {
    Process start() throws IOException;
  }

  private final String name;
  private final Launch launch;
  private final Duration stopTimeout;
  private final RestartListener listener;
  private final ScheduledThreadPoolExecutor thread;
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Set by {@link #killAndHold()}: an exit is not followed by a restart until {@link #revive()}. */
  private volatile boolean held;
  private volatile Process process;
  // on the supervisor thread only, once watching has begun
  private long startedAt;
  private Duration delay = FIRST_DELAY;

  private Supervisor(String name, Launch launch, Duration stopTimeout, RestartListener listener) {
    this.name = name;
    this.launch = launch;
    this.stopTimeout = stopTimeout;
    this.listener = listener;
    this.thread = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, name + "-supervisor");
      t.setDaemon(true);
      return t;
    });
    // closing drops a restart that is waiting out its delay
    thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  /**
   * Watches {@code first}, a running server called {@code name}, and restarts it with {@code launch};
   * stopping gives it {@code stopTimeout} before SIGKILL.
   */
  static Supervisor watch(String name, Process first, Launch launch, Duration stopTimeout, RestartListener listener) {
    Supervisor supervisor = new Supervisor(name, launch, stopTimeout, listener);
    supervisor.follow(first);
    listener.supervising(name);
    return supervisor;
  }

  /** The server's current process. */
  Process process() {
    return process;
  }

  /**
   * Blocking: no more restarts (one under way is waited for), then the server is stopped within its
   * stop timeout; idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    thread.shutdown();
    try {
      if (!thread.awaitTermination(LAUNCH_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("{}: a restart still runs after {} s; stopping the server anyway", name, LAUNCH_WAIT.toSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ProcessGuard.stop(process, stopTimeout);
  }

  /**
   * For fault tests: kills the server with SIGKILL (no clean shutdown: it keeps only what it had
   * written to its files) and does not restart it until {@link #revive()}. Blocking: returns once
   * the process has exited.
   */
  void killAndHold() throws IOException {
    held = true;
    Process killed = process;
    killed.destroyForcibly();
    if (!LocalProcesses.awaitExit(killed.toHandle(), System.nanoTime() + stopTimeout.toNanos())) {
      throw new IOException(name + " (pid " + killed.pid() + ") still runs " + stopTimeout.toSeconds()
          + " s after SIGKILL");
    }
  }

  /** For fault tests: sends the server {@code kill -<signal>} (e.g. {@code STOP}, {@code CONT}). */
  void signal(String signal) throws IOException {
    long pid = process.pid();
    try {
      int exit = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
      if (exit != 0) {
        throw new IOException("kill -" + signal + " " + pid + " exited with " + exit);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while signalling " + name, e);
    }
  }

  /**
   * Blocking: starts the server {@link #killAndHold()} stopped by the same launch (same port, same
   * data) and returns once it is ready; from then on it is supervised as before.
   */
  void revive() throws IOException {
    held = false;
    try {
      thread.submit(this::restart).get(LAUNCH_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + name + " restarted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException(name + " did not restart", e);
    }
    if (!process.isAlive()) {
      throw new IOException(name + " did not restart; see the log for why");
    }
  }

  private void follow(Process started) {
    process = started;
    startedAt = System.nanoTime();
    started.onExit().thenRunAsync(() -> exited(started), thread);
  }

  private void exited(Process exited) {
    if (closed.get() || held || exited != process) {
      return;
    }
    if (System.nanoTime() - startedAt >= MAX_DELAY.toNanos()) {
      delay = FIRST_DELAY;
    }
    log.warn("{} (pid {}) exited with code {}; restarting it in {} ms", name, exited.pid(), exited.exitValue(),
        delay.toMillis());
    retryLater();
  }

  private void retryLater() {
    thread.schedule(this::restart, delay.toMillis(), TimeUnit.MILLISECONDS);
    Duration doubled = delay.multipliedBy(2);
    delay = doubled.compareTo(MAX_DELAY) < 0 ? doubled : MAX_DELAY;
  }

  private void restart() {
    // a restart scheduled before revive() started the server again finds it running
    if (closed.get() || jvmExiting || process.isAlive()) {
      return;
    }
    Process restarted;
    try {
      restarted = launch.start();
    } catch (IOException | RuntimeException e) {
      log.warn("{} did not restart: {}; next attempt in {} ms", name, e.getMessage(), delay.toMillis());
      retryLater();
      return;
    }
    follow(restarted);
    log.info("{} restarted (pid {})", name, restarted.pid());
    try {
      listener.restarted(name);
    } catch (RuntimeException e) {
      log.warn("{}: the restart listener failed", name, e);
    }
  }
}
