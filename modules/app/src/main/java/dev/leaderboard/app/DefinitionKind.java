package dev.leaderboard.app;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * Boards and leagues, as definitions-as-code sees them: where the API keeps them, what their
 * definition holds (the fields {@code PUT} takes), and what the node's answer shows of it.
 */
enum DefinitionKind {
  BOARD("board", "boards", Board.DEFINITION_FIELDS),
  LEAGUE("league", "leagues", League.DEFINITION_FIELDS);

  /** The word for one, in what the commands print. */
  final String noun;
  /** The key of a definition file's section, of the list the node answers, and the path below {@code /v1/}. */
  final String plural;
  /** The fields a definition may give. */
  final Set<String> fields;

  DefinitionKind(String noun, String plural, Set<String> fields) {
    this.noun = noun;
    this.plural = plural;
    this.fields = fields;
  }

  /** The API path of the one named {@code name}. */
  String path(String name) {
    return "/v1/" + plural + "/" + name;
  }

  /**
   * The definition of what the node shows ({@code GET}): only the fields {@code PUT} takes, none
   * of the computed ones ({@code createdAt}, {@code limits}, ...); a board's {@code layout} is its
   * {@code limits.layout}, and a webhook is its {@code url} (its secret is never shown).
   */
  JsonObject definition(JsonObject shown) {
    JsonObject out = new JsonObject();
    shown.forEach(field -> {
      if (fields.contains(field.getKey()) && field.getValue() != null) {
        out.put(field.getKey(), field.getValue());
      }
    });
    JsonObject webhook = out.getJsonObject("webhook");
    if (webhook != null) {
      out.put("webhook", DefinitionValues.withoutSecret(webhook));
    }
    JsonObject limits = shown.getJsonObject("limits");
    if (this == BOARD && limits != null && limits.getString("layout") != null) {
      out.put("layout", limits.getString("layout"));
    }
    return out;
  }
}
