package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The owner-only config file every local shard starts with: the password clients must give, and the
 * commands renamed to nothing so that a client with the password cannot reconfigure the server,
 * load code, crash or stop it (the node stops shards with signals), replicate or stream its data
 * away, watch every command, change users or wipe it; Lua cannot run them either. What the node,
 * tests and benchmarks use ({@code SCRIPT}, {@code KEYS}, {@code INFO}, {@code MEMORY},
 * {@code BGREWRITEAOF}) stays.
 *
 * @param file the config file, the first argument of {@code redis-server}
 * @param password what {@code AUTH} takes; it is part of each shard's endpoint URI
 */
record RedisConfig(Path file, String password) {

  static final List<String> DISABLED = List.of("CONFIG", "DEBUG", "MODULE", "SHUTDOWN", "REPLICAOF", "SLAVEOF",
      "SYNC", "PSYNC", "MIGRATE", "MONITOR", "ACL", "FLUSHALL", "FLUSHDB");

  /**
   * What a Redis Cluster node must still accept: {@code CLUSTER} (always), {@code MIGRATE} (moving
   * slots), {@code REPLICAOF}, {@code SYNC}, {@code PSYNC} (replicas) and {@code CONFIG}. Only the
   * commands no cluster operation needs stay disabled.
   */
  static final List<String> DISABLED_IN_CLUSTER = List.of("DEBUG", "MODULE", "MONITOR", "ACL");

  /** Blocking: the password (made on first use) and the config file of the shards under {@code root}. */
  static RedisConfig write(Path root) throws IOException {
    return write(root, "redis.conf", DISABLED, false);
  }

  /**
   * Blocking: the config of the nodes of a local Redis Cluster under {@code root}: the shards'
   * password, which replicas also give their master ({@code masterauth}), and
   * {@link #DISABLED_IN_CLUSTER}.
   */
  static RedisConfig writeCluster(Path root) throws IOException {
    return write(root, "redis-cluster.conf", DISABLED_IN_CLUSTER, true);
  }

  private static RedisConfig write(Path root, String name, List<String> disabled, boolean masterAuth)
      throws IOException {
    String password = LocalSecret.of(root.resolve("redis.password"));
    StringBuilder text = new StringBuilder("# Written at every start of the local shards; owner-only: it holds their password.\n")
        .append("requirepass ").append(password).append('\n');
    if (masterAuth) {
      text.append("masterauth ").append(password).append('\n');
    }
    for (String command : disabled) {
      text.append("rename-command ").append(command).append(" \"\"\n");
    }
    Path file = root.resolve(name);
    LocalSecret.writeOwnerOnly(file, text.toString());
    return new RedisConfig(file, password);
  }
}
