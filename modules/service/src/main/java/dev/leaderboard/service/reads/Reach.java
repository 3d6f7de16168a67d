package dev.leaderboard.service.reads;

import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.service.result.Partial;
import dev.leaderboard.store.scores.ScoreLookup;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The users asked for, split by what their shards answered: the entries of those with a score,
 * those without one, and those whose shard did not answer (with the indexes of those shards). A
 * list answer ranks what was reached and reports the rest as {@link Partial}.
 */
public record Reach(List<StoredEntry> entries, List<String> missing, List<String> unreachable, SortedSet<Integer> downShards) {

  /** From the lookups of {@code userIds}, in the same order. */
  public static Reach of(List<String> userIds, List<ScoreLookup> lookups) {
    List<StoredEntry> entries = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> unreachable = new ArrayList<>();
    SortedSet<Integer> down = new TreeSet<>();
    for (int i = 0; i < userIds.size(); i++) {
      ScoreLookup l = lookups.get(i);
      if (!l.reached()) {
        unreachable.add(userIds.get(i));
        down.add(l.shard());
      } else if (l.entry() == null) {
        missing.add(userIds.get(i));
      } else {
        entries.add(l.entry());
      }
    }
    return new Reach(entries, missing, unreachable, down);
  }

  /** Every user's shard answered. */
  public boolean complete() {
    return unreachable.isEmpty();
  }

  /** The users left out, and why: {@code "shard 1 did not answer: <consequence>"}. */
  public Partial partial(String consequence) {
    return new Partial(unreachable, reason(downShards, consequence));
  }

  /** Every user was reached, but {@code down} kept a count over every shard from being read. */
  public Partial partial(StoreUnavailableException down, String consequence) {
    SortedSet<Integer> shards = new TreeSet<>(downShards);
    down.shard().ifPresent(shards::add);
    return new Partial(unreachable, reason(shards, consequence));
  }

  /** Names shards by index only (never an address): {@code "shard 1"}, {@code "shards 0, 2"}. */
  static String reason(SortedSet<Integer> shards, String consequence) {
    String which = shards.isEmpty() ? "a Redis shard"
        : (shards.size() == 1 ? "shard " : "shards ") + shards.stream().map(String::valueOf).collect(Collectors.joining(", "));
    return which + " did not answer: " + consequence;
  }
}
