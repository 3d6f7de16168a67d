package dev.leaderboard.api.stream;

import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.concurrent.TimeUnit;
import java.util.Set;
import java.util.function.Supplier;

/** What one read refreshes for every stream that shows it; an event is sent only when it changed. */
abstract class Feed {
  final Set<EventStream> streams = new LinkedHashSet<>();
  /** The last event's data; {@code null}: not read yet (or reset by a rollover). */
  JsonObject data;
  boolean dirty = true;
  /** A read is under way, or the event it made is still being written to the streams. */
  boolean reading;
  /** When the last read started ({@link System#nanoTime}); reads of a feed are an interval apart. */
  long lastRead = System.nanoTime() - Long.MAX_VALUE / 2;
  /** No read before this ({@link System#nanoTime}): see {@link #sent}. */
  long notBefore = lastRead;
  private String signature;

  /** {@code true}, with {@link #data} rendered anew, when {@code signature} differs from the last shown. */
  boolean show(String signature, Supplier<JsonObject> render) {
    boolean changed = data == null || !signature.equals(this.signature);
    this.signature = signature;
    if (changed) {
      data = render.get();
    }
    return changed;
  }

  void reset() {
    data = null;
    signature = null;
    dirty = true;
    lastRead = System.nanoTime() - Long.MAX_VALUE / 2;
    notBefore = lastRead;
  }

  /**
   * The next read waits twice as long as the read and its writes took, so a feed with very many
   * streams uses at most a third of the node's time and its streams get fewer, still newest, events.
   */
  void sent(long now) {
    reading = false;
    long took = now - lastRead;
    // a rollover reset the feed (lastRead far back) while its event was written: the new period is read at once
    notBefore = took > TimeUnit.HOURS.toNanos(1) ? now : now + 2 * took;
  }

  /** Whether a read is due now: marked, none under way, the last one began an interval ago and took less time than that. */
  boolean due(long now, long intervalNanos) {
    return dirty && !reading && now - lastRead >= intervalNanos && now - notBefore >= 0;
  }
}
