package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import io.vertx.core.Future;

/**
 * Entry metadata written on its own, without a score event: one {@code meta_set.lua} call on the
 * user's partition. (A submit stores metadata in its own script call, reads fetch it with the rows:
 * see {@link ScoreStore}.)
 */
public final class MetaStore {
  private final Shards shards;

  public MetaStore(Shards shards) {
    this.shards = shards;
  }

  /** What {@link #set} did. */
  public enum Outcome {
    STORED,
    /** The user has no entry in the period: nothing stored. */
    NO_ENTRY,
    /** The period is closed: nothing stored. */
    CLOSED
  }

  /**
   * What {@link #set} did, with the entry when it stored (the entry keeps it: only its
   * metadata changed), else {@code null}.
   */
  public record Written(Outcome outcome, StoredEntry entry) {
  }

  /** Replaces the metadata of a user who has an entry in the period, atomically on the user's partition. */
  public Future<Written> set(Board b, String period, String userId, String meta) {
    Route r = Keys.partition(b, period, Partitioner.partitionOf(userId, b.partitions()));
    return shards.send(Scripts.META_SET.call(r, Keys.scores(r), Keys.meta(r), Keys.closed(r),
        Keys.users(r, userId)).arg(userId).arg(meta).arg(Scripts.flag(b.wide())))
        .map(answer -> new Written(switch (answer.get(0).toInteger()) {
          case 1 -> Outcome.STORED;
          case 0 -> Outcome.NO_ENTRY;
          case -3 -> Outcome.CLOSED;
          default -> throw new IllegalStateException("unexpected meta_set answer " + answer);
        }, EntryLookups.stored(userId, answer.get(1))));
  }
}
