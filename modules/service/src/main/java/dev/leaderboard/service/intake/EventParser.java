package dev.leaderboard.service.intake;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.SortKey;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.scores.SubmitCommand;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Applies a board's rules to one score event ({@link ScoreEvent} has applied those that need no
 * board): the value's range, the time against the clock and the period, the closing rule and the
 * sort keys; answers the store command or refuses the event.
 */
final class EventParser {
  /** How far ahead of the server clock an event's {@code at} may be. */
  static final long MAX_AHEAD_MILLIS = Duration.ofMinutes(5).toMillis();

  /**
   * A valid event.
   *
   * @param field the name of the event's value field in the request, for messages
   */
  record ParsedEvent(Period period, SubmitCommand command, String field) {
  }

  private EventParser() {
  }

  /**
   * @param prefix how the request names this event's fields ({@code ""} for a single submit,
   *     {@code "events[3]."} in a batch), so messages name the exact field
   */
  static ParsedEvent parse(Board b, ScoreEvent ev, String prefix, long now) {
    String userId = ev.userId();
    long span = Math.min(Fields.MAX_EXACT, b.maxScore() - b.minScore());
    long min = b.operator() == Operator.INCR ? -span : b.minScore();
    long max = b.operator() == Operator.INCR ? span : b.maxScore();
    if (ev.value() == null) {
      throw Refusal.invalid(prefix + "value", "is required: a whole number between " + min + " and "
          + max);
    }
    long value = Fields.integer(prefix + "value", ev.value(), min, max);
    Long givenAt = ev.at();
    long at = givenAt == null ? now : givenAt;
    if (at > now + MAX_AHEAD_MILLIS) {
      throw Refusal.invalid(prefix + "at", "must be at most " + MAX_AHEAD_MILLIS
          + " ms ahead of the server clock (server time " + now + ", got " + at + ")");
    }
    String eventId = ev.eventId();
    String meta = ev.meta();
    Period period = b.periodOf(Instant.ofEpochMilli(at));
    if (at < period.start().toEpochMilli() || at >= period.end().toEpochMilli()) {
      throw Refusal.invalid(prefix + "at", "must lie between " + period.start().toEpochMilli() + " and "
          + (period.end().toEpochMilli() - 1) + " on this all-time board (got " + at + ")");
    }
    String outside = b.competition().outsideWindow(period, Instant.ofEpochMilli(now));
    if (outside != null) {
      throw Participation.notRunning(b, outside);
    }
    if (b.isPastClose(period, now)) {
      throw Refusal.PERIOD_CLOSED.exception(period.id(), b.name());
    }
    long[] keys = sortKeys(b, ev.keys(), prefix);
    SubmitCommand command;
    if (b.wide()) {
      command = new SubmitCommand(period.id(), userId, b.operator(), value, 0, eventId, givenAt, meta,
          b.tieCodec().encode(keys, at));
    } else {
      long offset = Math.floorDiv(at - period.start().toEpochMilli(), b.tieResolution().millis());
      command = new SubmitCommand(period.id(), userId, b.operator(), value, b.codec().tie(offset), eventId, givenAt,
          meta);
    }
    return new ParsedEvent(period, command, prefix + "value");
  }

  /**
   * The event's {@code keys}: on a board with sort keys, an object with a whole number in range for
   * every key (in the board's order of keys); on a board without, absent.
   */
  static long[] sortKeys(Board b, Object given, String prefix) {
    List<SortKey> declared = b.sortKeys();
    if (declared.isEmpty()) {
      if (given != null) {
        throw Refusal.invalid(prefix + "keys", "this board has no sortKeys; leave keys out");
      }
      return new long[0];
    }
    if (!(given instanceof JsonObject keys)) {
      throw Refusal.invalid(prefix + "keys", "is required on this board: an object with "
          + declared.stream().map(SortKey::name).toList() + " as whole numbers");
    }
    Fields.onlyKnown(keys, prefix + "keys.", declared.stream().map(SortKey::name).collect(Collectors.toSet()));
    long[] out = new long[declared.size()];
    for (int i = 0; i < out.length; i++) {
      SortKey k = declared.get(i);
      Long v = Fields.integer(keys, prefix + "keys.", k.name(), null, k.min(), k.max());
      if (v == null) {
        throw Refusal.invalid(prefix + "keys." + k.name(), "is required: a whole number between "
            + k.min() + " and " + k.max());
      }
      out[i] = v;
    }
    return out;
  }

  /** How long the board remembers an accepted event ID. */
  static long dedupeMillis(Board b) {
    return b.dedupeSeconds() * 1000;
  }
}
