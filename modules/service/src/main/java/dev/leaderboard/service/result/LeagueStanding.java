package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A member's standing in a league's period: their tier, cohort, rank in it, zone and the cohort's
 * entries; {@code cohort}, {@code rank} and {@code zone} null, {@code entries} empty, for a member
 * who has not scored in the period. A score's answer is the same with the submit's fields
 * ({@code applied}, {@code changed}, {@code score}, {@code at}, {@code attemptsLeft?}) in place of
 * the entries.
 *
 * A score held until the previous period's moves are applied is answered {@code pending} true, with
 * no tier yet (it lands in the tier those moves give).
 *
 * @param entries The cohort's entries; {@code null} in a score's answer.
 * @param scored The submit's fields in a score's answer, else {@code null}.
 * @param pending {@code true} for a score held until the previous period's moves are applied, else absent.
 */
public record LeagueStanding(String league, String userId, String period, String tier, Long cohort, Long rank,
    String zone, @AnswerJson.IfSet List<CohortBoard.Member> entries, @AnswerJson.Flat Scored scored,
    @AnswerJson.IfSet Boolean pending) implements Answer, Listing<LeagueStanding> {
  /** What a score did: {@code attemptsLeft} on a board with {@code maxAttempts}, else absent. */
  public record Scored(boolean applied, boolean changed, Long score, Long at, @AnswerJson.IfSet Integer attemptsLeft)
      implements Answer {
  }

  public static LeagueStanding of(String league, String userId, String period, String tier, Long cohort, Long rank,
      String zone, List<CohortBoard.Member> entries) {
    return new LeagueStanding(league, userId, period, tier, cohort, rank, zone, entries, null, null);
  }

  /** A score's answer while it is held: its period, no tier yet. */
  public static LeagueStanding pending(String league, String userId, String period) {
    return new LeagueStanding(league, userId, period, null, null, null, null, null, null, true);
  }

  /** The standing as a score's answer: the submit's fields, the standing's without the cohort's entries. */
  public LeagueStanding scored(SubmitResult submit) {
    return new LeagueStanding(league(), userId(), period(), tier(), cohort(), rank(), zone(), null,
        new Scored(submit.applied(), submit.changed(), submit.score(), submit.at(), submit.attemptsLeft()), null);
  }

  @Override
  public List<String> listed() {
    return CohortBoard.Member.users(entries);
  }

  @Override
  public LeagueStanding withProfiles(Map<String, String> profiles) {
    return new LeagueStanding(league, userId, period, tier, cohort, rank, zone,
        CohortBoard.Member.withProfiles(entries, profiles), scored, pending);
  }

  public static final Function<JsonObject, LeagueStanding> FROM_JSON = AnswerJson.reader(LeagueStanding.class);
}
