package dev.leaderboard.app;

import io.vertx.core.json.JsonObject;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What applying a definition file to a node does, one step per board and league, in the order
 * they are carried out: deletions (leagues first: their tier boards go with them), then boards,
 * then leagues. A definition in the file is compared with the node's field by field, only in the
 * fields the file gives ({@link DefinitionValues#same}): what the file leaves out stays as the node
 * has it. A board or league the node has and the file has not is deleted only when asked.
 *
 * @param steps every board and league of the file and of the node
 * @param recreate a change the node refuses as fixed deletes and creates again
 */
record DefinitionPlan(List<Step> steps, boolean recreate) {
  enum Action { CREATE, CHANGE, UNCHANGED, DELETE, KEEP }

  /** One field the file gives otherwise than the node has it. */
  record FieldChange(String field, Object was, Object now) {
  }

  /**
   * @param definition what is sent: the whole definition on creation, the changed fields on a change
   * @param whole the file's whole definition (for a creation again, with {@code --recreate})
   */
  record Step(DefinitionKind kind, String name, Action action, List<FieldChange> changes, JsonObject definition,
      JsonObject whole) {
  }

  static DefinitionPlan of(Definitions file, Definitions node, boolean delete, boolean recreate) {
    List<Step> steps = new ArrayList<>();
    for (DefinitionKind kind : List.of(DefinitionKind.LEAGUE, DefinitionKind.BOARD)) {
      for (String name : node.of(kind).keySet()) {
        if (!file.of(kind).containsKey(name)) {
          steps.add(new Step(kind, name, delete ? Action.DELETE : Action.KEEP, List.of(), null, null));
        }
      }
    }
    for (DefinitionKind kind : List.of(DefinitionKind.BOARD, DefinitionKind.LEAGUE)) {
      for (Map.Entry<String, JsonObject> e : file.of(kind).entrySet()) {
        steps.add(step(kind, e.getKey(), e.getValue(), node.of(kind).get(e.getKey())));
      }
    }
    return new DefinitionPlan(List.copyOf(steps), recreate);
  }

  private static Step step(DefinitionKind kind, String name, JsonObject wanted, JsonObject has) {
    if (has == null) {
      return new Step(kind, name, Action.CREATE, List.of(), wanted, wanted);
    }
    List<FieldChange> changes = new ArrayList<>();
    JsonObject changed = new JsonObject();
    for (String field : wanted.fieldNames()) {
      Object now = wanted.getValue(field);
      Object compared = DefinitionValues.comparable(field, now);
      if (!DefinitionValues.same(compared, has.getValue(field))) {
        changes.add(new FieldChange(field, has.getValue(field), compared));
        changed.put(field, now);
      }
    }
    return changes.isEmpty() ? new Step(kind, name, Action.UNCHANGED, List.of(), null, wanted)
        : new Step(kind, name, Action.CHANGE, List.copyOf(changes), changed, wanted);
  }

  /** Whether applying changes anything on the node. */
  boolean changes() {
    return steps.stream().anyMatch(s -> s.action() == Action.CREATE || s.action() == Action.CHANGE
        || s.action() == Action.DELETE);
  }

  long count(Action action) {
    return steps.stream().filter(s -> s.action() == action).count();
  }

  /** The plan as {@code apply} prints it before it applies it (a webhook's secret never shown). */
  void print(PrintStream out) {
    for (Step s : steps) {
      String what = s.kind().noun + " " + s.name() + ": ";
      switch (s.action()) {
        case CREATE -> {
          out.println(what + "create");
          s.definition().forEach(f -> out.println("    " + f.getKey() + ": "
              + DefinitionValues.show(DefinitionValues.comparable(f.getKey(), f.getValue()))));
        }
        case CHANGE -> {
          out.println(what + "change");
          s.changes().forEach(c -> out.println("    " + c.field() + ": " + DefinitionValues.show(c.was()) + " -> "
              + DefinitionValues.show(c.now())));
        }
        case DELETE -> out.println(what + "delete, with " + destroyed(s.kind()));
        case KEEP -> out.println(what + "not in the file, kept (apply --delete deletes it, with " + destroyed(s.kind())
            + ")");
        case UNCHANGED -> {
        }
      }
    }
    if (recreate && count(Action.CHANGE) > 0) {
      out.println("--recreate: a change the node refuses (a field fixed once it exists) deletes the board or league,"
          + " with its scores, and creates it again from the file");
    }
    out.println(changes() ? "plan: " + count(Action.CREATE) + " to create, " + count(Action.CHANGE) + " to change, "
        + count(Action.DELETE) + " to delete, " + count(Action.UNCHANGED) + " unchanged"
        + (count(Action.KEEP) > 0 ? ", " + count(Action.KEEP) + " kept" : "")
        : "no changes (" + count(Action.UNCHANGED) + " unchanged" + (count(Action.KEEP) > 0 ? ", "
        + count(Action.KEEP) + " not in the file, kept" : "") + ")");
  }

  /** What deleting one destroys. */
  static String destroyed(DefinitionKind kind) {
    return kind == DefinitionKind.BOARD ? "all its scores and archived periods"
        : "its members and its tier boards with all their scores";
  }
}
