package dev.leaderboard.api.auth;

/**
 * What one operation of {@code openapi.yaml} needs, as its {@code x-scope} declares it: a scope,
 * or {@code none} (open to everyone, e.g. the health checks).
 *
 * @param scope {@code null}: open
 * @param onBoard whether the operation is on one board (its path has {@code {board}}): a key limited
 *     to some boards may be used only on those, and only on operations on a board
 */
public record Access(String operationId, Scope scope, boolean onBoard) {
  /** The operation extension that declares the scope. */
  public static final String EXTENSION = "x-scope";
  public static final String OPEN = "none";

  /**
   * The access an operation declares with {@code x-scope}; an {@link IllegalArgumentException}
   * saying what is wrong when the value is missing or not {@value #OPEN} or a scope.
   */
  public static Access declared(String operationId, Object xScope, boolean onBoard) {
    if (!(xScope instanceof String value)) {
      throw new IllegalArgumentException(EXTENSION + " of " + operationId + " must be " + OPEN + " or one of "
          + Scope.known() + (xScope == null ? " (it has none)" : " (got " + xScope + ")"));
    }
    if (value.equals(OPEN)) {
      return new Access(operationId, null, onBoard);
    }
    try {
      return new Access(operationId, Scope.fromWire(value), onBoard);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(EXTENSION + " of " + operationId + " " + e.getMessage() + " or " + OPEN
          + " (got " + value + ")", e);
    }
  }

  public boolean open() {
    return scope == null;
  }

  /** Reads on one board: open without a credential when the board has {@code publicReads}. */
  public boolean publicOnPublicBoards() {
    return scope == Scope.READ && onBoard;
  }
}
