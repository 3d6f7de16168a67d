package dev.leaderboard.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar leaderboard.jar export [FILE]}: writes a running node's boards and leagues as a
 * definition file ({@link DefinitionFile}; YAML, or JSON when FILE is named {@code .json}; standard
 * output without FILE), sorted by name, each with every field {@code PUT} takes as the node has it
 * (a webhook without its secret, which the node never shows), so that {@code apply} of the file
 * changes nothing. Tier boards are left out: their league makes them. Exit status as
 * {@code apply}'s: 0 done, 2 bad arguments, 4 failed.
 */
final class ExportCommand {
  private ExportCommand() {
  }

  /** Blocking; {@code args} are what follows {@code export}. */
  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    DefinitionOptions options;
    try {
      options = DefinitionOptions.export(args, env);
    } catch (IllegalArgumentException e) {
      err.println("export: " + e.getMessage());
      err.println(DefinitionOptions.EXPORT_USAGE);
      return ApplyCommand.USAGE;
    }
    try (NodeDefinitions node = new NodeDefinitions(options.url(), options.adminKey())) {
      Definitions current = node.current();
      String text = DefinitionFile.text(current, options.file());
      if (options.file() == null) {
        out.print(text);
      } else {
        Files.writeString(options.file(), text, StandardCharsets.UTF_8);
        err.println("export: " + current.boards().size() + " boards, " + current.leagues().size() + " leagues, in "
            + options.file());
      }
      return ApplyCommand.OK;
    } catch (IOException | RuntimeException e) {
      err.println("export: failed: " + e.getMessage());
      return ApplyCommand.FAILED;
    }
  }
}
