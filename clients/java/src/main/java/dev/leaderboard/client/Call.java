package dev.leaderboard.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One request of an operation: its method, path (segments encoded), query parameters and body. */
final class Call {
  final String operation;
  final String method;
  final String path;
  private final List<String> query = new ArrayList<>();
  Object body;

  private Call(String operation, String method, String path) {
    this.operation = operation;
    this.method = method;
    this.path = path;
  }

  /**
   * @param template the path with {@code {}} for each of {@code segments}, in order, e.g.
   *     {@code /v1/boards/{}/users/{}}
   */
  static Call of(String operation, String method, String template, Object... segments) {
    StringBuilder path = new StringBuilder();
    int from = 0;
    for (Object segment : segments) {
      int at = template.indexOf("{}", from);
      if (segment == null) {
        throw new IllegalArgumentException(operation + ": a path segment is null");
      }
      path.append(template, from, at).append(encode(segment.toString(), false));
      from = at + 2;
    }
    return new Call(operation, method, path.append(template.substring(from)).toString());
  }

  /** Adds a query parameter, unless {@code value} is null (the node's default then). */
  Call param(String name, Object value) {
    if (value != null) {
      query.add(name + "=" + encode(value.toString(), true));
    }
    return this;
  }

  Call params(ReadOptions options) {
    return options == null ? this : options.addTo(this);
  }

  Call body(Object value) {
    this.body = value;
    return this;
  }

  String pathAndQuery() {
    return query.isEmpty() ? path : path + "?" + String.join("&", query);
  }

  /** Percent-encodes all but RFC 3986's unreserved characters (and, in a path, ':' and '@'). */
  static String encode(String s, boolean inQuery) {
    StringBuilder out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '-' || c == '.' || c == '_' || c == '~' || (!inQuery && (c == ':' || c == '@'))
          || (inQuery && c == ',');
      if (plain && !(c == '.' && !inQuery && (s.equals(".") || s.equals("..")))) {
        out.append(c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }
}
