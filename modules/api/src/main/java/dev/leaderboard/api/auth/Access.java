package dev.leaderboard.api.auth;

/**
 * What one operation of {@code openapi.yaml} declares with {@code x-scope} and {@code x-player}.
 *
 * @param scope {@code null}: open
 * @param player what a player token may do with the operation; {@code null}: nothing (403)
 * @param onBoard whether the operation is on one board (its path has {@code {board}}): a key limited
 *     to some boards may be used only on those, and only on operations on a board
 */
public record Access(String operationId, Scope scope, PlayerRule player, boolean onBoard) {
  /** The operation extension that declares the scope. */
  public static final String EXTENSION = "x-scope";
  public static final String OPEN = "none";

  /** An {@link IllegalArgumentException} saying what is wrong when a declaration is missing or invalid. */
  public static Access declared(String operationId, Object xScope, Object xPlayer, String path) {
    Scope scope = scope(operationId, xScope);
    PlayerRule player = player(operationId, xPlayer);
    if (player != null && (scope == null || scope == Scope.ADMIN && player != PlayerRule.OWN_USER)) {
      throw new IllegalArgumentException(PlayerRule.EXTENSION + " of " + operationId + ": players never call "
          + (scope == null ? "open operations (they need no credential)"
              : "admin operations, but about their own user (" + PlayerRule.OWN_USER.wireName() + ")"));
    }
    String needs = player == PlayerRule.OWN_USER ? "{userId}"
        : player == PlayerRule.OWN_EVENT || player == PlayerRule.OWN_JOIN ? "{board}" : null;
    if (needs != null && !path.contains(needs)) {
      throw new IllegalArgumentException(PlayerRule.EXTENSION + " of " + operationId + " is "
          + player.wireName() + ", but its path has no " + needs);
    }
    return new Access(operationId, scope, player, path.contains("{board}"));
  }

  private static Scope scope(String operationId, Object xScope) {
    if (!(xScope instanceof String value)) {
      throw new IllegalArgumentException(EXTENSION + " of " + operationId + " must be " + OPEN + " or one of "
          + Scope.known() + (xScope == null ? " (it has none)" : " (got " + xScope + ")"));
    }
    if (value.equals(OPEN)) {
      return null;
    }
    try {
      return Scope.fromWire(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(EXTENSION + " of " + operationId + " " + e.getMessage() + " or " + OPEN
          + " (got " + value + ")", e);
    }
  }

  private static PlayerRule player(String operationId, Object xPlayer) {
    if (xPlayer == null) {
      return null;
    }
    try {
      return PlayerRule.fromWire(String.valueOf(xPlayer));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(PlayerRule.EXTENSION + " of " + operationId + " " + e.getMessage()
          + " (got " + xPlayer + ")", e);
    }
  }

  public boolean open() {
    return scope == null;
  }

  /** Whether a player token may call the operation at all (within its {@link #player} rule). */
  public boolean forPlayers() {
    return player != null;
  }

  /**
   * Whether a call is recorded in the audit log: an admin operation's that changes something, and
   * every call of an admin operation a player may make about themselves (a user's data handed out).
   */
  public boolean audited(boolean get) {
    return scope == Scope.ADMIN && (!get || player != null);
  }

  /** Reads on one board: open without a credential when the board has {@code publicReads}. */
  public boolean publicOnPublicBoards() {
    return scope == Scope.READ && onBoard;
  }
}
