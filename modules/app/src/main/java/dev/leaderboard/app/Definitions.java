package dev.leaderboard.app;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Board and league definitions by name, each the body {@code PUT /v1/boards/{board}} or
 * {@code PUT /v1/leagues/{league}} takes: what a definition file holds ({@code {boards: {name:
 * definition}, leagues: {name: definition}}}), or what a node has.
 */
record Definitions(SortedMap<String, JsonObject> boards, SortedMap<String, JsonObject> leagues) {
  Definitions {
    boards = Collections.unmodifiableSortedMap(new TreeMap<>(boards));
    leagues = Collections.unmodifiableSortedMap(new TreeMap<>(leagues));
  }

  SortedMap<String, JsonObject> of(DefinitionKind kind) {
    return kind == DefinitionKind.BOARD ? boards : leagues;
  }

  /**
   * The definitions of a parsed file ({@link DefinitionFile}); an {@link IllegalArgumentException}
   * names what is wrong: another top-level key, a name the API does not take, a field the
   * definition has not.
   */
  static Definitions fromFile(Object file) {
    if (!(file instanceof Map<?, ?> top)) {
      throw new IllegalArgumentException("a definition file is a map with 'boards' and 'leagues'"
          + (file == null ? " (the file is empty)" : ""));
    }
    for (Object key : top.keySet()) {
      if (!DefinitionKind.BOARD.plural.equals(key) && !DefinitionKind.LEAGUE.plural.equals(key)) {
        throw new IllegalArgumentException("'" + key + "': a definition file holds only 'boards' and 'leagues'");
      }
    }
    return new Definitions(section(DefinitionKind.BOARD, top.get("boards")),
        section(DefinitionKind.LEAGUE, top.get("leagues")));
  }

  private static SortedMap<String, JsonObject> section(DefinitionKind kind, Object value) {
    SortedMap<String, JsonObject> out = new TreeMap<>();
    if (value == null) {
      return out;
    }
    if (!(value instanceof Map<?, ?> named)) {
      throw new IllegalArgumentException(kind.plural + ": a map of " + kind.noun + " names to definitions");
    }
    for (Map.Entry<?, ?> e : named.entrySet()) {
      String name = String.valueOf(e.getKey());
      String where = kind.plural + "." + name;
      try {
        Names.board(where, name);
      } catch (LeaderboardException bad) {
        throw new IllegalArgumentException(where + ": a " + kind.noun + " name " + Names.BOARD_RULE);
      }
      out.put(name, definition(kind, where, e.getValue()));
    }
    return out;
  }

  private static JsonObject definition(DefinitionKind kind, String where, Object value) {
    if (value == null) {
      return new JsonObject();
    }
    if (!(value instanceof Map<?, ?> fields)) {
      throw new IllegalArgumentException(where + ": a definition is a map of fields");
    }
    Map<String, Object> definition = new LinkedHashMap<>();
    for (Map.Entry<?, ?> field : fields.entrySet()) {
      if (!kind.fields.contains(String.valueOf(field.getKey()))) {
        throw new IllegalArgumentException(where + "." + field.getKey() + ": not a field of a " + kind.noun
            + "'s definition (" + String.join(", ", new TreeSet<>(kind.fields)) + ")");
      }
      definition.put(String.valueOf(field.getKey()), field.getValue());
    }
    return new JsonObject(definition);
  }

  /** The file's content: {@code boards}, then {@code leagues}, each sorted by name. */
  Map<String, Object> toFile() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(DefinitionKind.BOARD.plural, new TreeMap<>(boards));
    out.put(DefinitionKind.LEAGUE.plural, new TreeMap<>(leagues));
    return out;
  }
}
