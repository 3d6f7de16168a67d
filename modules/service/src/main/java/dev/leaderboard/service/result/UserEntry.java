package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * One user's entry with the period it is in and the period's size. A <em>partial</em> entry
 * ({@code unavailable} set) has the user's score and time from the user's own shard while another
 * shard is down: its rank, percentile and the period's size are unknown ({@code null}).
 */
@DataObject
public final class UserEntry extends JsonAnswer {
  public UserEntry(JsonObject json) {
    super(json);
  }

  public static UserEntry of(Entry entry, String period, long total) {
    return new UserEntry(entry.toJson().put("period", period).put("total", total));
  }

  /** The entry's score, time and metadata only: {@code reason} keeps its rank and percentile from being counted. */
  public static UserEntry partial(Entry entry, String period, String reason) {
    return new UserEntry(entry.scoreOnlyJson().put("period", period).putNull("total").put("partial", true)
        .put("unavailable", reason));
  }

  /** This entry with the user's cohort and rank in it, as a new answer: an answer never changes once built. */
  public UserEntry inCohort(long cohort, Long cohortRank) {
    return new UserEntry(json.copy().put("cohort", cohort).put("cohortRank", cohortRank));
  }

  public boolean partial() {
    return json.containsKey("partial");
  }
}
