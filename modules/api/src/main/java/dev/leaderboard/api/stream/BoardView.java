package dev.leaderboard.api.stream;

import dev.leaderboard.core.Board;
import dev.leaderboard.service.intake.ScoreNotice;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One board's period as a node's streams see it: the streams, and the feeds they share (the top
 * {@code n} entries per {@code n}, and each watched user). A view of the current period follows the
 * board's calendar: {@link #rollover} moves it to the next period.
 */
final class BoardView {
  final String board;
  /** The period asked for; {@code null}: the current one. */
  final String fixed;
  final Map<Integer, TopFeed> tops = new LinkedHashMap<>();
  final Map<String, UserFeed> users = new LinkedHashMap<>();
  final Set<EventStream> streams = new LinkedHashSet<>();
  Board definition;
  String period;
  boolean ended;
  /** The last read failure logged for these streams (each cause is logged once in a row). */
  String lastFailure;

  BoardView(Board definition, String fixed, Instant now) {
    this.board = definition.name();
    this.definition = definition;
    this.fixed = fixed;
    this.period = fixed != null ? fixed : definition.periodOf(now).id();
  }

  static String key(String board, String fixed) {
    return board + '\n' + (fixed == null ? "" : fixed);
  }

  void add(EventStream s) {
    streams.add(s);
    if (s.spec().top() > 0) {
      tops.computeIfAbsent(s.spec().top(), TopFeed::new).streams.add(s);
    }
    for (String u : s.spec().users()) {
      users.computeIfAbsent(u, UserFeed::new).streams.add(s);
    }
  }

  void remove(EventStream s) {
    streams.remove(s);
    TopFeed top = tops.get(s.spec().top());
    if (top != null && top.streams.remove(s) && top.streams.isEmpty()) {
      tops.remove(top.n);
    }
    for (String u : s.spec().users()) {
      UserFeed feed = users.get(u);
      if (feed != null && feed.streams.remove(s) && feed.streams.isEmpty()) {
        users.remove(u);
      }
    }
  }

  /** Marks the feeds the notice's changes may affect. */
  void notice(ScoreNotice n) {
    if (!n.period().equals(period)) {
      return;
    }
    for (TopFeed f : tops.values()) {
      f.dirty |= f.affectedBy(n, definition.order());
    }
    for (UserFeed f : users.values()) {
      f.dirty |= f.affectedBy(n, definition.order());
    }
  }

  /** Marks the feeds that list the user (their entries show the user's profile); {@code true} when any does. */
  boolean profileChanged(String userId) {
    boolean any = false;
    for (TopFeed f : tops.values()) {
      if (f.lists(userId)) {
        f.dirty = true;
        any = true;
      }
    }
    UserFeed feed = users.get(userId);
    if (feed != null) {
      feed.dirty = true;
      any = true;
    }
    return any;
  }

  /** The period that is current at {@code now}, when it is not this view's and the view follows the current one; else {@code null}. */
  String nextPeriod(Instant now) {
    if (fixed != null) {
      return null;
    }
    String current = definition.periodOf(now).id();
    return current.equals(period) ? null : current;
  }

  /** Moves to {@code next}: every feed is read afresh. */
  void rollover(String next) {
    period = next;
    tops.values().forEach(TopFeed::reset);
    users.values().forEach(UserFeed::reset);
  }
}
