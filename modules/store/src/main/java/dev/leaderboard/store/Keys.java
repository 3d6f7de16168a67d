package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;

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

  /** Present once the period is closed: the submit script refuses events for the partition. */
  public static String closed(Board b, String period, int partition) {
    return tag(b, period, partition) + ":closed";
  }

  /** Every key of a board partition in a period, in the order the submit script takes them. */
  public static String[] all(Board b, String period, int partition) {
    return new String[] {scores(b, period, partition), events(b, period, partition), distinct(b, period, partition),
        scoreCounts(b, period, partition), closed(b, period, partition)};
  }

  /** Hash: period ID → state ({@code closing}, {@code archived}); absent means open. */
  public static String periodStates(Board b) {
    return "lb:{meta}:period-states:" + b.name() + ":" + b.uid();
  }

  /** The lease that lets one node at a time close a board's period. */
  public static String closeLease(Board b, String period) {
    return "lb:{meta}:lease:" + b.name() + ":" + b.uid() + ":" + period;
  }

  /**
   * Set: the user's friends. The hash tag {@code {fr:<slot>}}, slot = the user's partition among
   * {@link FriendStore#SLOTS}, puts the set on its owner's shard ({@link FriendStore#shardOf}).
   */
  public static String friends(String userId) {
    return "lb:{fr:" + Partitioner.partitionOf(userId, FriendStore.SLOTS) + "}:" + userId;
  }

  /** Set of the period IDs a board has data for. */
  public static String periods(Board b) {
    return "lb:{meta}:periods:" + b.name() + ":" + b.uid();
  }
}
