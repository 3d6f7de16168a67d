package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Order;
import dev.leaderboard.core.SortKey;
import dev.leaderboard.core.TieCodec;
import dev.leaderboard.core.TieResolution;
import dev.leaderboard.store.scores.EventDigest;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The semantics of one board period, in memory and obviously right: what tests compare the
 * sharded service against (here, and over HTTP in the API module's tests).
 */
public final class ReferenceBoard {
  /** @param keys the entry's sort-key values in the board's order of keys (empty on a board without) */
  public record Entry(String userId, long score, long at, List<Long> keys) {
    public Entry(String userId, long score, long at) {
      this(userId, score, at, List.of());
    }
  }

  public enum Outcome { APPLIED, DUPLICATE, CONFLICT, REJECTED, BANNED }

  private final Order order;
  private final Operator operator;
  private final long maxScore;
  private final long minScore;
  private final List<SortKey> sortKeys;
  private final long unitMillis;
  private final long periodStart;
  private final Map<String, Entry> users = new HashMap<>();
  /** userId \n eventId → the digest of the payload it was first used for (as the store keeps it). */
  private final Map<String, Integer> events = new HashMap<>();
  /** userId → the entry's metadata (JSON object) as last stored by an applied event. */
  private final Map<String, JsonObject> meta = new HashMap<>();

  /** From a board definition as the API returns it. */
  public ReferenceBoard(JsonObject board, long periodStart) {
    this.order = Order.fromWire(board.getString("order"));
    this.operator = Operator.fromWire(board.getString("operator"));
    this.maxScore = board.getLong("maxScore");
    this.minScore = board.getLong("minScore", 0L);
    this.sortKeys = SortKey.fromJson(board.getJsonArray("sortKeys"));
    this.unitMillis = TieResolution.fromWire(board.getString("tieResolution")).millis();
    this.periodStart = periodStart;
  }

  /** The same board holding only the entries of {@code userIds} (e.g. a user and their friends). */
  private ReferenceBoard(ReferenceBoard all, java.util.Collection<String> userIds) {
    this.order = all.order;
    this.operator = all.operator;
    this.maxScore = all.maxScore;
    this.minScore = all.minScore;
    this.sortKeys = all.sortKeys;
    this.unitMillis = all.unitMillis;
    this.periodStart = all.periodStart;
    for (String u : userIds) {
      Entry e = all.users.get(u);
      if (e != null) {
        this.users.put(u, e);
        if (all.meta.containsKey(u)) {
          this.meta.put(u, all.meta.get(u));
        }
      }
    }
  }

  /** A full copy (entries and remembered events), to try events on without changing this one. */
  public ReferenceBoard copy() {
    ReferenceBoard c = new ReferenceBoard(this, users.keySet());
    c.events.putAll(events);
    return c;
  }

  /** A copy restricted to {@code userIds}: its ranks are ranks within that group. */
  public ReferenceBoard only(java.util.Collection<String> userIds) {
    return new ReferenceBoard(this, userIds);
  }

  /** The time as the board stores it: truncated to the tie resolution. */
  public long truncate(long at) {
    return periodStart + Math.floorDiv(at - periodStart, unitMillis) * unitMillis;
  }

  /**
   * One event whose time the client gave. A reused event ID is a duplicate when the payload's digest
   * is the one of its first use (so, like the store, it takes the 1-in-2^20 digest collisions for
   * the same payload), a conflict otherwise.
   */
  public Outcome apply(String userId, long value, long at, String eventId) {
    return apply(userId, value, at, eventId, null);
  }

  /** {@link #apply(String, long, long, String)} with entry metadata, stored when the event applies. */
  public Outcome apply(String userId, long value, long at, String eventId, JsonObject metadata) {
    return apply(userId, value, at, eventId, metadata, new long[0]);
  }

  /** An event that carries sort-key values (in the board's order of keys; empty on a board without). */
  public Outcome apply(String userId, long value, long at, String eventId, JsonObject metadata, long[] keys) {
    Outcome outcome = applyScore(userId, value, at, eventId, keys);
    if (outcome == Outcome.APPLIED && metadata != null) {
      meta.put(userId, metadata.copy());
    }
    return outcome;
  }

  /** The user's metadata, or {@code null}. */
  public JsonObject meta(String userId) {
    return meta.get(userId);
  }

  private Outcome applyScore(String userId, long value, long at, String eventId, long[] keys) {
    // the value itself is checked before anything else: incr takes ±(maxScore - minScore), set and best
    // minScore..maxScore
    if (!acceptsValue(value)) {
      return Outcome.REJECTED;
    }
    int digest = sortKeys.isEmpty() ? EventDigest.of(operator, value, at)
        : EventDigest.of(operator, value, at, TieCodec.keysOf(new TieCodec(order, sortKeys, unitMillis).encode(keys, at)));
    Integer first = eventId == null ? null : events.get(userId + "\n" + eventId);
    if (first != null) {
      return first == digest ? Outcome.DUPLICATE : Outcome.CONFLICT;
    }
    Entry old = users.get(userId);
    long next = operator.apply(old == null ? null : old.score(), value, order);
    if (next < minScore || next > maxScore) {
      return Outcome.REJECTED;
    }
    Entry candidate = new Entry(userId, next, truncate(at), java.util.Arrays.stream(keys).boxed().toList());
    // an equal score keeps the place it was first reached at, unless a set or best of that same value
    // proves a better place (better sort keys, or an earlier time)
    if (old == null || old.score() != next || (operator != Operator.INCR && value == next
        && placeOrder().compare(candidate, old) < 0)) {
      users.put(userId, candidate);
    }
    if (eventId != null) {
      events.put(userId + "\n" + eventId, digest);
    }
    return Outcome.APPLIED;
  }

  /** Whether the event's value itself is acceptable (checked before anything else, a ban included). */
  public boolean acceptsValue(long value) {
    long span = Math.min(Fields.MAX_EXACT, maxScore - minScore);
    return operator == Operator.INCR ? Math.abs(value) <= span : value >= minScore && value <= maxScore;
  }

  /** Equal scores: by the sort keys (each in its direction), then earlier first. */
  private Comparator<Entry> placeOrder() {
    Comparator<Entry> c = (a, b) -> 0;
    for (int i = 0; i < sortKeys.size(); i++) {
      int k = i;
      Comparator<Entry> byKey = Comparator.comparingLong(e -> e.keys().get(k));
      c = c.thenComparing(sortKeys.get(i).higherFirst() ? byKey.reversed() : byKey);
    }
    return c.thenComparingLong(Entry::at);
  }

  /** The board's sort keys. */
  public List<SortKey> sortKeys() {
    return sortKeys;
  }

  /** Removes the user's entry (a removal, a ban holding it back, an erasure); answers it, or null. */
  public Entry remove(String userId) {
    return users.remove(userId);
  }

  /** Puts an entry back as it was (a lifted ban). */
  public void restore(Entry e) {
    users.put(e.userId(), e);
  }

  /** Forgets the user's event IDs (an erasure): the same IDs are new events afterwards. */
  public void forgetEvents(String userId) {
    events.keySet().removeIf(k -> k.startsWith(userId + "\n"));
  }

  /** Board order: better score, then the sort keys, then earlier time, then Redis' member order for the direction. */
  public Comparator<Entry> comparator() {
    Comparator<Entry> byScore = Comparator.comparingLong(Entry::score);
    if (order == Order.DESC) {
      byScore = byScore.reversed();
    }
    Comparator<Entry> byUser = Comparator.comparing(Entry::userId);
    return byScore.thenComparing(placeOrder()).thenComparing(order == Order.DESC ? byUser.reversed() : byUser);
  }

  public List<Entry> sorted() {
    List<Entry> all = new ArrayList<>(users.values());
    all.sort(comparator());
    return all;
  }

  public Entry get(String userId) {
    return users.get(userId);
  }

  public int size() {
    return users.size();
  }

  public long uniqueRank(String userId) {
    return sorted().indexOf(users.get(userId)) + 1;
  }

  public long competitionRank(long score) {
    return 1 + users.values().stream().filter(e -> order.better(e.score(), score)).count();
  }

  public long denseRank(long score) {
    return 1 + users.values().stream().filter(e -> order.better(e.score(), score)).map(Entry::score).distinct().count();
  }

  /**
   * Checks an answered entry against {@code sorted.get(k)} ({@code sorted} is {@link #sorted()}): the
   * user, score and time, and the rank in {@code mode} and percentile within this board.
   */
  void assertEntry(JsonObject got, List<Entry> sorted, int k, String mode, String what) {
    Entry e = sorted.get(k);
    assertThat(got.getString("userId")).as(what).isEqualTo(e.userId());
    assertThat(got.getLong("score")).as(what).isEqualTo(e.score());
    assertThat(got.getLong("at")).as(what).isEqualTo(e.at());
    assertKeys(got, e, what);
    long rank = switch (mode) {
      case "unique" -> k + 1;
      case "competition" -> competitionRank(e.score());
      default -> denseRank(e.score());
    };
    assertThat(got.getLong("rank")).as(what).isEqualTo(rank);
    assertThat(got.getDouble("percentile")).as(what).isEqualTo(percentile(mode, k, e.score()));
    assertMeta(got, what);
  }

  /**
   * The percentile of the entry at {@code position} with {@code score} as openapi.yaml defines it:
   * 100 * (total - ahead) / total to two decimals, ahead being the entries ordered before it in
   * unique mode and those with a strictly better score in the other modes.
   */
  public double percentile(String mode, long position, long score) {
    long ahead = "unique".equals(mode) ? position : competitionRank(score) - 1;
    return new BigDecimal(100 * (users.size() - ahead)).divide(BigDecimal.valueOf(users.size()), 2,
        RoundingMode.HALF_UP).doubleValue();
  }

  /** The answered entry's {@code keys}: the entry's sort keys, absent on a board without. */
  public void assertKeys(JsonObject got, Entry e, String what) {
    if (sortKeys.isEmpty()) {
      assertThat(got.getValue("keys")).as("keys of %s", what).isNull();
      return;
    }
    JsonObject keys = new JsonObject();
    for (int i = 0; i < sortKeys.size(); i++) {
      keys.put(sortKeys.get(i).name(), e.keys().get(i));
    }
    assertThat(got.getJsonObject("keys")).as("keys of %s", what).isEqualTo(keys);
  }

  /** The answered entry's {@code meta}: the user's metadata, absent when the user has none. */
  public void assertMeta(JsonObject got, String what) {
    assertThat(got.getJsonObject("meta")).as("meta of %s", what).isEqualTo(meta.get(got.getString("userId")));
  }
}
