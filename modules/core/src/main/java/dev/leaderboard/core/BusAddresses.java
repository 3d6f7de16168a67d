package dev.leaderboard.core;

/**
 * Every event-bus address the node uses, in one place: the services' own, and the notices nodes
 * publish to each other (clustered) or to themselves ({@code localConsumer}).
 */
public final class BusAddresses {
  /** The leaderboard service ({@code LeaderboardService}, its proxy and its binding). */
  public static final String SERVICE = "leaderboard.service";
  /** The friend-rank service ({@code FriendRankService}). */
  public static final String FRIENDS = "leaderboard.friends";
  /** A board was defined, changed or deleted: every node refreshes its registry. */
  public static final String BOARD_CHANGED = "leaderboard.boards.changed";
  /** A period of a board changed state (closing, archived). */
  public static final String PERIOD_CHANGED = "leaderboard.periods.changed";
  /** A ban was set or lifted. */
  public static final String BANS_CHANGED = "leaderboard.bans.changed";
  /** This node archived a period (local): its webhook delivery starts here. */
  public static final String PERIOD_ARCHIVED = "leaderboard.period.archived";
  /** Scores changed on a board period: the live streams' feeds. */
  public static final String SCORES_CHANGED = "leaderboard.scores.changed";
  /** A player's profile was set, changed or removed: the live streams that list the player show it again. */
  public static final String PROFILE_CHANGED = "leaderboard.profiles.changed";
  /** An operator asked a period's webhook to be delivered again. */
  public static final String WEBHOOK_REDELIVER = "leaderboard.webhooks.redeliver";
  /** An API key was created, changed or revoked: every node drops its cached copy. */
  public static final String KEYS_CHANGED = "leaderboard.keys.changed";

  private BusAddresses() {
  }
}
