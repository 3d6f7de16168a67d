package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL for the archive from {@link PostgresBinaries}, so nothing needs installing: data
 * in {@code dataDir/postgres}, log in {@code dataDir/postgres.log}, listening on 127.0.0.1 only with
 * SCRAM logins of superuser {@code postgres}, whose password is made on first use ({@link LocalSecret}).
 * Where running as root is impossible, {@link #start} fails at once: run as non-root or set
 * {@code LB_PG_URI}. A start over data these binaries cannot run, or with fewer rows than the last
 * clean stop left, is refused ({@link PostgresData}). Supervised ({@link Supervisor}), it does not outlive the JVM ({@link ProcessGuard}),
 * and a start first stops one left running in the data directory ({@link Leftovers}).
 */
public final class LocalPostgres implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalPostgres.class);
  /** The name restarts are reported under. */
  private static final String NAME = "postgres";
  private static final String DATABASE = "postgres";

  private final int port;
  private final String password;
  private final Path pgData;
  private final Supervisor supervisor;
  private final FileLock lock;
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalPostgres(int port, String password, Path pgData, Supervisor supervisor, FileLock lock) {
    this.port = port;
    this.password = password;
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
      String version = binaries.version();
      OptionalLong lastStop = PostgresServer.exists(pgData) ? PostgresData.check(pgData, version) : OptionalLong.empty();
      String password = credentials(binaries, pgData, logFile, root.resolve("postgres.password"));
      PostgresServer.writeHba(pgData);
      int port = LocalProcesses.freePort();
      Process first = PostgresServer.start(NAME, binaries, pgData, port, logFile);
      try {
        PostgresData.started(pgData, version, lastStop, jdbcUrl(port, password));
      } catch (IOException | RuntimeException e) {
        ProcessGuard.stop(first, PostgresServer.STOP_TIMEOUT);
        throw e;
      }
      Supervisor supervisor = Supervisor.watch(NAME, first,
          () -> PostgresServer.start(NAME, binaries, pgData, port, logFile), PostgresServer.STOP_TIMEOUT, listener);
      log.info("postgresql {} listening on {}:{} (pid {}), data in {}, log {}", version, LocalProcesses.HOST, port,
          first.pid(), pgData, logFile);
      return new LocalPostgres(port, password, pgData, supervisor, lock);
    } catch (IOException | RuntimeException | ExceptionInInitializerError e) {
      LocalProcesses.release(lock);
      throw e instanceof IOException io ? io : new IOException("postgresql in " + pgData + " did not start: " + e, e);
    }
  }

  /**
   * The superuser's password, for a new cluster the one in {@code passwordFile} (made if missing);
   * for a cluster without one (made before the node used passwords) a new one, set before it is
   * stored, so that the file never names a password the cluster does not have.
   */
  private static String credentials(PostgresBinaries binaries, Path pgData, Path logFile, Path passwordFile)
      throws IOException {
    if (!PostgresServer.exists(pgData)) {
      String password = LocalSecret.of(passwordFile);
      PostgresServer.init(binaries, pgData, logFile, passwordFile);
      return password;
    }
    Optional<String> stored = LocalSecret.read(passwordFile);
    if (stored.isPresent()) {
      return stored.get();
    }
    String password = LocalSecret.generate();
    PostgresServer.setPassword(NAME, binaries, pgData, logFile, password);
    if (!LocalSecret.store(passwordFile, password)) {
      throw new IOException(passwordFile + " appeared while the data directory was locked");
    }
    log.info("postgresql in {} now takes password logins only; the password is in {}", pgData, passwordFile);
    return password;
  }

  /**
   * {@code postgresql://postgres:<password>@127.0.0.1:<port>/postgres}, for {@code PgConnectOptions.fromUri}.
   * Holds the password: never log it.
   */
  public String uri() {
    return "postgresql://" + PostgresServer.USER + ":" + password + "@" + LocalProcesses.HOST + ":" + port + "/"
        + DATABASE;
  }

  /** The same server for JDBC: {@code jdbc:postgresql://127.0.0.1:<port>/postgres?user=postgres&password=...}. */
  public String jdbcUrl() {
    return jdbcUrl(port, password);
  }

  static String jdbcUrl(int port, String password) {
    return "jdbc:postgresql://" + LocalProcesses.HOST + ":" + port + "/" + DATABASE + "?user=" + PostgresServer.USER
        + "&password=" + password;
  }

  int port() {
    return port;
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
        if (supervisor.process().isAlive()) {
          PostgresData.stopping(pgData, jdbcUrl());
        }
        supervisor.close();
        log.info("postgresql with data in {} stopped", pgData);
      } finally {
        LocalProcesses.release(lock);
      }
    }
  }
}
