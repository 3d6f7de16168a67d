package dev.leaderboard.service;

import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Order;
import dev.leaderboard.core.TieResolution;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The semantics of one board period, in memory and obviously right: what tests compare the
 * sharded service against (here, and over HTTP in the API module's tests).
 */
public final class ReferenceBoard {
  public record Entry(String userId, long score, long at) {
  }

  public enum Outcome { APPLIED, DUPLICATE, REJECTED }

  private final Order order;
  private final Operator operator;
  private final long maxScore;
  private final long unitMillis;
  private final long periodStart;
  private final Map<String, Entry> users = new HashMap<>();
  private final Set<String> events = new HashSet<>();

  /** From a board definition as the API returns it. */
  public ReferenceBoard(JsonObject board, long periodStart) {
    this.order = Order.fromWire(board.getString("order"));
    this.operator = Operator.fromWire(board.getString("operator"));
    this.maxScore = board.getLong("maxScore");
    this.unitMillis = TieResolution.fromWire(board.getString("tieResolution")).millis();
    this.periodStart = periodStart;
  }

  /** The same board holding only the entries of {@code userIds} (e.g. a user and their friends). */
  private ReferenceBoard(ReferenceBoard all, java.util.Collection<String> userIds) {
    this.order = all.order;
    this.operator = all.operator;
    this.maxScore = all.maxScore;
    this.unitMillis = all.unitMillis;
    this.periodStart = all.periodStart;
    for (String u : userIds) {
      Entry e = all.users.get(u);
      if (e != null) {
        this.users.put(u, e);
      }
    }
  }

  /** A full copy (entries and remembered events), to try events on without changing this one. */
  public ReferenceBoard copy() {
    ReferenceBoard c = new ReferenceBoard(this, users.keySet());
    c.events.addAll(events);
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

  public Outcome apply(String userId, long value, long at, String eventId) {
    // the value itself is checked before anything else: incr takes -maxScore..maxScore, set and best 0..maxScore
    if (value > maxScore || value < (operator == Operator.INCR ? -maxScore : 0)) {
      return Outcome.REJECTED;
    }
    if (eventId != null && events.contains(userId + "\n" + eventId)) {
      return Outcome.DUPLICATE;
    }
    Entry old = users.get(userId);
    long next = operator.apply(old == null ? null : old.score(), value, order);
    if (next < 0 || next > maxScore) {
      return Outcome.REJECTED;
    }
    long t = truncate(at);
    if (old == null || old.score() != next || (operator != Operator.INCR && value == next && t < old.at())) {
      users.put(userId, new Entry(userId, next, t));
    }
    if (eventId != null) {
      events.add(userId + "\n" + eventId);
    }
    return Outcome.APPLIED;
  }

  /** Board order: better score, then earlier time, then Redis' member order for the direction. */
  public Comparator<Entry> comparator() {
    Comparator<Entry> byScore = Comparator.comparingLong(Entry::score);
    if (order == Order.DESC) {
      byScore = byScore.reversed();
    }
    Comparator<Entry> byUser = Comparator.comparing(Entry::userId);
    return byScore.thenComparingLong(Entry::at).thenComparing(order == Order.DESC ? byUser.reversed() : byUser);
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
}
