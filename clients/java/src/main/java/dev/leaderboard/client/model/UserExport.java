package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * Everything the service holds about a user: one section per place their data lives, each empty
 * (or {@code ban} null) when they have nothing there.
 *
 * @param periods Every hot period where the user holds anything
 * @param archived Every archived period where the user has a row or a seat
 * @param rewards Oldest first
 * @param audit The admin actions whose target names the user, oldest first
 */
public record UserExport(String userId, long exportedAt, Ban ban, Map<String, Object> profile, List<Period> periods,
    List<Archived> archived,
    List<String> friends, List<Reward> rewards, List<LeagueSeat> leagues, List<Move> leagueMoves,
    List<PendingLeagueScore> pendingLeagueScores, List<AuditEntry> audit) {

  /** A league score held until the previous period ({@code after}) has its moves applied, as sent. */
  public record PendingLeagueScore(String league, String after, Map<String, Object> event) {
  }

  /** An entry's score, time (epoch ms) and sort keys. */
  public record Score(long score, long at, Map<String, Object> keys) {
  }

  /** When the user joined a period, and their cohort on a board with cohorts. */
  public record Seat(long joinedAt, Long cohort) {
  }

  /**
   * What the user holds on one hot period; absent parts are null.
   *
   * @param heldByBan The entry a ban holds back
   * @param attempts Events applied for the user in the period
   * @param eventIds The event IDs the idempotency records hold
   */
  public record Period(String board, String period, String state, Score entry, Score heldByBan,
      Map<String, Object> meta, Seat participation, Long attempts, List<String> eventIds) {
  }

  /**
   * The user's row and seat in one archived period; absent parts are null.
   *
   * @param position Unique rank − 1
   * @param rank Competition rank
   */
  public record Archived(String board, String period, Long position, Long score, Long at, Long rank, Long denseRank,
      Map<String, Object> meta, Map<String, Object> keys, Seat participation) {
  }

  /** A league the user is a member of, and their tier. */
  public record LeagueSeat(String league, String tier) {
  }

  /** A recorded move at a league period's close ({@code to} null when dropped). */
  public record Move(String league, String period, String from, String to, Long cohort, Long cohortRank, Long score,
      String movement) {
  }
}
