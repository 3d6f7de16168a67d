package dev.leaderboard.archive;

/**
 * Which audit entries a page holds: those of one board, one operation and one actor, each
 * {@code null} for any.
 *
 * @param board the board's name
 * @param operation the operation's ID as recorded, such as {@code banUser}
 * @param actor who acted, as recorded: {@code key:<key ID>}
 */
public record AuditFilter(String board, String operation, String actor) {
  /** Every entry. */
  public static final AuditFilter ALL = new AuditFilter(null, null, null);

  /** The entries of one board. */
  public static AuditFilter board(String board) {
    return new AuditFilter(board, null, null);
  }
}
