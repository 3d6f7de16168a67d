package dev.leaderboard.app;

import dev.leaderboard.app.DefinitionPlan.Step;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar leaderboard.jar apply FILE}: brings a running node's boards and leagues to a
 * definition file's ({@link DefinitionFile}): prints the plan ({@link DefinitionPlan}), then, unless
 * {@code --dry-run}, creates and changes them over the HTTP API ({@link NodeDefinitions}). Applying
 * the same file again changes nothing. A board or league the file does not name is listed and kept,
 * unless {@code --delete}. A change the node refuses (a field fixed once the board or league
 * exists: 409 {@code board_conflict}, {@code league_conflict}) leaves that one as it was, unless
 * {@code --recreate}, which deletes it with its scores and creates it again from the file.
 * Exit status: 0 done (or planned, with {@code --dry-run}), 2 bad arguments or file (nothing
 * changed), 3 some change refused by the node (the others made; the plan and the refusals say
 * which), 4 failed on the way (what was done stays; run it again).
 */
final class ApplyCommand {
  static final int OK = 0;
  static final int USAGE = 2;
  static final int REFUSED = 3;
  static final int FAILED = 4;

  private ApplyCommand() {
  }

  /** Blocking; {@code args} are what follows {@code apply}. */
  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    DefinitionOptions options;
    Definitions file;
    try {
      options = DefinitionOptions.apply(args, env);
      file = DefinitionFile.read(options.file());
    } catch (IllegalArgumentException e) {
      err.println("apply: " + e.getMessage());
      err.println(DefinitionOptions.APPLY_USAGE);
      return USAGE;
    }
    try (NodeDefinitions node = new NodeDefinitions(options.url(), options.adminKey())) {
      DefinitionPlan plan = DefinitionPlan.of(file, node.current(), options.delete(), options.recreate());
      plan.print(out);
      if (options.dryRun() || !plan.changes()) {
        return OK;
      }
      int refused = 0;
      for (Step step : plan.steps()) {
        refused += carryOut(node, step, options.recreate(), out, err) ? 0 : 1;
      }
      out.println(refused == 0 ? "apply: done" : "apply: done, " + refused + " refused by the node (left as they were)");
      return refused == 0 ? OK : REFUSED;
    } catch (RuntimeException e) {
      err.println("apply: failed: " + e.getMessage() + " (what was done stays; apply the file again)");
      return FAILED;
    }
  }

  /** Carries out one step; false when the node refused it. */
  private static boolean carryOut(NodeDefinitions node, Step step, boolean recreate, PrintStream out, PrintStream err) {
    String what = step.kind().noun + " " + step.name() + ": ";
    try {
      String done = switch (step.action()) {
        case CREATE -> {
          node.put(step.kind(), step.name(), step.definition());
          yield "created";
        }
        case CHANGE -> change(node, step, recreate);
        case DELETE -> {
          node.delete(step.kind(), step.name());
          yield "deleted";
        }
        default -> null;
      };
      if (done != null) {
        out.println(what + done);
      }
      return true;
    } catch (NodeDefinitions.Refused e) {
      if (!e.byRequest()) {
        throw e;
      }
      err.println(what + "refused, left as it was: " + e.getMessage()
          + (e.fixed() ? " (apply --recreate deletes it, with " + DefinitionPlan.destroyed(step.kind())
          + ", and creates it again)" : ""));
      return false;
    }
  }

  /** Changes one, or deletes and creates it again when asked and the node refuses the change as fixed. */
  private static String change(NodeDefinitions node, Step step, boolean recreate) {
    try {
      node.put(step.kind(), step.name(), step.definition());
      return "changed";
    } catch (NodeDefinitions.Refused e) {
      if (!recreate || !e.fixed()) {
        throw e;
      }
    }
    node.delete(step.kind(), step.name());
    try {
      node.put(step.kind(), step.name(), step.whole());
    } catch (NodeDefinitions.Refused e) {
      throw new IllegalStateException(step.kind().noun + " " + step.name() + " was deleted (--recreate), but creating"
          + " it again was refused: " + e.getMessage(), e);
    }
    return "deleted, with " + DefinitionPlan.destroyed(step.kind()) + ", and created again (--recreate)";
  }
}
