package dev.leaderboard.service.periods;

import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a period's archive read from Redis once the period was frozen: its participants in join order
 * (none on a board without competition fields), its final ranking in board order, and for each
 * participant the place of their entry in that ranking ({@code entryOf}, −1: no entry). A league's
 * close computes a tier's moves from them instead of reading the tier again; the archive's seats and
 * the moves share the one match of participants to entries.
 */
public record FrozenRows(List<Participant> joined, List<StoredEntry> ranking, int[] entryOf) {
  /** The rows, each participant matched to their entry by user ID. */
  public static FrozenRows of(List<Participant> joined, List<StoredEntry> ranking) {
    int[] entryOf = new int[joined.size()];
    if (!joined.isEmpty()) {
      Map<String, Integer> place = new HashMap<>(ranking.size() * 4 / 3 + 1);
      for (int i = 0; i < ranking.size(); i++) {
        place.put(ranking.get(i).userId(), i);
      }
      for (int k = 0; k < entryOf.length; k++) {
        Integer at = place.get(joined.get(k).userId());
        entryOf[k] = at == null ? -1 : at;
      }
    }
    return new FrozenRows(joined, ranking, entryOf);
  }
}
