package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;

/**
 * An entry's metadata as a request gives it ({@code meta}: display name, avatar URL, country…): a
 * JSON object of at most {@link Limits#MAX_META_BYTES} bytes serialized, kept as that text.
 */
public final class EntryMeta {
  private EntryMeta() {
  }

  /**
   * The {@code meta} field of {@code o} as compact JSON text, or {@code null} when absent. Throws a
   * 400 naming the field when it is not a JSON object ({@code null} included) or too large.
   */
  public static String read(JsonObject o, String prefix) {
    if (!o.containsKey("meta")) {
      return null;
    }
    Object v = o.getValue("meta");
    if (!(v instanceof JsonObject meta)) {
      throw Refusal.invalid(prefix + "meta", "must be a JSON object (got "
          + (v == null ? "null" : v instanceof String ? "a string" : v.getClass().getSimpleName()) + ")");
    }
    return Fields.boundedJson(prefix + "meta", meta, Limits.MAX_META_BYTES);
  }
}
