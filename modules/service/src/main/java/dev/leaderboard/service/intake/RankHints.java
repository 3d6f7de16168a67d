package dev.leaderboard.service.intake;

import dev.leaderboard.service.reads.Entries;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Entries this node saw lately (from submits and reads), bounded LRU. A hint lets a user's rank
 * be read in one round; the store checks every use against the user's partition in that same
 * round, so a stale hint costs a round, never a wrong answer.
 */
public final class RankHints {
  static final int CAPACITY = 100_000;

  private final Map<String, StoredEntry> seen = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, StoredEntry> eldest) {
      return size() > CAPACITY;
    }
  });

  public StoredEntry get(Board b, String period, String userId) {
    return seen.get(key(b, period, userId));
  }

  public void put(Board b, String period, String userId, StoredEntry e) {
    seen.put(key(b, period, userId), new StoredEntry(userId, e.composite(), null, e.tie()));
  }

  public void forget(Board b, String period, String userId) {
    seen.remove(key(b, period, userId));
  }

  private static String key(Board b, String period, String userId) {
    return b.uid() + "\n" + period + "\n" + userId;
  }
}
