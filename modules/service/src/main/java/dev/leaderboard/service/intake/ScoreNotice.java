package dev.leaderboard.service.intake;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Order;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What changed on one board's period during one coalescing interval of one node, published on the
 * event bus ({@link BusAddresses#SCORES_CHANGED}) so every node's live streams learn of submits accepted anywhere.
 *
 * <p>A notice only says where to look: the users whose entry changed ({@code null} when there were
 * more than {@link #MAX_USERS}), the best new position among them, and the best old position among
 * those whose score got worse. An entry changes by a score event, or by a {@code PATCH} of its
 * metadata alone (its new position is then the one it holds). Nodes never show anything taken from it; they decide from it which
 * reads to make and show what the reads answer, so a forged notice costs at most one coalesced read.
 *
 * @param users the users whose entry changed; {@code null}: too many to list (treat every user as changed)
 * @param best the best position any of them reached
 * @param dropped the best position a user held before moving down, or {@code null} when nobody moved down
 */
public record ScoreNotice(String board, String period, List<String> users, Position best, Position dropped) {
  /** The most users a notice lists; beyond, it lists none and means "any user". */
  public static final int MAX_USERS = 256;

  /** A score and the time it was reached (epoch ms), ordered as the board orders entries. */
  public record Position(long score, long at) {
    /**
     * Whether this position is at or ahead of {@code (score, at)} on a board of {@code order}: a
     * better score, or the same score reached no later (equal counts, so ties are never missed).
     */
    public boolean reaches(long score, long at, Order order) {
      return order.better(this.score, score) || (this.score == score && this.at <= at);
    }

    /** The better of the two on a board of {@code order} ({@code other} may be {@code null}). */
    public Position best(Position other, Order order) {
      return other == null || reaches(other.score, other.at, order) ? this : other;
    }

    JsonObject toJson() {
      return new JsonObject().put("score", score).put("at", at);
    }

    static Position fromJson(Object json) {
      if (json instanceof JsonObject o && o.getValue("score") instanceof Number s && o.getValue("at") instanceof Number a) {
        return new Position(s.longValue(), a.longValue());
      }
      return null;
    }
  }

  /** Whether {@code userId} is among the changed users (always, when they were too many to list). */
  public boolean names(String userId) {
    return users == null || users.contains(userId);
  }

  public JsonObject toJson() {
    JsonObject out = new JsonObject().put("board", board).put("period", period).put("best", best.toJson());
    if (users != null) {
      out.put("users", new JsonArray(users));
    }
    if (dropped != null) {
      out.put("dropped", dropped.toJson());
    }
    return out;
  }

  /** The notice in {@code json}, or {@code null} when it is not one (whoever sent it). */
  public static ScoreNotice fromJson(Object json) {
    if (!(json instanceof JsonObject o) || !(o.getValue("board") instanceof String board)
        || !(o.getValue("period") instanceof String period)) {
      return null;
    }
    Position best = Position.fromJson(o.getValue("best"));
    if (best == null) {
      return null;
    }
    List<String> users = o.getValue("users") instanceof JsonArray listed
        ? listed.stream().filter(String.class::isInstance).map(String.class::cast).toList() : null;
    return new ScoreNotice(board, period, users, best, Position.fromJson(o.getValue("dropped")));
  }
}
