package dev.leaderboard.embedded;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs local {@code redis-server} processes, one per shard, each persisting to its own AOF under
 * {@code dataDir/redis-<i>/} so that a restart with the same data directory finds its data again.
 * (A little over 300 lines: one child process's whole life — binary, configuration, start, adopt
 * or stop a leftover, stop — reads best in one place; the parts shared with PostgreSQL are in
 * {@link LocalProcesses}.)
 */
public final class LocalRedisShards implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalRedisShards.class);
  private static final String HOST = LocalProcesses.HOST;
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(2);
  private static final int PORT_ATTEMPTS = 5;

  private final Path binary;
  private final List<String> endpoints;
  private final List<Process> processes;
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalRedisShards(Path binary, List<String> endpoints, List<Process> processes) {
    this.binary = binary;
    this.endpoints = List.copyOf(endpoints);
    this.processes = List.copyOf(processes);
  }

  /** Blocking: starts {@code count} redis-server processes; call from main or a worker thread, never an event loop. */
  public static LocalRedisShards start(Path dataDir, int count) throws IOException {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
    Path root = dataDir.toAbsolutePath();
    Path binary = locateBinary(root);
    List<String> endpoints = new ArrayList<>();
    List<Process> processes = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        Shard shard = startShard(binary, root.resolve("redis-" + i), i);
        processes.add(shard.process());
        endpoints.add(shard.endpoint());
      }
    } catch (IOException | RuntimeException e) {
      stopAll(processes.stream().map(Process::toHandle).toList());
      throw e;
    }
    return new LocalRedisShards(binary, endpoints, processes);
  }

  /** {@code redis://127.0.0.1:<port>}; index i is shard i. */
  public List<String> endpoints() {
    return endpoints;
  }

  /** The redis-server executable in use. */
  public Path binary() {
    return binary;
  }

  /** Package-private for tests: the running processes, index i is shard i. */
  List<ProcessHandle> processes() {
    return processes.stream().map(Process::toHandle).toList();
  }

  /** Stops every shard and waits (bounded) for it to exit; idempotent and safe from a shutdown hook. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      stopAll(processes());
    }
  }

  private record Shard(Process process, String endpoint) {}

  private static Shard startShard(Path binary, Path dir, int shard) throws IOException {
    Files.createDirectories(dir);
    Path pidFile = dir.resolve("redis.pid");
    Path logFile = dir.resolve("redis.log");
    killStale(pidFile, shard);
    for (int attempt = 1; ; attempt++) {
      int port = LocalProcesses.freePort();
      // redis.log accumulates across runs; only what this attempt wrote is relevant to its failure
      long logOffset = LocalProcesses.logSize(logFile);
      Process process = new ProcessBuilder(
              binary.toString(),
              "--port", Integer.toString(port),
              "--bind", HOST,
              "--dir", dir.toString(),
              "--appendonly", "yes",
              "--appendfsync", "everysec",
              "--save", "",
              "--daemonize", "no",
              "--pidfile", pidFile.toString(),
              "--logfile", logFile.toString(),
              "--protected-mode", "yes")
          .redirectErrorStream(true)
          // config errors are printed before the logfile is opened
          .redirectOutput(dir.resolve("redis.out").toFile())
          .start();
      boolean ready = false;
      Integer exitCode = null;
      try {
        ready = awaitReady(process, port, pidFile);
        exitCode = process.isAlive() ? null : process.exitValue();
      } finally {
        if (!ready) {
          stopAll(List.of(process.toHandle()));
        }
      }
      if (ready) {
        log.info("redis shard {} listening on {}:{}, data in {}, binary {}", shard, HOST, port, dir, binary);
        return new Shard(process, "redis://" + HOST + ":" + port);
      }
      String logTail = LocalProcesses.logTail(logFile, logOffset)
          + LocalProcesses.logTail(dir.resolve("redis.out"), 0);
      if (exitCode != null && logTail.contains("Address already in use") && attempt < PORT_ATTEMPTS) {
        log.warn("redis shard {}: port {} was taken before redis could bind it, retrying", shard, port);
        continue;
      }
      throw new IOException("redis shard " + shard + " on port " + port + " (dir " + dir + ") "
          + (exitCode != null ? "exited with code " + exitCode
                  : "did not answer PING with +PONG within " + READY_TIMEOUT.toSeconds() + " s")
          + "; tail of redis.log and its output:\n" + logTail);
    }
  }

  /**
   * Ready means: our process wrote its pidfile (redis 6.2 does so only after binding the port) and
   * the port answers +PONG (not -LOADING while the AOF is replayed). The pidfile check guards
   * against a PONG from some other redis that won the race for the port.
   */
  private static boolean awaitReady(Process process, int port, Path pidFile) throws IOException {
    Optional<Long> pid = Optional.of(process.pid());
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (process.isAlive() && System.nanoTime() < deadline) {
      if (pid.equals(LocalProcesses.readPid(pidFile)) && "+PONG".equals(ping(port)) && process.isAlive()) {
        return true;
      }
      sleep(50);
    }
    return false;
  }

  private static String ping(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, port), 500);
      socket.setSoTimeout(1000);
      socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
          .readLine();
    } catch (IOException e) {
      return null;
    }
  }

  /** A redis-server left running by a crashed previous run would hold the AOF and confuse readiness. */
  private static void killStale(Path pidFile, int shard) throws IOException {
    Optional<ProcessHandle> stale = LocalProcesses.liveProcess(pidFile, LocalRedisShards::isRedisServer);
    if (stale.isPresent()) {
      long pid = stale.get().pid();
      log.warn("redis shard {}: stopping stale redis-server pid {} named by {}", shard, pid, pidFile);
      stopAll(List.of(stale.get()));
      if (stale.get().isAlive()) {
        throw new IOException("could not stop stale redis-server pid " + pid + " named by " + pidFile);
      }
    }
    Files.deleteIfExists(pidFile);
  }

  /** Guards against the pid having been reused by an unrelated process. */
  private static boolean isRedisServer(ProcessHandle handle) {
    try {
      byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(handle.pid()), "cmdline"));
      return new String(cmdline, StandardCharsets.UTF_8).contains("redis-server");
    } catch (IOException e) {
      // no /proc (macOS)
      return handle.info().command().map(c -> c.contains("redis-server")).orElse(false);
    }
  }

  /** SIGTERM first: redis then fsyncs the AOF before exiting. */
  private static void stopAll(List<ProcessHandle> handles) {
    for (ProcessHandle handle : LocalProcesses.terminate(handles, STOP_TIMEOUT)) {
      log.warn("redis-server pid {} did not exit within {} s of SIGTERM, killing it",
          handle.pid(), STOP_TIMEOUT.toSeconds());
      handle.destroyForcibly();
      LocalProcesses.awaitExit(handle, System.nanoTime() + KILL_TIMEOUT.toNanos());
    }
  }

  private static Path locateBinary(Path dataDir) throws IOException {
    String path = System.getenv("PATH");
    Optional<Path> onPath = findOnPath(path);
    if (onPath.isPresent()) {
      return onPath.get();
    }
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    String resource = resourceName(os, arch);
    URL url = resource == null ? null : LocalRedisShards.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new IOException("no usable redis-server: looked for an executable `redis-server` on PATH ("
          + path + ") for which `redis-server --version` exits 0, and for the classpath resource "
          + (resource == null ? "matching os.name=" + os + ", os.arch=" + arch + " (none is known)" : resource)
          + " from com.github.codemonstur:embedded-redis");
    }
    return extract(url, dataDir.resolve("bin").resolve(resource));
  }

  static Optional<Path> findOnPath(String path) {
    if (path == null) {
      return Optional.empty();
    }
    for (String entry : path.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(entry, "redis-server").toAbsolutePath();
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate) && printsVersion(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static boolean printsVersion(Path candidate) {
    try {
      Process process = new ProcessBuilder(candidate.toString(), "--version")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      return process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  static String resourceName(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String arch = osArch.toLowerCase(Locale.ROOT);
    boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
    boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
    if (os.contains("linux")) {
      return x64 ? "redis-server-6.2.6-v5-linux-amd64" : arm64 ? "redis-server-6.2.7-linux-arm64" : null;
    }
    if (os.contains("mac") || os.contains("darwin")) {
      return x64 ? "redis-server-6.2.6-v5-darwin-amd64" : arm64 ? "redis-server-6.2.6-v5-darwin-arm64" : null;
    }
    return null;
  }

  /** Temp file plus atomic rename, so a concurrent run never executes a half-written binary. */
  private static Path extract(URL url, Path target) throws IOException {
    URLConnection connection = url.openConnection();
    long size = connection.getContentLengthLong();
    if (size >= 0 && Files.isRegularFile(target) && Files.size(target) == size && Files.isExecutable(target)) {
      return target;
    }
    Files.createDirectories(target.getParent());
    Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + "-", ".tmp");
    try {
      try (InputStream in = connection.getInputStream()) {
        Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      }
      if (!tmp.toFile().setExecutable(true, false)) {
        throw new IOException("cannot make " + tmp + " executable");
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return target;
  }

  private static void sleep(long millis) throws InterruptedIOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for redis-server");
    }
  }
}
