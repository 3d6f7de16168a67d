package dev.leaderboard.api.stream;

import dev.leaderboard.core.Order;
import dev.leaderboard.service.intake.ScoreNotice;
import dev.leaderboard.service.result.Entry;
import io.vertx.core.json.JsonObject;

/**
 * One watched user's entry on one board's period, shared by every stream of the node that watches
 * the user. Its rank moves when the user's own score changes, when someone reaches its position, or
 * when someone ahead of it falls back; other changes make no read.
 */
final class UserFeed extends Feed {
  final String userId;
  private Entry entry;

  UserFeed(String userId) {
    this.userId = userId;
  }

  boolean affectedBy(ScoreNotice notice, Order order) {
    if (data == null || notice.names(userId)) {
      return true;
    }
    if (entry == null) {
      return false;
    }
    long score = entry.score();
    long at = entry.at();
    return notice.best().reaches(score, at, order)
        || (notice.dropped() != null && notice.dropped().reaches(score, at, order));
  }

  /** Takes a fresh read ({@code null}: the user has no entry); {@code true} when it differs from the last one shown. */
  boolean update(String board, String period, Entry read) {
    String sig = read == null ? "none" : read.rank() + " " + read.score() + " " + read.at() + " " + read.meta()
        + " " + read.profile();
    entry = read;
    return show(sig, () -> new JsonObject().put("board", board).put("period", period).put("userId", userId)
        .put("entry", read == null ? null : read.toJson()));
  }

  @Override
  void reset() {
    super.reset();
    entry = null;
  }
}
