package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Composites this node saw lately (from submits and reads), bounded LRU. A hint lets a user's rank
 * be read in one round; the store checks every use against the user's partition in that same
 * round, so a stale hint costs a round, never a wrong answer.
 */
final class RankHints {
  static final int CAPACITY = 100_000;

  private final Map<String, Long> seen = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > CAPACITY;
    }
  });

  Long get(Board b, String period, String userId) {
    return seen.get(key(b, period, userId));
  }

  void put(Board b, String period, String userId, long composite) {
    seen.put(key(b, period, userId), composite);
  }

  void forget(Board b, String period, String userId) {
    seen.remove(key(b, period, userId));
  }

  private static String key(Board b, String period, String userId) {
    return b.uid() + "\n" + period + "\n" + userId;
  }
}
