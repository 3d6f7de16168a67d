package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.List;

/** The commands that read one partition's scores in board order; the board's order picks each command and bound. */
public final class RankCommands {
  private RankCommands() {
  }

  public static Call card(Route partition) {
    return Call.of(partition, Request.cmd(Command.ZCARD).arg(Keys.scores(partition)));
  }

  /** ZRANGE by rank in board order, with scores (and each row's metadata when {@code withMeta}). */
  public static Call range(Board b, Route partition, long from, long to, boolean withMeta) {
    return Rows.range(partition, withMeta, b.order().range(), from, to, "WITHSCORES");
  }

  /** The member's index in board order. */
  static Call rank(Board b, Route partition, String member) {
    return Call.of(partition, Request.cmd(Command.create(b.order().rank())).arg(Keys.scores(partition)).arg(member));
  }

  /** ZCOUNT of the members whose composite is strictly better than {@code composite}. */
  static Call countBetter(Board b, Route partition, long composite) {
    String[] bounds = b.order().betterThan(composite);
    return Call.of(partition, Request.cmd(Command.ZCOUNT).arg(Keys.scores(partition)).arg(bounds[0]).arg(bounds[1]));
  }

  /** Per score, ZCOUNT of the members whose score is strictly better: better than the score's best composite. */
  static List<Call> countBetterScores(Board b, Route partition, List<Long> scores) {
    return scores.stream().map(s -> countBetter(b, partition, b.order().best(b.lowest(s), b.highest(s)))).toList();
  }
}
