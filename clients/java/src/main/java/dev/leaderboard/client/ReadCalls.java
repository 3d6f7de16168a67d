package dev.leaderboard.client;

import dev.leaderboard.client.model.Around;
import dev.leaderboard.client.model.Histogram;
import dev.leaderboard.client.model.Page;
import dev.leaderboard.client.model.RankTarget;
import dev.leaderboard.client.model.RanksResult;
import dev.leaderboard.client.model.ScoreRank;
import dev.leaderboard.client.model.UserEntry;
import java.util.List;
import java.util.Map;

/**
 * Pages, a user's entry, around a user, ranks of a list of users, the histogram, the score a rank needs and the
 * rank a score gets (tag {@code reads}).
 */
public final class ReadCalls {
  private final Transport transport;

  ReadCalls(Transport transport) {
    this.transport = transport;
  }

  /** The entries from {@code offset} (0: the leader), at most {@code limit} of them. */
  @Operation("entries")
  public Page entries(String board, long offset, int limit, ReadOptions options) {
    return transport.send(Call.of("entries", "GET", "/v1/boards/{}/entries", board).param("offset", offset)
        .param("limit", limit).params(options), Page.class);
  }

  /** The top {@code limit} entries of the current period. */
  public Page top(String board, int limit) {
    return entries(board, 0, limit, ReadOptions.DEFAULTS);
  }

  /** The user's entry: score, rank, percentile. */
  @Operation("user")
  public UserEntry user(String board, String userId, ReadOptions options) {
    return transport.send(Call.of("user", "GET", "/v1/boards/{}/users/{}", board, userId).params(options),
        UserEntry.class);
  }

  /** The user's entry in the current period. */
  public UserEntry user(String board, String userId) {
    return user(board, userId, ReadOptions.DEFAULTS);
  }

  /** The {@code limit} entries around the user, the user included; {@code limit} null for the node's default. */
  @Operation("around")
  public Around around(String board, String userId, Integer limit, ReadOptions options) {
    return transport.send(Call.of("around", "GET", "/v1/boards/{}/users/{}/around", board, userId)
        .param("limit", limit).params(options), Around.class);
  }

  /** The entries of up to 100 users (those without a score under {@code missing}). */
  @Operation("ranks")
  public RanksResult ranks(String board, List<String> userIds, ReadOptions options) {
    return transport.send(Call.of("ranks", "POST", "/v1/boards/{}/ranks", board).params(options)
        .body(Map.of("userIds", userIds)), RanksResult.class);
  }

  /** How the period's scores are spread, in at most {@code buckets} buckets (null: the node's default). */
  @Operation("histogram")
  public Histogram histogram(String board, Integer buckets, String period) {
    return transport.send(Call.of("histogram", "GET", "/v1/boards/{}/histogram", board).param("buckets", buckets)
        .param("period", period), Histogram.class);
  }

  /**
   * The entry holding {@code rank} and the score it needs ({@code options}: period and rank mode); with
   * {@code userId} (null: none), how far that user is from it.
   */
  @Operation("scoreAtRank")
  public RankTarget scoreAtRank(String board, long rank, String userId, ReadOptions options) {
    return transport.send(options.addPeriodAndMode(Call.of("scoreAtRank", "GET", "/v1/boards/{}/ranks/{}", board,
        String.valueOf(rank))).param("userId", userId), RankTarget.class);
  }

  /**
   * The rank {@code score} would get now, without submitting it ({@code options}: period and rank mode);
   * with {@code userId} (null: none), as if that user's entry held it.
   */
  @Operation("rankOfScore")
  public ScoreRank rankOfScore(String board, long score, String userId, ReadOptions options) {
    return transport.send(options.addPeriodAndMode(Call.of("rankOfScore", "GET", "/v1/boards/{}/rank-of", board)
        .param("score", score)).param("userId", userId), ScoreRank.class);
  }
}
