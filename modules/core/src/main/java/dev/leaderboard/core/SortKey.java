package dev.leaderboard.core;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An extra sort key of a board: equal scores are ordered by the board's sort keys, in their order,
 * before the time they were reached (e.g. fewer deaths first, then earlier).
 *
 * @param direction {@code asc}: a lower value ranks higher; {@code desc}: a higher value ranks higher
 * @param min the smallest value an event may carry
 * @param max the largest value an event may carry
 */
public record SortKey(String name, Order direction, long min, long max) {
  /** A board declares at most this many sort keys. */
  public static final int MAX_KEYS = 3;
  private static final Set<String> FIELDS = Set.of("name", "order", "min", "max");

  /** Whether a higher value ranks higher. */
  public boolean higherFirst() {
    return direction.higherFirst();
  }

  public JsonObject toJson() {
    return new JsonObject().put("name", name).put("order", direction.wireName()).put("min", min).put("max", max);
  }

  public static SortKey fromJson(JsonObject j) {
    return new SortKey(j.getString("name"), Order.fromWire(j.getString("order")), j.getLong("min"), j.getLong("max"));
  }

  /** The board's {@code sortKeys} field: an array of at most {@link #MAX_KEYS} keys with distinct names. */
  public static List<SortKey> define(JsonArray keys) {
    if (keys.size() > MAX_KEYS) {
      throw Refusal.invalid("sortKeys", "can hold at most " + MAX_KEYS + " keys (got " + keys.size() + ")");
    }
    List<SortKey> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      String at = "sortKeys[" + i + "].";
      if (!(keys.getValue(i) instanceof JsonObject k)) {
        throw Refusal.invalid("sortKeys[" + i + "]", "must be an object {name, order, min, max}");
      }
      Fields.onlyKnown(k, at, FIELDS);
      String name = Fields.string(k, at, "name", null);
      if (name == null || !name.matches("[a-z][a-z0-9_]{0,31}")) {
        throw Refusal.invalid(at + "name", "is required: 1-32 characters of a-z, 0-9 and '_', "
            + "starting with a letter");
      }
      if (!names.add(name)) {
        throw Refusal.invalid(at + "name", "must differ from the other sort keys' names (got '" + name + "' twice)");
      }
      String dir = Fields.string(k, at, "order", "asc");
      Order direction;
      try {
        direction = Order.fromWire(dir);
      } catch (IllegalArgumentException e) {
        throw Refusal.invalid(at + "order", "must be asc (lower ranks higher) or desc (got '" + dir + "')");
      }
      long min = Fields.integer(k, at, "min", 0L, -Fields.MAX_EXACT, Fields.MAX_EXACT);
      Long max = Fields.integer(k, at, "max", null, -Fields.MAX_EXACT, Fields.MAX_EXACT);
      if (max == null) {
        throw Refusal.invalid(at + "max", "is required: the largest value an event may carry");
      }
      if (max <= min) {
        throw Refusal.invalid(at + "max", "must be greater than min " + min + " (got " + max + ")");
      }
      out.add(new SortKey(name, direction, min, max));
    }
    return List.copyOf(out);
  }

  public static JsonArray toJson(List<SortKey> keys) {
    return JsonArray.of(keys.stream().map(SortKey::toJson).toArray());
  }

  public static List<SortKey> fromJson(JsonArray a) {
    return a == null ? List.of() : a.stream().map(o -> fromJson((JsonObject) o)).toList();
  }
}
