package dev.leaderboard.service.request;

import dev.leaderboard.core.Competition;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code {userId, attributes?}}: who joins, and their join attributes, a flat object of at most
 * {@link #MAX_ATTRIBUTES} short strings (a board's {@code cohortBy} names one of them).
 */
@DataObject
public final class JoinRequest {
  public static final int MAX_ATTRIBUTES = 16;
  public static final int MAX_VALUE_LENGTH = 64;
  private final Body body;
  private String userId;
  private final Map<String, String> attributes = new TreeMap<>();

  public JoinRequest(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("userId", "attributes"));
      Object id = b.getValue("userId");
      userId = Names.id("userId", id instanceof String s ? s : null);
      Object given = b.getValue("attributes");
      if (given == null) {
        return;
      }
      if (!(given instanceof JsonObject attrs) || attrs.size() > MAX_ATTRIBUTES) {
        throw Refusal.invalid("attributes", "must be an object of at most " + MAX_ATTRIBUTES
            + " attributes, each a string of at most " + MAX_VALUE_LENGTH + " characters");
      }
      for (String name : attrs.fieldNames()) {
        if (!Competition.ATTRIBUTE_NAME.matcher(name).matches()) {
          throw Refusal.invalid("attributes." + name, "is not an attribute name: 1 to 32 letters, "
              + "digits, '_' or '-'");
        }
        if (!(attrs.getValue(name) instanceof String v) || v.length() > MAX_VALUE_LENGTH) {
          throw Refusal.invalid("attributes." + name, "must be a string of at most " + MAX_VALUE_LENGTH
              + " characters");
        }
        attributes.put(name, v);
      }
    });
  }

  /** Throws the body's refusal, if any. */
  public JoinRequest check() {
    Body.check(this, body, "body");
    return this;
  }

  public String userId() {
    return userId;
  }

  /** The attribute's value, or {@code ""} when the request has none. */
  public String attribute(String name) {
    return name == null ? "" : attributes.getOrDefault(name, "");
  }

  public JsonObject toJson() {
    return body.json;
  }
}
