package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A batch {@code {events: [...]}} of at most {@link Limits#MAX_BATCH} events. Each event is read on
 * its own ({@link ScoreEvent}, fields named {@code events[i].…}): one that breaks a rule is refused
 * alone, the others stand.
 */
@DataObject
public final class ScoreBatch {
  private final Body body;
  private final List<ScoreEvent> events = new ArrayList<>();

  public ScoreBatch(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("events"));
      JsonArray all = Fields.array(b, "events");
      if (all.size() > Limits.MAX_BATCH) {
        throw Refusal.invalid("events", "must hold at most " + Limits.MAX_BATCH + " events (got "
            + all.size() + ")");
      }
      for (int i = 0; i < all.size(); i++) {
        events.add(new ScoreEvent(all.getValue(i), "events[" + i + "]", "events[" + i + "]."));
      }
    });
  }

  /** Throws the refusal of a body that breaks a rule (its events are judged one by one). */
  public ScoreBatch check() {
    Body.check(this, body, "body");
    return this;
  }

  /** The events in batch order; {@link ScoreEvent#check} says whether each passes the rules. */
  public List<ScoreEvent> events() {
    return events;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
