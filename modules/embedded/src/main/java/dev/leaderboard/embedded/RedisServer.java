package dev.leaderboard.embedded;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One redis-server process of a shard: its command line (the shards' {@link RedisConfig}, AOF on, in
 * the shard's own directory), its start on a given port under a {@link ProcessGuard}, and when it is
 * ready.
 */
final class RedisServer {

  static final String PROGRAM = "redis-server";
  /** SIGTERM makes redis fsync the AOF and exit; SIGKILL after this. */
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
  private static final String HOST = LocalProcesses.HOST;
  private static final Logger log = LoggerFactory.getLogger(RedisServer.class);

  private RedisServer() {}

  /**
   * redis-server on {@code port} with {@code config} (password, disabled commands; the password is
   * never on the command line, which other users can read), keeping its AOF, pid file and log in {@code dir}.
   */
  static List<String> command(Path binary, RedisConfig config, Path dir, int port) {
    return command(binary, config, dir, port, List.of());
  }

  /** {@link #command(Path, RedisConfig, Path, int)} followed by {@code extra} options (cluster mode). */
  static List<String> command(Path binary, RedisConfig config, Path dir, int port, List<String> extra) {
    List<String> command = new ArrayList<>(List.of(
        binary.toString(),
        config.file().toString(),
        "--port", Integer.toString(port),
        "--bind", HOST,
        "--dir", dir.toString(),
        "--appendonly", "yes",
        // always, not everysec: with everysec redis answers a write whose AOF write it postponed
        // while a slow background fsync runs (up to 2 s), so a killed server loses acknowledged writes
        "--appendfsync", "always",
        "--save", "",
        "--daemonize", "no",
        "--pidfile", pidFile(dir).toString(),
        "--logfile", dir.resolve("redis.log").toString(),
        "--protected-mode", "yes"));
    command.addAll(extra);
    return command;
  }

  static Path pidFile(Path dir) {
    return dir.resolve("redis.pid");
  }

  /**
   * Blocking: clears leftovers from {@code dir}, starts the server on {@code port} and waits until
   * it is ready, with {@code extra} options after the usual ones. A start that fails is stopped and
   * throws, a {@link BindException} if the port was taken.
   */
  static Process start(String name, Path binary, RedisConfig config, Path dir, int port, List<String> extra)
      throws IOException {
    Path logFile = dir.resolve("redis.log");
    Path out = dir.resolve("redis.out");
    Leftovers.clear(name, pidFile(dir), PROGRAM, dir, STOP_TIMEOUT);
    // redis.log accumulates across runs; only what this start wrote is relevant to its failure
    long logOffset = LocalProcesses.logSize(logFile);
    Process process = ProcessGuard.builder(command(binary, config, dir, port, extra), "TERM", STOP_TIMEOUT)
        .redirectErrorStream(true)
        // config errors are printed before the logfile is opened
        .redirectOutput(out.toFile())
        .start();
    boolean ready = false;
    Integer exitCode = null;
    try {
      ready = awaitReady(process, port, config.password(), pidFile(dir));
      exitCode = process.isAlive() ? null : process.exitValue();
    } finally {
      if (!ready) {
        ProcessGuard.stop(process, STOP_TIMEOUT);
      }
    }
    if (ready) {
      log.info("{} listening on {}:{} (pid {}), data in {}, binary {}", name, HOST, port, process.pid(), dir, binary);
      return process;
    }
    String logTail = LocalProcesses.logTail(logFile, logOffset) + LocalProcesses.logTail(out, 0);
    String message = name + " on port " + port + " (dir " + dir + ") "
        + (exitCode != null ? "exited with code " + exitCode
            : "did not answer PING with +PONG within " + READY_TIMEOUT.toSeconds() + " s")
        + "; tail of redis.log and its output:\n" + logTail;
    throw exitCode != null && logTail.contains("Address already in use") ? new BindException(message)
        : new IOException(message);
  }

  /**
   * Ready means: our process wrote its pidfile (redis 6.2 does so only after binding the port) and
   * the port answers +PONG to a client that gave the password (not -LOADING while the AOF is
   * replayed). The pidfile check guards against a PONG from some other redis that won the race for
   * the port.
   */
  private static boolean awaitReady(Process process, int port, String password, Path pidFile) throws IOException {
    Optional<Long> pid = Optional.of(process.pid());
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (process.isAlive() && System.nanoTime() < deadline) {
      if (pid.equals(LocalProcesses.readPid(pidFile)) && "+PONG".equals(ping(port, password)) && process.isAlive()) {
        return true;
      }
      LocalProcesses.pause(50, "redis-server");
    }
    return false;
  }

  /** AUTH, then PING: the answer to the PING, or null (a refused AUTH, no answer). */
  private static String ping(int port, String password) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, port), 500);
      socket.setSoTimeout(1000);
      socket.getOutputStream().write(("*2\r\n$4\r\nAUTH\r\n$" + password.length() + "\r\n" + password + "\r\n"
          + "*1\r\n$4\r\nPING\r\n").getBytes(StandardCharsets.US_ASCII));
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      return "+OK".equals(in.readLine()) ? in.readLine() : null;
    } catch (IOException e) {
      return null;
    }
  }
}
