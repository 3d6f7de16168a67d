package dev.leaderboard.api.stream;

import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What one read refreshes for every stream of the node that shows it: the streams, the data of the
 * last event sent, and whether a read is due or under way. A feed sends an event only when what it
 * shows changed ({@link #show}).
 */
abstract class Feed {
  final Set<EventStream> streams = new LinkedHashSet<>();
  /** The last event's data; {@code null}: not read yet (or reset by a rollover). */
  JsonObject data;
  boolean dirty = true;
  boolean reading;
  private String signature;

  /**
   * Takes a fresh state, summed up by {@code signature} (what, when it changes, makes an event);
   * {@code true}, with {@link #data} rendered anew, when it differs from the last one shown.
   */
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
  }
}
