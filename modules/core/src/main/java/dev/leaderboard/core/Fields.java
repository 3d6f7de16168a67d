package dev.leaderboard.core;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Typed reads of JSON request fields. Every failure is a 400 naming the field and the rule, so
 * that the HTTP API and event-bus callers get the same message.
 */
public final class Fields {
  /** Largest integer a double holds exactly; also the largest number this API accepts. */
  public static final long MAX_EXACT = (1L << ScoreCodec.TOTAL_BITS) - 1;

  private Fields() {
  }

  public static JsonObject object(Object body, String field) {
    if (!(body instanceof JsonObject)) {
      throw Refusal.invalid(field, "must be a JSON object");
    }
    return (JsonObject) body;
  }

  public static void onlyKnown(JsonObject o, String prefix, Set<String> allowed) {
    Set<String> unknown = new TreeSet<>(o.fieldNames());
    unknown.removeAll(allowed);
    if (!unknown.isEmpty()) {
      String first = unknown.iterator().next();
      throw Refusal.invalid(prefix + first,
          "is not a known field (known fields: " + String.join(", ", new TreeSet<>(allowed)) + ")");
    }
  }

  public static String string(JsonObject o, String prefix, String field, String def) {
    return typed(o, prefix, field, def, String.class, "must be a string");
  }

  public static boolean bool(JsonObject o, String prefix, String field, boolean def) {
    return typed(o, prefix, field, def, Boolean.class, "must be true or false");
  }

  /** Field {@code field} of {@code o} as {@code type}, {@code def} when absent or null; else a 400 with {@code rule}. */
  private static <T> T typed(JsonObject o, String prefix, String field, T def, Class<T> type, String rule) {
    Object v = o.getValue(field);
    if (v == null) {
      return def;
    }
    if (!type.isInstance(v)) {
      throw Refusal.invalid(prefix + field, rule);
    }
    return type.cast(v);
  }

  /** {@code o} as compact JSON text when that is at most {@code maxBytes} bytes of UTF-8; else a 400 naming {@code field}. */
  static String boundedJson(String field, JsonObject o, int maxBytes) {
    String text = o.encode();
    int bytes = text.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxBytes) {
      throw Refusal.invalid(field, "must be at most " + maxBytes + " bytes serialized as JSON (got " + bytes + ")");
    }
    return text;
  }

  /** Puts {@code v} into {@code o} under {@code field} unless it is {@code null}. */
  static void putIfSet(JsonObject o, String field, Object v) {
    if (v != null) {
      o.put(field, v);
    }
  }

  /** {@code s} read by {@code parse} (an enum's {@code fromWire}); its refusal a 400 naming {@code field}. */
  public static <E> E parsed(String field, String s, Function<String, E> parse) {
    try {
      return parse.apply(s);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(field, e.getMessage() + " (got '" + s + "')");
    }
  }

  public static JsonArray array(JsonObject o, String field) {
    Object v = o.getValue(field);
    if (!(v instanceof JsonArray)) {
      throw Refusal.invalid(field, "must be a JSON array");
    }
    return (JsonArray) v;
  }

  /** An integer field, {@code def} when absent or null; {@code def == null} makes it required. */
  public static Long integer(JsonObject o, String prefix, String field, Long def, long min, long max) {
    Object v = o.getValue(field);
    if (v == null) {
      return def;
    }
    return integer(prefix + field, v, min, max);
  }

  /** An integer field a PUT may remove: absent keeps {@code existing}, {@code null} removes it. */
  static Long removableInteger(JsonObject o, String field, Long existing, long min, long max) {
    return o.containsKey(field) && o.getValue(field) == null ? null : integer(o, "", field, existing, min, max);
  }

  public static long integer(String field, Object v, long min, long max) {
    long n = wholeNumber(field, v);
    if (n < min || n > max) {
      throw Refusal.invalid(field, "must be between " + min + " and " + max + " (got " + n + ")");
    }
    return n;
  }

  public static long wholeNumber(String field, Object v) {
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (!(v instanceof Double || v instanceof Float || v instanceof BigDecimal || v instanceof BigInteger)) {
      throw Refusal.invalid(field, "must be a number");
    }
    double d = ((Number) v).doubleValue();
    if (v instanceof BigInteger || Double.isNaN(d) || Double.isInfinite(d) || Math.abs(d) > MAX_EXACT) {
      throw Refusal.invalid(field, "must be a whole number of at most " + MAX_EXACT + " in magnitude (got " + v + ")");
    }
    if (d != Math.rint(d)) {
      throw Refusal.invalid(field, "must be a whole number, without a fraction (got " + v + ")");
    }
    return (long) d;
  }
}
