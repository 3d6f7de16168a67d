package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.moderation.Ban;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * Everything the service holds about one user, as one document: one section per place a user's data
 * lives (the places an erasure goes over, in its order), each a list, empty when the user has nothing
 * there. A new kind of user data is one more component here and its read in {@code service/Export}.
 *
 * @param ban the user's ban record, {@code null} when none (marked {@code erasing} while an erasure runs)
 * @param profile the user's profile ({@code displayName}, {@code avatarUrl}, {@code country}, {@code data}),
 *     {@code null} when none
 * @param periods every hot board period where the user holds anything: entry, entry held back by a ban,
 *     metadata, participation, attempts, idempotency records
 * @param archived every archived period where the user has a row or a seat
 * @param friends the user's friends
 * @param rewards the user's rewards, oldest first
 * @param leagues the leagues the user is a member of, with their tier
 * @param leagueMoves the user's recorded moves at league periods' closes
 * @param pendingLeagueScores the user's league scores held until the previous period's moves are applied
 *     ({@code after}: that period), as sent
 * @param audit the admin actions whose target names the user, oldest first (the records of exports and
 *     erasures themselves are the operator's proof of serving such requests and are not listed)
 */
public record UserExport(String userId, long exportedAt, Ban ban, JsonObject profile, List<HotPeriod> periods,
    List<ArchivedPeriod> archived, List<String> friends, List<RewardList.Item> rewards, List<LeagueSeat> leagues,
    List<LeagueMove> leagueMoves, List<PendingLeagueScore> pendingLeagueScores, List<JsonObject> audit)
    implements Answer {

  /** A league score held until the previous period's moves are applied: the league, that period, the event. */
  public record PendingLeagueScore(String league, String after, JsonObject event) implements Answer {
  }

  /** An entry: score, time (epoch ms) and sort keys where the board has them. */
  public record Score(long score, long at, @AnswerJson.IfSet JsonObject keys) implements Answer {
  }

  /** A seat in a period: when the user joined (epoch ms), their cohort on a board with cohorts. */
  public record Seat(long joinedAt, @AnswerJson.IfSet Long cohort) implements Answer {
  }

  /** What the user holds on one hot period; absent parts are left out. */
  public record HotPeriod(String board, String period, PeriodState state, @AnswerJson.IfSet Score entry,
      @AnswerJson.IfSet Score heldByBan, @AnswerJson.IfSet JsonObject meta, @AnswerJson.IfSet Seat participation,
      @AnswerJson.IfSet Long attempts, @AnswerJson.IfSet List<String> eventIds) implements Answer {
  }

  /** The user's archived row (position, ranks, metadata and keys as archived) and seat in one archived period. */
  public record ArchivedPeriod(String board, String period, @AnswerJson.IfSet Long position,
      @AnswerJson.IfSet Long score, @AnswerJson.IfSet Long at, @AnswerJson.IfSet Long rank,
      @AnswerJson.IfSet Long denseRank, @AnswerJson.IfSet JsonObject meta, @AnswerJson.IfSet JsonObject keys,
      @AnswerJson.IfSet Seat participation) implements Answer {
  }

  /** A league the user is a member of, and their tier. */
  public record LeagueSeat(String league, String tier) implements Answer {
  }

  /** One recorded move at a league period's close ({@code to} null when dropped). */
  public record LeagueMove(String league, String period, String from, String to, Long cohort, Long cohortRank,
      Long score, String movement) implements Answer {
  }

  /** Whether the document holds nothing of the user (what an erasure leaves). */
  public boolean empty() {
    return ban == null && periods.isEmpty() && archived.isEmpty() && friends.isEmpty() && rewards.isEmpty()
        && leagues.isEmpty() && leagueMoves.isEmpty() && audit.isEmpty();
  }

  public static final Function<JsonObject, UserExport> FROM_JSON = AnswerJson.reader(UserExport.class);
}
