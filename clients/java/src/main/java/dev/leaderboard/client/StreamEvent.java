package dev.leaderboard.client;

import dev.leaderboard.client.model.Entry;
import java.util.List;

/**
 * An event of a board's live stream. Each carries the stream's {@code id} of it. A feed (the top,
 * each watched user) sends its latest state, coalesced; the client never hands on the same state
 * of a feed twice in a row, also not when a reconnected stream greets it with the state it had.
 */
public sealed interface StreamEvent permits StreamEvent.TopChanged, StreamEvent.EntryChanged, StreamEvent.PeriodRolled {
  /** The event's {@code id:} on the stream ({@code Last-Event-ID} when reconnecting). */
  String id();

  /**
   * The leading entries, as a page read returns them.
   *
   * @param id the event's ID
   * @param board the board
   * @param period the period
   * @param total the period's entries
   * @param entries the first {@code top} entries, best first
   */
  record TopChanged(String id, String board, String period, long total, List<Entry> entries) implements StreamEvent {
  }

  /**
   * A watched user's entry.
   *
   * @param id the event's ID
   * @param board the board
   * @param period the period
   * @param userId the watched user
   * @param entry the user's entry; null while the user has no score
   */
  record EntryChanged(String id, String board, String period, String userId, Entry entry) implements StreamEvent {
  }

  /**
   * The current period rolled over; fresh {@link TopChanged} and {@link EntryChanged} events follow.
   *
   * @param id the event's ID
   * @param board the board
   * @param previous the period that ended
   * @param period the period that began
   */
  record PeriodRolled(String id, String board, String previous, String period) implements StreamEvent {
  }
}
