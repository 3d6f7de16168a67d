package dev.leaderboard.app;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.SortKey;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How definitions-as-code compares and shows the value of a field. Values are the same when they
 * mean the same to the node: numbers by value ({@code 10} and {@code 10.0}), RFC 3339 times by
 * instant, ISO-8601 durations by length, maps and lists member by member; {@code null}, an absent
 * field, {@code []} and {@code {}} all mean none. A webhook's secret is never compared or shown:
 * the node never shows it ({@link #comparable}).
 */
final class DefinitionValues {
  static final String NONE = "(none)";

  private DefinitionValues() {
  }

  static boolean same(Object a, Object b) {
    Object x = plain(a);
    Object y = plain(b);
    if (none(x) || none(y)) {
      return none(x) && none(y);
    }
    if (x instanceof Number n && y instanceof Number m) {
      return new BigDecimal(n.toString()).compareTo(new BigDecimal(m.toString())) == 0;
    }
    if (x instanceof Map<?, ?> n && y instanceof Map<?, ?> m) {
      Set<Object> keys = new HashSet<>(n.keySet());
      keys.addAll(m.keySet());
      return keys.stream().allMatch(k -> same(n.get(k), m.get(k)));
    }
    if (x instanceof List<?> n && y instanceof List<?> m) {
      if (n.size() != m.size()) {
        return false;
      }
      for (int i = 0; i < n.size(); i++) {
        if (!same(n.get(i), m.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (x instanceof String n && y instanceof String m) {
      return n.equals(m) || sameInstant(n, m) || sameDuration(n, m);
    }
    return x.equals(y);
  }

  /** A field's value as the plan prints it: strings bare, the rest as JSON, none as {@value #NONE}. */
  static String show(Object value) {
    Object v = plain(value);
    if (none(v)) {
      return NONE;
    }
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Map<?, ?> m) {
      @SuppressWarnings("unchecked")
      Map<String, Object> map = (Map<String, Object>) m;
      return new JsonObject(map).encode();
    }
    return v instanceof List<?> l ? new JsonArray(l).encode() : String.valueOf(v);
  }

  /**
   * A field's value from a file as it is compared and shown: a webhook without its secret, sort keys
   * with the fields the node fills in ({@code order}, {@code min}).
   */
  static Object comparable(String field, Object value) {
    if (field.equals("webhook") && value instanceof JsonObject webhook) {
      return withoutSecret(webhook);
    }
    if (field.equals("sortKeys") && value instanceof JsonArray keys) {
      try {
        return SortKey.toJson(SortKey.define(keys));
      } catch (LeaderboardException invalid) {
        return value; // the node says what is wrong
      }
    }
    return value;
  }

  /** A webhook as it is compared and shown: without its secret. */
  static JsonObject withoutSecret(JsonObject webhook) {
    JsonObject out = webhook.copy();
    out.remove("secret");
    out.remove("hasSecret");
    return out;
  }

  private static Object plain(Object v) {
    if (v instanceof JsonObject o) {
      return o.getMap();
    }
    return v instanceof JsonArray a ? a.getList() : v;
  }

  private static boolean none(Object v) {
    return v == null || v instanceof Map<?, ?> m && m.isEmpty() || v instanceof List<?> l && l.isEmpty();
  }

  private static boolean sameInstant(String a, String b) {
    try {
      return OffsetDateTime.parse(a).toInstant().equals(OffsetDateTime.parse(b).toInstant());
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean sameDuration(String a, String b) {
    try {
      return Duration.parse(a).equals(Duration.parse(b));
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
