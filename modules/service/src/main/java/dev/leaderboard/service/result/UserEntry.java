package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One user's entry with the period it is in and the period's size. A <em>partial</em> entry
 * ({@code unavailable} set) has the user's score and time from the user's own shard while another
 * shard is down: its rank, percentile and the period's size are unknown ({@code null}). On a board
 * with cohorts, a user placed in one also has its {@code cohort} and {@code cohortRank}.
 *
 * @param entry The entry; a partial one's rank and percentile are not known (see {@link Entry#scoreOnlyJson}).
 * @param total The period's size; {@code null} in a partial entry.
 * @param partial {@code true} in a partial entry, else {@code null}.
 * @param unavailable Why a partial entry has no rank, else {@code null}.
 * @param cohort The user's cohort and rank in it; {@code null} when the user is in none.
 */
public record UserEntry(@AnswerJson.Flat Entry entry, String period, Long total, @AnswerJson.IfSet Boolean partial,
    @AnswerJson.IfSet String unavailable, @AnswerJson.Flat CohortPlace cohort) implements Answer, Listing<UserEntry> {
  public static UserEntry of(Entry entry, String period, long total) {
    return new UserEntry(entry, period, total, null, null, null);
  }

  /** The entry's score, time and metadata only: {@code reason} keeps its rank and percentile from being counted. */
  public static UserEntry partial(Entry entry, String period, String reason) {
    return new UserEntry(entry, period, null, true, reason, null);
  }

  /** This entry with the user's cohort and rank in it, as a new answer: an answer never changes once built. */
  public UserEntry inCohort(long cohort, Long cohortRank) {
    return new UserEntry(entry(), period(), total(), partial(), unavailable(), new CohortPlace(cohort, cohortRank));
  }

  @Override
  public List<String> listed() {
    return List.of(entry.userId());
  }

  @Override
  public UserEntry withProfiles(Map<String, String> profiles) {
    return new UserEntry(entry.withProfile(profiles.get(entry.userId())), period, total, partial, unavailable, cohort);
  }

  public static final Function<JsonObject, UserEntry> FROM_JSON = AnswerJson.reader(UserEntry.class);

  @Override
  public JsonObject toJson() {
    JsonObject out = AnswerJson.write(this);
    // the entry's fields keep their places, with rank and percentile unknown
    return partial == null ? out : out.mergeIn(entry.scoreOnlyJson());
  }
}
