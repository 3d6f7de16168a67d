package dev.leaderboard.api.stream;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hands one rendered event to many streams, one task per event loop, one buffer for every
 * connection. A feed waits for the write before its next read, so a node that cannot keep up sends
 * fewer, newer events instead of queueing stale ones.
 */
final class Fanout {
  static final int SLICE = 256;
  private Fanout() {
  }

  /** {@code id:}, {@code event:} and one {@code data:} line of JSON, then the blank line that ends the event. */
  static Buffer event(long id, String type, JsonObject data) {
    return Buffer.buffer("id: " + id + "\nevent: " + type + "\ndata: " + data.encode() + "\n\n",
        StandardCharsets.UTF_8.name());
  }

  static Future<Void> write(Iterable<EventStream> targets, Buffer event) {
    return each(targets, s -> s.write(event));
  }

  /** {@value #SLICE} streams per task, so the loop serves its other connections between slices. */
  static Future<Void> each(Iterable<EventStream> targets, Consumer<EventStream> action) {
    Map<Context, List<EventStream>> byLoop = new HashMap<>();
    for (EventStream s : targets) {
      byLoop.computeIfAbsent(s.context(), k -> new ArrayList<>()).add(s);
    }
    List<Future<Void>> done = new ArrayList<>(byLoop.size());
    byLoop.forEach((context, streams) -> {
      Promise<Void> written = Promise.promise();
      done.add(written.future());
      context.runOnContext(v -> slice(context, streams, 0, action, written));
    });
    return Future.all(done).mapEmpty();
  }

  private static void slice(Context context, List<EventStream> streams, int from, Consumer<EventStream> action,
      Promise<Void> written) {
    int to = Math.min(streams.size(), from + SLICE);
    for (int i = from; i < to; i++) {
      action.accept(streams.get(i));
    }
    if (to == streams.size()) {
      written.complete();
    } else {
      context.runOnContext(v -> slice(context, streams, to, action, written));
    }
  }
}
