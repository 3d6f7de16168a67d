package dev.leaderboard.service.request;

import dev.leaderboard.core.EntryMeta;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Names;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * One score event {@code {userId, value, at?, eventId?, meta?, keys?}} with the rules that need no
 * board: known fields only, the user and event IDs, whole numbers, {@code at} in range, the metadata
 * object. The value's range, the period, the closing rule and the sort keys are the board's
 * ({@code EventParser}).
 */
@DataObject
public final class ScoreEvent {
  private static final Set<String> FIELDS = Set.of("userId", "value", "at", "eventId", "meta", "keys");
  private final Body body;
  private String userId;
  private Long value;
  private Long at;
  private String eventId;
  private String meta;

  public ScoreEvent(JsonObject json) {
    this(json, "body", "");
  }

  /** @param prefix how the request names this event's fields ({@code "events[3]."} in a batch) */
  ScoreEvent(Object json, String name, String prefix) {
    this.body = new Body(json, name, ev -> {
      Fields.onlyKnown(ev, prefix, FIELDS);
      userId = Names.id(prefix + "userId", Fields.string(ev, prefix, "userId", null));
      value = ev.getValue("value") == null ? null : Fields.wholeNumber(prefix + "value", ev.getValue("value"));
      at = Fields.integer(ev, prefix, "at", null, 0, Fields.MAX_EXACT);
      eventId = Fields.string(ev, prefix, "eventId", null);
      if (eventId != null) {
        Names.id(prefix + "eventId", eventId);
      }
      meta = EntryMeta.read(ev, prefix);
    });
  }

  /** Throws the refusal of a body that breaks a rule. */
  public ScoreEvent check() {
    Body.check(this, body, "body");
    return this;
  }

  public String userId() {
    return userId;
  }

  public Long value() {
    return value;
  }

  public Long at() {
    return at;
  }

  public String eventId() {
    return eventId;
  }

  /** JSON text, or {@code null}. */
  public String meta() {
    return meta;
  }

  /** The sort keys as sent (the board's keys decide what they must be), or {@code null}. */
  public Object keys() {
    return body.json.getValue("keys");
  }

  public JsonObject toJson() {
    return body.json;
  }
}
