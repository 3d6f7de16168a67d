package dev.leaderboard.api;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.regex.Pattern;

/** Strict reading of query strings and bodies: unknown or repeated parameters are refused, not ignored. */
final class Params {
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,18}");
  private final RoutingContext ctx;

  private Params(RoutingContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Refuses a query parameter that is not one of {@code allowed} (the route's query parameters in
   * openapi.yaml, see {@link ContractRouter}) or that is given more than once.
   */
  static void check(RoutingContext ctx, List<String> allowed) {
    for (String name : ctx.queryParams().names()) {
      if (!allowed.contains(name)) {
        throw LeaderboardException.invalid(name, "is not a query parameter of this route"
            + (allowed.isEmpty() ? " (it takes none)" : " (allowed: " + String.join(", ", allowed) + ")"));
      }
      if (ctx.queryParams().getAll(name).size() > 1) {
        throw LeaderboardException.invalid(name, "must be given at most once");
      }
    }
  }

  /** The query string of a request whose parameter names the route has {@link #check checked}. */
  static Params of(RoutingContext ctx) {
    return new Params(ctx);
  }

  String string(String name) {
    return ctx.queryParams().get(name);
  }

  Long longValue(String name) {
    String s = string(name);
    if (s == null) {
      return null;
    }
    if (!INTEGER.matcher(s).matches()) {
      throw LeaderboardException.invalid(name, "must be a whole number (got '" + shorten(s) + "')");
    }
    return Long.parseLong(s);
  }

  Boolean boolValue(String name) {
    String s = string(name);
    if (s == null) {
      return null;
    }
    return switch (s) {
      case "true" -> true;
      case "false" -> false;
      default -> throw LeaderboardException.invalid(name, "must be true or false (got '" + shorten(s) + "')");
    };
  }

  Integer intValue(String name) {
    Long v = longValue(name);
    if (v == null) {
      return null;
    }
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw LeaderboardException.invalid(name, "is out of range (got " + v + ")");
    }
    return v.intValue();
  }

  /** The body as a JSON object ({@link StrictJson}), or a 400 saying what is wrong with it. */
  static JsonObject body(RoutingContext ctx) {
    Buffer buffer = ctx.body().buffer();
    if (buffer == null || buffer.length() == 0) {
      throw LeaderboardException.badRequest("invalid_json", "the request body is empty; send a JSON object");
    }
    Object value = StrictJson.parse(buffer);
    if (!(value instanceof JsonObject)) {
      throw LeaderboardException.badRequest("invalid_json", "the request body must be a JSON object");
    }
    return (JsonObject) value;
  }

  private static String shorten(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

}
