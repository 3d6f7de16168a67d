package dev.leaderboard.api.stream;

import java.time.Duration;

/**
 * How a node serves live streams.
 *
 * @param interval a stream is written at most once per interval, with the latest state
 * @param keepalive how often an idle stream gets a comment line, so proxies keep it open
 * @param writeQueueBytes a client that falls further behind is dropped
 */
public record StreamSettings(Duration interval, int maxStreams, Duration keepalive, int writeQueueBytes,
    Duration ticketTtl) {
  public static final StreamSettings DEFAULTS = new StreamSettings(Duration.ofMillis(100), 10_000,
      Duration.ofSeconds(15), 256 * 1024, Duration.ofSeconds(30));

  public StreamSettings {
    if (interval.toMillis() < 1 || keepalive.toMillis() < 1 || ticketTtl.toMillis() < 1) {
      throw new IllegalArgumentException("the stream interval, keepalive and ticket lifetime must be at least 1 ms");
    }
    if (maxStreams < 0 || writeQueueBytes < 1024) {
      throw new IllegalArgumentException("maxStreams must be at least 0 and writeQueueBytes at least 1024 (got "
          + maxStreams + ", " + writeQueueBytes + ")");
    }
  }

  public StreamSettings with(Duration interval, int maxStreams) {
    return new StreamSettings(interval, maxStreams, keepalive, writeQueueBytes, ticketTtl);
  }
}
