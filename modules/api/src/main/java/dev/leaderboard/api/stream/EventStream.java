package dev.leaderboard.api.stream;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

/**
 * One open {@code text/event-stream} answer, written only on its connection's event loop. A client
 * that does not read is closed rather than buffered, so it costs at most
 * {@link StreamSettings#writeQueueBytes} and never holds up others.
 */
final class EventStream {
  private final Context context;
  private final HttpServerResponse response;
  private final StreamSpec spec;
  private final StreamMeters meters;
  private Runnable onClose = () -> { };
  private boolean closed;

  EventStream(Context context, HttpServerResponse response, StreamSpec spec, StreamMeters meters) {
    this.context = context;
    this.response = response;
    this.spec = spec;
    this.meters = meters;
  }

  Context context() {
    return context;
  }

  StreamSpec spec() {
    return spec;
  }

  /** Runs once, on the stream's context, when the stream ends for any reason. */
  void onClose(Runnable action) {
    this.onClose = action;
  }

  /** Writes one event (on the stream's context); a full write queue closes the stream instead. */
  void write(Buffer event) {
    if (closed) {
      return;
    }
    if (response.writeQueueFull()) {
      meters.dropped.incrementAndGet();
      closed();
      response.reset();
      return;
    }
    response.write(event);
  }

  /** Ends the answer (on the stream's context); the client may reconnect. */
  void end() {
    if (closed) {
      return;
    }
    closed();
    if (!response.ended() && !response.closed()) {
      response.end();
    }
  }

  void closed() {
    if (!closed) {
      closed = true;
      onClose.run();
    }
  }

}
