package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.friends.FriendStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Key layout and routes. Every key of a board partition carries the hash tag
 * {@code {board:uid:period:partition}} ({@link #partition}), so a partition's keys share one Redis
 * Cluster slot and a partition can move between endpoints as a unit. Board definitions, API keys and
 * the other shared keys carry {@code {meta}} ({@link Route#META}); friend sets {@code {fr:slot}}.
 */
public final class Keys {
  public static final String BOARDS = Route.META.key("boards");
  /** Hash: API key ID → its record (JSON with the key's SHA-256, never the key). */
  public static final String API_KEYS = Route.META.key("api-keys");
  /** Set of the IDs of revoked API keys, so a start never registers a revoked key again. */
  public static final String REVOKED_API_KEYS = Route.META.key("api-keys-revoked");
  /** Hash: banned user ID → the ban (JSON: reason, since; {@code erasing} while the user is being erased). */
  public static final String BANS = Route.META.key("bans");

  private Keys() {
  }

  /**
   * String: a live-stream ticket's grant (JSON), named by the SHA-256 of the ticket (hex), so Redis
   * never holds a ticket itself; it lives 30 s and is read once ({@code GETDEL}).
   */
  public static String streamTicket(String ticketHash) {
    return Route.META.key("stream-ticket:" + ticketHash);
  }

  /** The route of a board partition in a period; its keys are the ones below that take a route. */
  public static Route partition(Board b, String period, int partition) {
    return new Route("{" + b.name() + ":" + b.uid() + ":" + period + ":" + partition + "}", partition);
  }

  /** The routes of every partition of a board period, in partition order. */
  public static List<Route> partitions(Board b, String period) {
    List<Route> out = new ArrayList<>(b.partitions());
    for (int p = 0; p < b.partitions(); p++) {
      out.add(partition(b, period, p));
    }
    return out;
  }

  /** Sorted set: user ID → composite score. */
  public static String scores(Route partition) {
    return partition.key("s");
  }

  public static String scores(Board b, String period, int partition) {
    return scores(partition(b, period, partition));
  }

  /** Sorted set: user ID and event ID → receipt time, for idempotency. */
  public static String events(Route partition) {
    return partition.key("e");
  }

  /** Sorted set of the distinct scores in the partition, for dense ranks. */
  public static String distinct(Route partition) {
    return partition.key("d");
  }

  public static String distinct(Board b, String period, int partition) {
    return distinct(partition(b, period, partition));
  }

  /** Hash: score → how many members of the partition hold it. */
  public static String scoreCounts(Route partition) {
    return partition.key("n");
  }

  public static String scoreCounts(Board b, String period, int partition) {
    return scoreCounts(partition(b, period, partition));
  }

  /** Hash: user ID → the user's entry metadata (a JSON object, as the submit or PATCH gave it). */
  public static String meta(Route partition) {
    return partition.key("m");
  }

  /** Present once the period is closed: the submit script refuses events for the partition. */
  public static String closed(Route partition) {
    return partition.key("closed");
  }

  /** Set of the banned users of the partition: the submit script refuses their events. */
  public static String banned(Route partition) {
    return partition.key("b");
  }

  /** Hash: banned user ID → the composite the user held when banned, restored when the ban is lifted. */
  public static String stash(Route partition) {
    return partition.key("x");
  }

  /**
   * Buckets of a wide partition's user map. A bucket of a partition holds, on average, its users /
   * 1024 users: up to Redis' {@code hash-max-listpack-entries} (512 by default) the bucket is a
   * listpack, which costs ~25 bytes a user instead of ~70 for one big hash, so a partition stays
   * compact up to ~500,000 users (more partitions for more).
   */
  public static final int USER_BUCKETS = 1024;

  /**
   * Hash (wide layout): user ID → the user's entry, {@code tie + score} (the member is
   * {@code tie + userId}); one of {@link #USER_BUCKETS} buckets, chosen by a hash of the user ID
   * independent of the partition's.
   */
  public static String users(Route partition, String userId) {
    return partition.key("u:" + ((userId.hashCode() * 0x9E3779B9) >>> 22));
  }

  /** Every bucket key of a wide partition's user map. */
  public static List<String> allUsers(Route partition) {
    List<String> out = new ArrayList<>(USER_BUCKETS);
    for (int i = 0; i < USER_BUCKETS; i++) {
      out.add(partition.key("u:" + i));
    }
    return out;
  }

  /** Every key of a board partition in a period but the user map's buckets ({@link #allUsers}). */
  public static String[] all(Route partition) {
    return new String[] {scores(partition), events(partition), distinct(partition), scoreCounts(partition),
        closed(partition), meta(partition), banned(partition), stash(partition)};
  }

  /** Hash: period ID → state ({@code closing}, {@code archived}); absent means open. */
  public static String periodStates(Board b) {
    return Route.META.key("period-states:" + b.name() + ":" + b.uid());
  }

  /** The lease that lets one node at a time close a board's period. */
  public static String closeLease(Board b, String period) {
    return Route.META.key("lease:" + b.name() + ":" + b.uid() + ":" + period);
  }

  /** Hash: period ID → the webhook delivery of that archived period (JSON). */
  public static String deliveries(Board b) {
    return Route.META.key("deliveries:" + b.name() + ":" + b.uid());
  }

  /** The lease that lets one node at a time deliver the webhook of a board's archived period. */
  public static String deliveryLease(Board b, String period) {
    return Route.META.key("delivery-lease:" + b.name() + ":" + b.uid() + ":" + period);
  }

  /** Set of the period IDs a board has data for. */
  public static String periods(Board b) {
    return Route.META.key("periods:" + b.name() + ":" + b.uid());
  }

  /**
   * The route of the user's friend set: the hash tag {@code {fr:<slot>}}, slot = the user's
   * partition among {@link FriendStore#SLOTS}, routed like a board partition of that index.
   */
  public static Route friendSlot(String userId) {
    int slot = Partitioner.partitionOf(userId, FriendStore.SLOTS);
    return new Route("{fr:" + slot + "}", slot);
  }

  /** Set: the user's friends, on {@link #friendSlot}. */
  public static String friends(String userId) {
    return friendSlot(userId).key(userId);
  }
}
