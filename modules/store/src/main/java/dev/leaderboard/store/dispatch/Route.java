package dev.leaderboard.store.dispatch;

/**
 * Where a request goes: the hash tag every key of the request shares and the partition that tag
 * stands for. {@code store.Keys} builds routes for a board partition, for a friend-set slot and for the
 * {@code lb:{meta}} keys; a {@link Shards} implementation maps a route to the node holding it (by
 * partition index on standalone endpoints, by the tag's hash slot on a Redis Cluster).
 *
 * @param tag the hash tag with its braces, e.g. {@code {board:uid:period:3}}
 * @param partition the partition index the tag stands for
 */
public record Route(String tag, int partition) {
  /** Board definitions, period states, close leases and the other {@code lb:{meta}} keys. */
  public static final Route META = new Route("{meta}", 0);

  /** The key {@code lb:<tag>:<suffix>}, which hashes to this route's slot. */
  public String key(String suffix) {
    return "lb:" + tag + ":" + suffix;
  }
}
