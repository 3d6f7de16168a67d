package dev.leaderboard.service;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reference model of a period's cohort placements, as the contract places them: in order of
 * arrival, each {@code cohortBy} value (none is a value of its own) filling its own cohorts of at
 * most {@code size}, cohort IDs counting up from 1 across values; a user keeps their first cohort.
 */
public final class CohortPlacements {
  private final int size;
  private final Map<String, Long> cohortOf = new LinkedHashMap<>();
  private final Map<String, Long> open = new HashMap<>();
  private final Map<Long, Integer> filled = new HashMap<>();
  private long last;

  public CohortPlacements(int size) {
    this.size = size;
  }

  /** The user's cohort, placing the user on first arrival. */
  public long place(String user, String value) {
    Long known = cohortOf.get(user);
    if (known != null) {
      return known;
    }
    String key = value == null ? "" : value;
    Long cohort = open.get(key);
    if (cohort == null || filled.get(cohort) >= size) {
      cohort = ++last;
      open.put(key, cohort);
      filled.put(cohort, 0);
    }
    filled.merge(cohort, 1, Integer::sum);
    cohortOf.put(user, cohort);
    return cohort;
  }

  /** User → cohort, in order of arrival. */
  public Map<String, Long> cohortOf() {
    return cohortOf;
  }
}
