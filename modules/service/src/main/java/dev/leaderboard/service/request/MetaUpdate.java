package dev.leaderboard.service.request;

import dev.leaderboard.core.EntryMeta;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** {@code {meta: {...}}}: the metadata that replaces an entry's, a JSON object of at most 1 KiB. */
@DataObject
public final class MetaUpdate {
  private final Body body;
  private String meta;

  public MetaUpdate(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("meta"));
      meta = EntryMeta.read(b, "");
      if (meta == null) {
        throw Refusal.invalid("meta", "is required: a JSON object");
      }
    });
  }

  /** The metadata as JSON text; a body that breaks a rule throws its refusal. */
  public String meta() {
    Body.check(this, body, "body");
    return meta;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
