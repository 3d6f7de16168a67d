package dev.leaderboard.api.auth;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The body of {@code POST /v1/keys}, read strictly: every broken rule is a 400 naming the field.
 *
 * @param boards empty: every board
 * @param expiresAt {@code null}: never
 */
public record KeyRequest(String name, Set<Scope> scopes, Set<String> boards, Long expiresAt) {
  /** Most boards one key may be limited to. */
  public static final int MAX_BOARDS = 100;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9 ._:@-]{1,64}");
  private static final Set<String> FIELDS = Set.of("name", "scopes", "boards", "expiresAt");

  /** @param nowMillis {@code expiresAt} must be later than this */
  public static KeyRequest parse(JsonObject body, long nowMillis) {
    Fields.onlyKnown(body, "", FIELDS);
    String name = Fields.string(body, "", "name", null);
    if (name == null || !NAME.matcher(name).matches() || name.isBlank()) {
      throw Refusal.invalid("name", "must be 1-64 characters of A-Z, a-z, 0-9, space, '.', '_', ':', '@' "
          + "and '-', not only spaces" + (name == null ? " (it is required)" : ""));
    }
    Set<Scope> scopes = EnumSet.noneOf(Scope.class);
    JsonArray scopeList = list(body, "scopes", true, Scope.values().length);
    for (int i = 0; i < scopeList.size(); i++) {
      String field = "scopes[" + i + "]";
      String s = text(scopeList.getValue(i), field);
      Scope scope;
      try {
        scope = Scope.fromWire(s);
      } catch (IllegalArgumentException e) {
        throw Refusal.invalid(field, e.getMessage() + " (got '" + shorten(s) + "')");
      }
      if (!scopes.add(scope)) {
        throw Refusal.invalid(field, "repeats '" + s + "'");
      }
    }
    Set<String> boards = new TreeSet<>();
    JsonArray boardList = list(body, "boards", false, MAX_BOARDS);
    for (int i = 0; i < boardList.size(); i++) {
      String field = "boards[" + i + "]";
      String board = Names.board(field, text(boardList.getValue(i), field));
      if (!boards.add(board)) {
        throw Refusal.invalid(field, "repeats '" + board + "'");
      }
    }
    Long expiresAt = Fields.integer(body, "", "expiresAt", null, 0, Fields.MAX_EXACT);
    if (expiresAt != null && expiresAt <= nowMillis) {
      throw Refusal.invalid("expiresAt", "must be later than now (" + nowMillis + " epoch ms; got "
          + expiresAt + ")");
    }
    return new KeyRequest(name, scopes, boards, expiresAt);
  }

  /** The array {@code field} with 1..max items; empty when it is absent and not required. */
  private static JsonArray list(JsonObject body, String field, boolean required, int max) {
    if (body.getValue(field) == null && !required) {
      return new JsonArray();
    }
    JsonArray list = body.getValue(field) == null ? null : Fields.array(body, field);
    if (list == null || list.isEmpty() || list.size() > max) {
      throw Refusal.invalid(field, "must be an array of 1 to " + max + " items"
          + (list == null ? " (it is required)" : " (got " + list.size() + ")"));
    }
    return list;
  }

  private static String text(Object value, String field) {
    if (!(value instanceof String s)) {
      throw Refusal.invalid(field, "must be a string");
    }
    return s;
  }

  private static String shorten(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }
}
