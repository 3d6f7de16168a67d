package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * The score a rank needs: the entry holding rank {@code rank} in {@code rankMode} ({@code null} when
 * the period has fewer ranks) and its {@code score}; {@code needed}, the worst score that ranks an entry
 * there or better if it reached it now (after every equal score in unique mode; {@code null} when no
 * score the board takes does); with a user, how far their entry is from it.
 */
public record RankTarget(String board, String period, RankMode rankMode, long rank, long total, Entry entry,
    Long score, Long needed, @AnswerJson.IfSet UserGap user) implements Answer {
  /**
   * A user's entry beside the target: {@code score} and {@code rank} {@code null} without an entry;
   * {@code toReach}, how much their score must improve to reach {@code needed} (0 when their rank is
   * already {@code rank} or better; {@code null} without an entry or when no score reaches it).
   */
  public record UserGap(String userId, Long score, Long rank, Long toReach) implements Answer {
  }

  public static final Function<JsonObject, RankTarget> FROM_JSON = AnswerJson.reader(RankTarget.class);
}
