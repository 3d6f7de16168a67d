package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
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

  /** Refuses a query parameter not in {@code allowed} (the route's, from openapi.yaml) or given twice. */
  static void check(RoutingContext ctx, List<String> allowed) {
    for (String name : ctx.queryParams().names()) {
      if (!allowed.contains(name)) {
        throw Refusal.invalid(name, "is not a query parameter of this route"
            + (allowed.isEmpty() ? " (it takes none)" : " (allowed: " + String.join(", ", allowed) + ")"));
      }
      if (ctx.queryParams().getAll(name).size() > 1) {
        throw Refusal.invalid(name, "must be given at most once");
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
    return whole(name, string(name));
  }

  /** A path parameter that is a whole number. */
  Long pathLong(String name) {
    return whole(name, ctx.pathParam(name));
  }

  private static Long whole(String name, String s) {
    if (s == null) {
      return null;
    }
    if (!INTEGER.matcher(s).matches()) {
      throw Refusal.invalid(name, "must be a whole number (got '" + shorten(s) + "')");
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
      default -> throw Refusal.invalid(name, "must be true or false (got '" + shorten(s) + "')");
    };
  }

  Integer intValue(String name) {
    Long v = longValue(name);
    if (v == null) {
      return null;
    }
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw Refusal.invalid(name, "is out of range (got " + v + ")");
    }
    return v.intValue();
  }

  /**
   * A 400 saying what is wrong with the body, or 415 {@code unsupported_media_type} when it is not
   * labelled JSON: browsers send other types from any page without a CORS preflight
   * ({@link CorsPolicy}).
   */
  static JsonObject body(RoutingContext ctx) {
    Buffer buffer = ctx.body().buffer();
    boolean empty = buffer == null || buffer.length() == 0;
    String contentType = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
    if (contentType != null || !empty) {
      // a form's fields are read off the body before this runs: its type decides, not what is left
      requireJson(contentType);
    }
    if (empty) {
      throw Refusal.INVALID_JSON.exception("the request body is empty; send a JSON object");
    }
    Object value = StrictJson.parse(buffer);
    if (!(value instanceof JsonObject)) {
      throw Refusal.INVALID_JSON.exception("the request body must be a JSON object");
    }
    return (JsonObject) value;
  }

  private static void requireJson(String contentType) {
    String[] parts = contentType == null ? new String[] {""} : contentType.split(";");
    boolean json = parts[0].strip().equalsIgnoreCase("application/json");
    for (int i = 1; i < parts.length && json; i++) {
      String[] param = parts[i].strip().split("=", 2);
      if (param[0].equalsIgnoreCase("charset")) {
        json = param.length == 2 && param[1].strip().replace("\"", "").equalsIgnoreCase("utf-8");
      }
    }
    if (!json) {
      throw Refusal.UNSUPPORTED_MEDIA_TYPE.exception(contentType == null ? "none" : "'" + shorten(contentType) + "'");
    }
  }

  private static String shorten(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

}
