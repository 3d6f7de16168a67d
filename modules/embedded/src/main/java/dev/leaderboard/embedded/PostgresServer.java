package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL server of one data directory: its creation ({@code initdb}), its command line, its
 * start under a {@link ProcessGuard}, and when it is ready. The {@code postgres} process is a child
 * of this JVM (no {@code pg_ctl}, which would detach it), so that its exit is seen at once.
 */
final class PostgresServer {

  static final String PROGRAM = "postgres";
  static final String USER = "postgres";
  /** Fast shutdown (SIGINT: open sessions are ended); SIGKILL after this. */
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration INITDB_TIMEOUT = Duration.ofMinutes(2);
  /** postmaster.pid: line 1 is the pid, line 8 the state ({@code ready} once it accepts connections). */
  private static final int PID_LINE = 0;
  private static final int STATUS_LINE = 7;

  private PostgresServer() {}

  /** Whether {@code pgData} holds a cluster (made whole: see {@link #init}). */
  static boolean exists(Path pgData) {
    return Files.exists(pgData.resolve("PG_VERSION"));
  }

  /**
   * Blocking: creates the cluster in {@code pgData}, its superuser {@link #USER} with the password in
   * {@code passwordFile} and SCRAM logins; in a sibling directory first that is renamed into place
   * once complete, so that an interrupted {@code initdb} leaves nothing half made.
   */
  static void init(PostgresBinaries binaries, Path pgData, Path logFile, Path passwordFile) throws IOException {
    Path staging = pgData.resolveSibling(pgData.getFileName() + ".initdb");
    PostgresBinaries.deleteRecursively(staging);
    long logOffset = LocalProcesses.logSize(logFile);
    Process initdb = startLogging(new ProcessBuilder(binaries.command("initdb", List.of("-A", "scram-sha-256",
        "--pwfile=" + passwordFile, "-U", USER, "-D", staging.toString(), "-E", "UTF-8", "--locale=C"))), logFile);
    await(initdb, "initdb of " + pgData, logFile, logOffset);
    Files.move(staging, pgData, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Blocking: sets the password of {@link #USER} in an existing cluster (one made before the node
   * used passwords), in single-user mode: no server runs, nothing listens. The statement goes in on
   * standard input and is never logged, not even when it fails.
   */
  static void setPassword(String name, PostgresBinaries binaries, Path pgData, Path logFile, String password)
      throws IOException {
    Leftovers.clear(name, pgData.resolve("postmaster.pid"), PROGRAM, pgData, STOP_TIMEOUT);
    long logOffset = LocalProcesses.logSize(logFile);
    Process single = startLogging(new ProcessBuilder(binaries.command(PROGRAM, List.of("--single", "-D",
        pgData.toString(), "-c", "listen_addresses=", "-c", "unix_socket_directories=", "-c",
        "log_min_error_statement=panic", "-c", "password_encryption=scram-sha-256", "postgres"))), logFile);
    try (OutputStream in = single.getOutputStream()) {
      in.write(("ALTER ROLE " + USER + " PASSWORD '" + password + "';\n").getBytes(StandardCharsets.US_ASCII));
    }
    await(single, "setting the password of " + pgData, logFile, logOffset);
    String tail = LocalProcesses.logTail(logFile, logOffset);
    if (tail.contains("ERROR:") || tail.contains("FATAL:")) {
      throw new IOException("setting the password of " + pgData + " failed; tail of " + logFile + ":\n" + tail);
    }
  }

  /**
   * Writes {@code pg_hba.conf} (owner-only): SCRAM password logins over loopback TCP, nothing else.
   * The server reads it at start, so a cluster made with {@code trust} is locked too.
   */
  static void writeHba(Path pgData) throws IOException {
    LocalSecret.writeOwnerOnly(pgData.resolve("pg_hba.conf"), """
        # Written at every start of the local PostgreSQL: password (SCRAM) logins over loopback TCP only.
        # TYPE  DATABASE  USER  ADDRESS       METHOD
        host    all       all   127.0.0.1/32  scram-sha-256
        """);
  }

  /** Waits for a tool that must exit 0 within {@link #INITDB_TIMEOUT}; fails with the log's tail. */
  private static void await(Process process, String what, Path logFile, long logOffset) throws IOException {
    try {
      if (!process.waitFor(INITDB_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IOException(what + " did not finish within " + INITDB_TIMEOUT.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + what, e);
    }
    if (process.exitValue() != 0) {
      throw new IOException(what + " exited with code " + process.exitValue() + "; tail of " + logFile + ":\n"
          + LocalProcesses.logTail(logFile, logOffset));
    }
  }

  /**
   * {@code postgres} on 127.0.0.1:{@code port} only (TCP on loopback, no socket file in a shared
   * directory), with fsync and synchronous commits on as by default: a period is deleted from Redis
   * once its archive transaction has committed. {@code max_wal_size} is 4 GB, not 1: an archive of a
   * million entries writes more WAL than the default lets pass before a checkpoint is forced, and after
   * it every index page the archive touches is written again whole (PostgreSQL logs "checkpoints are
   * occurring too frequently"). Checkpoints still come every five minutes, so an idle or small
   * installation keeps little WAL.
   */
  static List<String> command(PostgresBinaries binaries, Path pgData, int port) {
    return binaries.command(PROGRAM, List.of(
        "-D", pgData.toString(),
        "-p", Integer.toString(port),
        "-c", "listen_addresses=" + LocalProcesses.HOST,
        "-c", "unix_socket_directories=",
        "-c", "timezone=UTC",
        "-c", "max_connections=300",
        "-c", "max_wal_size=4GB"));
  }

  /**
   * Blocking: clears leftovers from {@code pgData}, starts the server on {@code port} (its log
   * appended to {@code logFile}) and waits until it accepts connections; a start that fails is
   * stopped and throws with the log's tail.
   */
  static Process start(String name, PostgresBinaries binaries, Path pgData, int port, Path logFile)
      throws IOException {
    Path pidFile = pgData.resolve("postmaster.pid");
    Leftovers.clear(name, pidFile, PROGRAM, pgData, STOP_TIMEOUT);
    long logOffset = LocalProcesses.logSize(logFile);
    Process process = startLogging(ProcessGuard.builder(command(binaries, pgData, port), "INT", STOP_TIMEOUT), logFile);
    boolean ready = false;
    try {
      ready = awaitReady(process, pidFile);
    } finally {
      if (!ready) {
        ProcessGuard.stop(process, STOP_TIMEOUT);
      }
    }
    if (!ready) {
      String tail = LocalProcesses.logTail(logFile, logOffset);
      throw new IOException("postgresql on " + LocalProcesses.HOST + ":" + port + " (data " + pgData + ") "
          + (process.isAlive() ? "was not ready within " + READY_TIMEOUT.toSeconds() + " s"
              : "exited with code " + process.exitValue())
          + "; tail of " + logFile + ":\n" + (tail.isEmpty() ? "(no log)" : tail.stripTrailing()));
    }
    return process;
  }

  /** Ready: the postmaster.pid of our process says so (after recovery, once connections are accepted). */
  /** Starts {@code process} with its output and errors appended to {@code logFile}. */
  private static Process startLogging(ProcessBuilder process, Path logFile) throws IOException {
    return process.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
  }

  private static boolean awaitReady(Process process, Path pidFile) throws IOException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (process.isAlive() && System.nanoTime() < deadline) {
      List<String> lines = readLines(pidFile);
      if (lines.size() > STATUS_LINE && lines.get(PID_LINE).trim().equals(Long.toString(process.pid()))
          && lines.get(STATUS_LINE).trim().equals("ready")) {
        return true;
      }
      LocalProcesses.pause(50, "postgres");
    }
    return false;
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return List.of();
    }
  }
}
