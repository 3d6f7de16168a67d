package dev.leaderboard.store;

import dev.leaderboard.core.Board;

/**
 * Key layout. Every key of a board partition carries the hash tag
 * {@code {board:uid:period:partition}}, so a partition's keys share one Redis Cluster slot and a
 * partition can move between endpoints as a unit. Board definitions share the tag {@code {meta}}.
 */
public final class Keys {
  public static final String BOARDS = "lb:{meta}:boards";

  private Keys() {
  }

  private static String tag(Board b, String period, int partition) {
    return "lb:{" + b.name() + ":" + b.uid() + ":" + period + ":" + partition + "}";
  }

  /** Sorted set: user ID → composite score. */
  public static String scores(Board b, String period, int partition) {
    return tag(b, period, partition) + ":s";
  }

  /** Sorted set: user ID and event ID → receipt time, for idempotency. */
  public static String events(Board b, String period, int partition) {
    return tag(b, period, partition) + ":e";
  }

  /** Sorted set of the distinct scores in the partition, for dense ranks. */
  public static String distinct(Board b, String period, int partition) {
    return tag(b, period, partition) + ":d";
  }

  /** Hash: score → how many members of the partition hold it. */
  public static String scoreCounts(Board b, String period, int partition) {
    return tag(b, period, partition) + ":n";
  }

  /** Every key of a board partition in a period. */
  public static String[] all(Board b, String period, int partition) {
    return new String[] {scores(b, period, partition), events(b, period, partition), distinct(b, period, partition),
        scoreCounts(b, period, partition)};
  }

  /** Set of the period IDs a board has data for. */
  public static String periods(Board b) {
    return "lb:{meta}:periods:" + b.name() + ":" + b.uid();
  }
}
