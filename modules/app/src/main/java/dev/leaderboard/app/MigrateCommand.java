package dev.leaderboard.app;

import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar leaderboard.jar migrate ...}: copies a standalone deployment's Redis keys into a
 * Redis Cluster ({@link KeyMigration}) and prints what it found. Exit status: 0 copied and verified
 * (or a dry run), 1 some key differs on the cluster, 2 bad arguments, 3 refused (the target is not a
 * cluster in {@code cluster_state:ok}; nothing written), 4 failed on the way (a node went away, a
 * {@code RESTORE} was refused); running it again is safe. It runs on the command's main thread and
 * waits for each step ({@code await}); no event loop runs it.
 */
final class MigrateCommand {
  static final int OK = 0;
  static final int DIFFERENT = 1;
  static final int USAGE = 2;
  static final int REFUSED = 3;
  static final int FAILED = 4;

  private MigrateCommand() {
  }

  /** Blocking; {@code args} are what follows {@code migrate}. */
  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    MigrateOptions options;
    try {
      options = MigrateOptions.parse(args, env);
    } catch (IllegalArgumentException e) {
      err.println("migrate: " + e.getMessage());
      err.println(MigrateOptions.USAGE);
      return USAGE;
    }
    Vertx vertx = Vertx.vertx();
    try {
      MigrationTally tally = new KeyMigration(vertx, options, out).run();
      tally.print(out, options.dryRun());
      return options.dryRun() || tally.differences() == 0 ? OK : DIFFERENT;
    } catch (KeyMigration.Refused e) {
      err.println("migrate: refused, nothing written: " + e.getMessage());
      return REFUSED;
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {   // Future.await rethrows what failed as it is: connection failures, error replies
      err.println("migrate: failed (safe to run again): " + e.getMessage());
      return FAILED;
    } finally {
      vertx.close().await();
    }
  }
}
