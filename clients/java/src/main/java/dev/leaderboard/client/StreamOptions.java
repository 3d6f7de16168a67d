package dev.leaderboard.client;

import java.util.List;

/**
 * What a live stream follows: the first {@code top} entries (default 10, 0 for none) and up to 20
 * watched users, of the current period or of {@code period}. Immutable; each setter returns a new instance.
 */
public final class StreamOptions {
  /** The top 10 of the current period. */
  public static final StreamOptions DEFAULTS = new StreamOptions(null, List.of(), null);
  private final Integer top;
  private final List<String> users;
  private final String period;

  private StreamOptions(Integer top, List<String> users, String period) {
    this.top = top;
    this.users = users;
    this.period = period;
  }

  /** Follows the first {@code n} entries (0 to 100). */
  public StreamOptions top(int n) {
    return new StreamOptions(n, users, period);
  }

  /** Follows these users' entries (up to 20). */
  public StreamOptions users(List<String> userIds) {
    return new StreamOptions(top, List.copyOf(userIds), period);
  }

  /** Follows {@code period} instead of the current one. */
  public StreamOptions period(String period) {
    return new StreamOptions(top, users, period);
  }

  Call addTo(Call call) {
    return call.param("top", top).param("users", users.isEmpty() ? null : String.join(",", users))
        .param("period", period);
  }
}
