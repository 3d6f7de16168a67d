package dev.leaderboard.app;

import java.time.Clock;
import java.util.List;

/**
 * Starts a node from {@code LB_*} environment variables; SIGTERM stops it cleanly. With the argument
 * {@code migrate} it copies standalone Redis endpoints into a Redis Cluster instead ({@link MigrateCommand}); with
 * {@code reshard} it adds standalone shards to a stopped deployment ({@link ReshardCommand}); with
 * {@code backup} or {@code restore} it backs up or restores the embedded servers' data ({@link BackupCommand},
 * {@link RestoreCommand}); with {@code apply} or {@code export} it brings a running node's boards and
 * leagues to a definition file, or writes them as one ({@link ApplyCommand}, {@link ExportCommand}).
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    List<String> rest = List.of(args).subList(Math.min(1, args.length), args.length);
    Integer status = args.length == 0 ? null : switch (args[0]) {
      case "migrate" -> MigrateCommand.run(rest, System.getenv(), System.out, System.err);
      case "reshard" -> ReshardCommand.run(rest, System.getenv(), System.out, System.err);
      case "backup" -> BackupCommand.run(rest, System.getenv(), System.out, System.err);
      case "restore" -> RestoreCommand.run(rest, System.getenv(), System.out, System.err);
      case "apply" -> ApplyCommand.run(rest, System.getenv(), System.out, System.err);
      case "export" -> ExportCommand.run(rest, System.getenv(), System.out, System.err);
      default -> null;
    };
    if (status != null) {
      System.exit(status);
      return;
    }
    AppConfig config;
    try {
      config = AppConfig.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("configuration error: " + e.getMessage());
      System.exit(2);
      return;
    }
    try {
      LeaderboardApp app = LeaderboardApp.start(config, Clock.systemUTC()).await();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop().await(), "leaderboard-shutdown"));
    } catch (Exception e) {
      System.err.println("leaderboard failed to start: " + e.getMessage());
      System.exit(1);
    }
  }
}
