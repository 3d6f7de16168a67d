package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A member's closed league periods, newest first, with the member's {@code profile} as it is now when they have one. */
public record LeagueHistory(String league, String userId, @AnswerJson.IfSet JsonObject profile, List<Step> periods)
    implements Answer, Listing.OfUser<LeagueHistory> {
  /**
   * A closed period: {@code tier} the one the member competed in, their cohort, rank in it, score,
   * movement and the tier they went {@code to}; {@code reward} what that tier's board gave the member
   * for the period, absent when it gave none.
   */
  public record Step(String period, String tier, Long cohort, Long cohortRank, Long score, String movement, String to,
      @AnswerJson.IfSet JsonObject reward) implements Answer {
  }

  public static LeagueHistory of(String league, String userId, List<LeagueMoveStore.Step> steps) {
    return new LeagueHistory(league, userId, null, steps.stream().map(s -> new Step(s.period(), s.move().from(), s.move().cohort(),
        s.move().cohortRank(), s.move().score(), s.move().movement(), s.move().to(),
        s.reward() == null ? null : new JsonObject(s.reward()))).toList());
  }

  @Override
  public LeagueHistory withProfiles(Map<String, String> profiles) {
    return new LeagueHistory(league, userId, Listing.profile(profiles.get(userId)), periods);
  }

  public static final Function<JsonObject, LeagueHistory> FROM_JSON = AnswerJson.reader(LeagueHistory.class);
}
