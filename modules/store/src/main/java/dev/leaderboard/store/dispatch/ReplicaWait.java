package dev.leaderboard.store.dispatch;

/**
 * How many replicas must have a write before a Redis Cluster write is acknowledged
 * ({@code LB_REDIS_WAIT_REPLICAS}), and how long a master waits for them ({@code LB_REDIS_WAIT_MS}).
 * A master's batch that wrote ends with {@code WAIT replicas millis} on the same connection
 * ({@link WriteConfirmation}); fewer replicas by then fail its writes as
 * {@link dev.leaderboard.core.StoreUnavailableException#unconfirmed}.
 *
 * @param replicas {@link #AUTO}: 1 once a slot map read lists a replica for every master (from then on),
 *     0 before
 */
public record ReplicaWait(int replicas, long millis) {
  /** Decided from the cluster itself when its slot map is first read. */
  public static final int AUTO = -1;
  /** Far above a replica's lag on a healthy link, short enough for a client's retry to follow soon. */
  public static final long DEFAULT_MILLIS = 1_000;
  public static final ReplicaWait DEFAULT = new ReplicaWait(AUTO, DEFAULT_MILLIS);
  /** Acknowledges a write once its master has it (Redis's asynchronous replication). */
  public static final ReplicaWait NONE = new ReplicaWait(0, DEFAULT_MILLIS);

  public ReplicaWait {
    if (replicas < AUTO) {
      throw new IllegalArgumentException("replicas must be 0 or more, or AUTO (got " + replicas + ")");
    }
    // WAIT with a timeout of 0 blocks until the replicas answer, however long that is
    if (millis < 1) {
      throw new IllegalArgumentException("millis must be 1 or more (got " + millis + ")");
    }
  }

  /** {@link #AUTO} made concrete for a cluster whose masters all list a replica ({@code replicated}) or not. */
  ReplicaWait resolve(boolean replicated) {
    return replicas != AUTO ? this : new ReplicaWait(replicated ? 1 : 0, millis);
  }
}
