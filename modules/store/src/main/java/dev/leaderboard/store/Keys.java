package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import java.util.ArrayList;
import java.util.List;

/**
 * Key layout. A board period's entries live in key sets ({@link #keySet}): one per endpoint on
 * standalone shards, one per partition on a Redis Cluster. A key set's keys share one hash tag, so
 * they share one Redis Cluster slot and move as a unit; shared keys carry {@code {meta}}
 * ({@link Route#META}).
 */
public final class Keys {
  public static final String BOARDS = Route.META.key("boards");
  /** Hash: API key ID → its record (JSON with the key's SHA-256, never the key). */
  public static final String API_KEYS = Route.META.key("api-keys");
  /** Set of the IDs of revoked API keys, so a start never registers a revoked key again. */
  public static final String REVOKED_API_KEYS = Route.META.key("api-keys-revoked");
  /** Hash: banned user ID → the ban (JSON: reason, since; {@code erasing} while the user is being erased). */
  public static final String BANS = Route.META.key("bans");
  /** Hash: league name → definition (JSON). */
  public static final String LEAGUES = Route.META.key("leagues");

  private Keys() {
  }

  /** String: a stream ticket's grant, named by the ticket's SHA-256 so Redis never holds a ticket. */
  public static String streamTicket(String ticketHash) {
    return Route.META.key("stream-ticket:" + ticketHash);
  }

  /**
   * The route of the key set named after partition {@code partition} of a board period; its keys are
   * the ones below that take a route. Which partitions a key set holds is the deployment's choice
   * ({@link Shards#keySetOf}): use {@link #keySet}, {@link #home} and {@link #keySets}.
   */
  public static Route named(Board b, String period, int partition) {
    return new Route("{" + b.name() + ":" + b.uid() + ":" + period + ":" + partition + "}", partition);
  }

  /** The key set holding partition {@code partition}'s entries. */
  public static Route keySet(Shards shards, Board b, String period, int partition) {
    return named(b, period, shards.keySetOf(partition));
  }

  /** The key set holding the user's entry, metadata, ban and participation. */
  public static Route home(Shards shards, Board b, String period, String userId) {
    return keySet(shards, b, period, Partitioner.partitionOf(userId, b.partitions()));
  }

  /**
   * Every key set of a board period, in the order of the partitions they are named after: key set
   * {@code k} is the {@code k}-th ({@link Route#partition()} is its index here).
   */
  public static List<Route> keySets(Shards shards, Board b, String period) {
    List<Route> out = new ArrayList<>(b.partitions());
    for (int p = 0; p < b.partitions() && shards.keySetOf(p) == p; p++) {
      out.add(named(b, period, p));
    }
    return out;
  }

  /** Sorted set: user ID → composite score. */
  public static String scores(Route partition) {
    return partition.key("s");
  }

  /** Sorted set: user ID and event ID → receipt time, for idempotency. */
  public static String events(Route partition) {
    return partition.key("e");
  }

  /** Sorted set of the distinct scores in the partition, for dense ranks. */
  public static String distinct(Route partition) {
    return partition.key("d");
  }

  /** Hash: score → how many members of the partition hold it. */
  public static String scoreCounts(Route partition) {
    return partition.key("n");
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

  /**
   * Present while the board lives: written when a node records the period, before it reads the
   * definition again; unlinked with the partition. Without it the submit script writes nothing.
   */
  public static String live(Route partition) {
    return partition.key("live");
  }

  /** Hash: participant user ID → {@code joinedAtMillis:cohort}, the partition's copy of {@link #joined}. */
  public static String participants(Route partition) {
    return partition.key("p");
  }

  /** Hash: user ID → events applied for the user in the period, on boards with maxAttempts. */
  public static String attempts(Route partition) {
    return partition.key("a");
  }

  /**
   * A board period's home route: its participants, join order and cohorts, where joins are decided
   * one at a time ({@code join.lua}).
   */
  public static Route participation(Board b, String period) {
    return new Route("{" + b.name() + ":" + b.uid() + ":" + period + ":join}", 0);
  }

  /** Hash: participant user ID → {@code joinedAtMillis:cohort} (cohort 0 on a board without cohorts). */
  public static String joined(Route home) {
    return home.key("j");
  }

  /** List: {@code userId \n joinedAtMillis:cohort}, in join order. */
  public static String joinOrder(Route home) {
    return home.key("o");
  }

  /** Hash: cohortBy value ({@code ""} without cohortBy) → the cohort being filled for it. */
  public static String openCohorts(Route home) {
    return home.key("co");
  }

  /** Hash: cohort → members placed in it; field {@code next} → the last cohort ID drawn. */
  public static String cohortCounts(Route home) {
    return home.key("cn");
  }

  /** Sorted set: user ID → {@code cohort * 16384 + place in the cohort}. */
  public static String cohortMembers(Route home) {
    return home.key("cm");
  }

  /** Set: the users an erasure took out of the period, whom {@code join.lua} never seats again. */
  public static String joinBarred(Route home) {
    return home.key("jb");
  }

  /** Every key of a board period's home route. */
  public static String[] allParticipation(Route home) {
    return new String[] {joined(home), joinOrder(home), openCohorts(home), cohortCounts(home), cohortMembers(home),
        closed(home), live(home), joinBarred(home)};
  }

  /** Hash: banned user ID → the composite the user held when banned, restored when the ban is lifted. */
  public static String stash(Route partition) {
    return partition.key("x");
  }

  /**
   * Buckets of a wide partition's user map: a bucket under {@code hash-max-listpack-entries} is a
   * listpack (~25 bytes a user instead of ~70), so a partition stays compact up to ~500,000 users.
   */
  public static final int USER_BUCKETS = 1024;

  /** Hash (wide layout): user ID → {@code tie + score}; the bucket's hash is independent of the partition's. */
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
        closed(partition), meta(partition), banned(partition), stash(partition), live(partition),
        participants(partition), attempts(partition)};
  }

  /** Hash: period ID → state ({@code closing}, {@code archived}); absent means open. */
  public static String periodStates(Board b) {
    return Route.META.key("period-states:" + b.name() + ":" + b.uid());
  }

  /** Hash: a league's member → their current tier. */
  public static String leagueMembers(League l) {
    return Route.META.key("league-members:" + l.name() + ":" + l.uid());
  }

  /** Set: the periods whose moves were applied to the league's members. */
  public static String leagueApplied(League l) {
    return Route.META.key("league-applied:" + l.name() + ":" + l.uid());
  }

  /**
   * List: a league's scores of the period after {@code period}, held (as event JSON, in arrival
   * order) until {@code period}'s moves are applied and they are replayed to their tier boards.
   */
  public static String leagueHeld(League l, String period) {
    return Route.META.key("league-held:" + l.name() + ":" + l.uid() + ":" + period);
  }

  /** Set: the event IDs among {@link #leagueHeld}, so a retried score is held once. */
  public static String leagueHeldIds(League l, String period) {
    return Route.META.key("league-held-ids:" + l.name() + ":" + l.uid() + ":" + period);
  }

  /**
   * Hash: per user, their scores in {@link #leagueHeld} not yet replayed; field {@code ""}: how many of
   * the list were replayed.
   */
  public static String leagueHeldCounts(League l, String period) {
    return Route.META.key("league-held-counts:" + l.name() + ":" + l.uid() + ":" + period);
  }

  /** Set: the periods of a league with scores held after them ({@link #leagueHeld}). */
  public static String leagueHolding(League l) {
    return Route.META.key("league-holding:" + l.name() + ":" + l.uid());
  }

  /** The lease that lets one node at a time close a league's period. */
  public static String leagueCloseLease(League l, String period) {
    return Route.META.key("league-lease:" + l.name() + ":" + l.uid() + ":" + period);
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

  /** Slots friend sets are spread over by owner. */
  public static final int FRIEND_SLOTS = 1024;

  /** {@code {fr:<slot>}}, slot among {@link #FRIEND_SLOTS}, routed like a board partition of that index. */
  public static Route friendSlot(String userId) {
    int slot = Partitioner.partitionOf(userId, FRIEND_SLOTS);
    return new Route("{fr:" + slot + "}", slot);
  }

  /** Set: the user's friends, on {@link #friendSlot}. */
  public static String friends(String userId) {
    return friendSlot(userId).key(userId);
  }

  /** Slots profiles are spread over by user, like {@link #FRIEND_SLOTS}. */
  public static final int PROFILE_SLOTS = 1024;

  /** {@code {pf:<slot>}}, slot among {@link #PROFILE_SLOTS}, routed like a board partition of that index. */
  public static Route profileSlot(String userId) {
    int slot = Partitioner.partitionOf(userId, PROFILE_SLOTS);
    return new Route("{pf:" + slot + "}", slot);
  }

  /** String: the user's profile (JSON), on {@link #profileSlot}. */
  public static String profile(String userId) {
    return profileSlot(userId).key(userId);
  }
}
