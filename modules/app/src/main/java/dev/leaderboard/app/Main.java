package dev.leaderboard.app;

import java.time.Clock;

/** Starts a node from {@code LB_*} environment variables; SIGTERM stops it cleanly. */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
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
