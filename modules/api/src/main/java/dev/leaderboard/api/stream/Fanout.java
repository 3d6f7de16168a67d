package dev.leaderboard.api.stream;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hands one rendered event to many streams: one task per event loop, which writes the same bytes to
 * each of that loop's streams (a Vert.x buffer is written through its own view of the bytes, so one
 * buffer serves every connection).
 */
final class Fanout {
  private Fanout() {
  }

  /** {@code id:}, {@code event:} and one {@code data:} line of JSON, then the blank line that ends the event. */
  static Buffer event(long id, String type, JsonObject data) {
    return Buffer.buffer("id: " + id + "\nevent: " + type + "\ndata: " + data.encode() + "\n\n",
        StandardCharsets.UTF_8.name());
  }

  static void write(Iterable<EventStream> targets, Buffer event) {
    each(targets, s -> s.write(event));
  }

  /** Runs {@code action} on each stream, on the stream's own event loop. */
  static void each(Iterable<EventStream> targets, Consumer<EventStream> action) {
    Map<Context, List<EventStream>> byLoop = new HashMap<>();
    for (EventStream s : targets) {
      byLoop.computeIfAbsent(s.context(), k -> new ArrayList<>()).add(s);
    }
    byLoop.forEach((context, streams) -> context.runOnContext(v -> streams.forEach(action)));
  }
}
