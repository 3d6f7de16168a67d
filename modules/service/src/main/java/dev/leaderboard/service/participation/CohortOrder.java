package dev.leaderboard.service.participation;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.reads.CohortRanking;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.Reach;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.Listing;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A cohort's members ranked among themselves as the cohort's board ranks them ({@link CohortRanking}),
 * read from their own entries only, without counting over the whole board: those with an entry in
 * board order with their score and cohort rank, then those without one in join order. A member whose
 * shard did not answer is in neither ({@code complete} false), as on a partial cohort board.
 */
public record CohortOrder(long cohort, List<Ranked> ranked, List<String> missing, boolean complete) {
  /** A member with an entry: its score, rank within the cohort and the entry. */
  public record Ranked(String userId, long score, long rank, StoredEntry entry) {
  }

  /** The cohort of {@code members} (join order) from what their shards answered. */
  static CohortOrder of(Board b, long cohort, RankMode mode, List<String> members, Reach found) {
    List<StoredEntry> scored = new ArrayList<>(found.entries());
    scored.sort(StoredEntry.order(b.order()));
    Map<String, Long> position = new HashMap<>();
    Map<String, Long> score = new HashMap<>();
    for (int i = 0; i < scored.size(); i++) {
      position.put(scored.get(i).userId(), (long) i);
      score.put(scored.get(i).userId(), Entries.score(b, scored.get(i)));
    }
    List<String> reached = new ArrayList<>(members);
    reached.removeAll(found.unreachable());
    List<Ranked> ranked = new ArrayList<>(scored.size());
    List<String> missing = new ArrayList<>();
    for (CohortRanking.Place<String> place : CohortRanking.of(mode, reached, position::get, score::get)) {
      if (place.rank() == null) {
        missing.add(place.member());
      } else {
        StoredEntry e = scored.get(position.get(place.member()).intValue());
        ranked.add(new Ranked(place.member(), score.get(place.member()), place.rank(), e));
      }
    }
    return new CohortOrder(cohort, ranked, missing, found.complete());
  }

  /** The members with an entry as a cohort board lists them, without their rank on the whole board. */
  public List<CohortBoard.Member> members(Board b, Period p) {
    return ranked.stream().map(r -> new CohortBoard.Member(r.userId(), r.score(), r.rank(), null,
        Entries.at(b, p, r.entry()), Listing.object(Entries.keys(b, r.entry())), null, null)).toList();
  }

  /** The user's rank within the cohort, or {@code null} when the user has no entry (or was not reached). */
  public Long rankOf(String userId) {
    return ranked.stream().filter(r -> r.userId().equals(userId)).findFirst().map(Ranked::rank).orElse(null);
  }
}
