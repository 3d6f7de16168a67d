package dev.leaderboard.client;

import java.util.Optional;

/**
 * Reads a {@code text/event-stream} line by line into its events, as the HTML standard's
 * EventSource does: {@code field: value} lines, a blank line ending each event, {@code :} comments
 * (the node's keepalives) skipped, the last {@code id:} kept for {@code Last-Event-ID}.
 */
final class SseFrames {
  /** One event: its type ({@code message} when it names none), data and the stream's last ID. */
  record Frame(String event, String data, String lastId) {
  }

  private String lastId;
  private String event;
  private StringBuilder data;
  private Long retryMillis;

  /** The event {@code line} completes, if it completes one. */
  Optional<Frame> line(String line) {
    if (line.isEmpty()) {
      Optional<Frame> done = data == null ? Optional.empty()
          : Optional.of(new Frame(event == null ? "message" : event, data.toString(), lastId));
      event = null;
      data = null;
      return done;
    }
    if (line.startsWith(":")) {
      return Optional.empty();
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    String value = colon < 0 ? "" : line.substring(colon + (line.startsWith(" ", colon + 1) ? 2 : 1));
    switch (field) {
      case "event" -> event = value;
      case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
      case "id" -> {
        if (value.indexOf('\0') < 0) {
          lastId = value;
        }
      }
      case "retry" -> {
        if (!value.isEmpty() && value.chars().allMatch(Character::isDigit)) {
          retryMillis = Long.parseLong(value);
        }
      }
      default -> { }
    }
    return Optional.empty();
  }

  /** Forgets a half-read event (its connection ended); the last ID and retry stay. */
  void reset() {
    event = null;
    data = null;
  }

  String lastId() {
    return lastId;
  }

  /** The reconnection time the stream asked for ({@code retry:}), if it did. */
  Optional<Long> retryMillis() {
    return Optional.ofNullable(retryMillis);
  }
}
