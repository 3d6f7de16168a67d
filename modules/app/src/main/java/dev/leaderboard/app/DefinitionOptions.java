package dev.leaderboard.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code apply FILE [--dry-run] [--delete] [--recreate]} or {@code export [FILE]} is asked to
 * do, on the node at {@code --url} (default {@value #DEFAULT_URL}) with the admin key in
 * {@code --key-file}, else in the node's own key file: {@code LB_ADMIN_KEY_FILE}, else
 * {@code LB_DATA_DIR/admin.key} (default {@code ./data/admin.key}).
 *
 * @param adminKey the admin key, read from its file (never printed: an error names the file only)
 * @param file the definition file ({@code null}: export to standard output)
 * @param dryRun apply: print the plan only
 * @param delete apply: delete the boards and leagues the file does not name
 * @param recreate apply: a change the node refuses as fixed deletes and creates again
 */
record DefinitionOptions(String url, String adminKey, Path file, boolean dryRun, boolean delete, boolean recreate) {
  static final String DEFAULT_URL = "http://127.0.0.1:8080";
  static final String APPLY_USAGE = "usage: apply FILE [--dry-run] [--delete] [--recreate] [--url URL] [--key-file FILE]"
      + " (FILE: YAML, or JSON when named .json; the admin key from --key-file, else LB_ADMIN_KEY_FILE, else"
      + " LB_DATA_DIR/admin.key)";
  static final String EXPORT_USAGE = "usage: export [FILE] [--url URL] [--key-file FILE] (YAML, or JSON when FILE is"
      + " named .json; standard output without FILE)";

  /** {@code apply}'s options; an error says what is wrong. */
  static DefinitionOptions apply(List<String> args, Map<String, String> env) {
    return parse(args, env, true);
  }

  /** {@code export}'s options. */
  static DefinitionOptions export(List<String> args, Map<String, String> env) {
    return parse(args, env, false);
  }

  /** Without the admin key. */
  @Override
  public String toString() {
    return "DefinitionOptions[url=" + url + ", file=" + file + ", dryRun=" + dryRun + ", delete=" + delete
        + ", recreate=" + recreate + "]";
  }

  private static String adminKey(Path keyFile) {
    try {
      String key = Files.readString(keyFile).strip();
      if (key.isEmpty()) {
        throw new IllegalArgumentException("the admin key file " + keyFile + " is empty");
      }
      return key;
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the admin key file " + keyFile + " (--key-file): "
          + e.getClass().getSimpleName());
    }
  }

  private static DefinitionOptions parse(List<String> args, Map<String, String> env, boolean apply) {
    String url = DEFAULT_URL;
    Path keyFile = null;
    Path file = null;
    boolean dryRun = false;
    boolean delete = false;
    boolean recreate = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      switch (arg) {
        case "--url" -> url = value(args, i++);
        case "--key-file" -> keyFile = Path.of(value(args, i++));
        case "--dry-run", "--delete", "--recreate" -> {
          if (!apply) {
            throw new IllegalArgumentException("unknown option " + arg);
          }
          dryRun |= arg.equals("--dry-run");
          delete |= arg.equals("--delete");
          recreate |= arg.equals("--recreate");
        }
        default -> {
          if (arg.startsWith("--")) {
            throw new IllegalArgumentException("unknown option " + arg);
          }
          if (file != null) {
            throw new IllegalArgumentException("one file only (got " + file + " and " + arg + ")");
          }
          file = Path.of(arg);
        }
      }
    }
    if (apply && file == null) {
      throw new IllegalArgumentException("the definition file is required");
    }
    if (!url.startsWith("http://") && !url.startsWith("https://")) {
      throw new IllegalArgumentException("--url is an http:// or https:// URL (got " + url + ")");
    }
    if (keyFile == null) {
      keyFile = AdminKeyFile.path(AppConfig.fromEnv(env));
    }
    return new DefinitionOptions(url, adminKey(keyFile), file, dryRun, delete, recreate);
  }

  private static String value(List<String> args, int i) {
    if (i + 1 >= args.size() || args.get(i + 1).isBlank()) {
      throw new IllegalArgumentException(args.get(i) + " needs a value");
    }
    return args.get(i + 1);
  }
}
