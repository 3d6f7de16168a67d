package dev.leaderboard.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code java -jar leaderboard.jar backup --to DIR} or {@code restore --from DIR [--replace]}
 * is asked to do, on the data directory of the node's own settings ({@code LB_DATA_DIR}; the
 * commands read the same {@code LB_*} variables as a node).
 *
 * @param backup the backup's directory ({@code --to} or {@code --from})
 * @param replace restore only: a data directory that holds data is moved aside, not refused
 * @param config the node's settings: its data directory, and whether its servers are embedded
 */
record BackupOptions(Path backup, boolean replace, AppConfig config) {
  static final String BACKUP_USAGE = "usage: backup --to DIR (the node's data directory is LB_DATA_DIR, default ./data)";
  static final String RESTORE_USAGE = "usage: restore --from DIR [--replace] (into LB_DATA_DIR, default ./data;"
      + " --replace moves a data directory that holds data aside instead of refusing)";

  /** {@code backup}'s options; an error says what is wrong. */
  static BackupOptions backup(List<String> args, Map<String, String> env) {
    return parse(args, env, "--to", false);
  }

  /** {@code restore}'s options. */
  static BackupOptions restore(List<String> args, Map<String, String> env) {
    return parse(args, env, "--from", true);
  }

  private static BackupOptions parse(List<String> args, Map<String, String> env, String dirFlag, boolean restore) {
    Path dir = null;
    boolean replace = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals(dirFlag)) {
        if (i + 1 >= args.size() || args.get(i + 1).isBlank()) {
          throw new IllegalArgumentException(arg + " needs a directory");
        }
        dir = Path.of(args.get(++i)).toAbsolutePath().normalize();
      } else if (restore && arg.equals("--replace")) {
        replace = true;
      } else {
        throw new IllegalArgumentException(arg.startsWith("--") ? "unknown option " + arg : "unexpected argument " + (i + 1));
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException(dirFlag + " is required");
    }
    return new BackupOptions(dir, replace, AppConfig.fromEnv(env));
  }

  /**
   * Why the commands cannot serve this node, or null: they copy the embedded servers of a data
   * directory; external Redis and PostgreSQL are backed up with their own tools (docs/operations.md,
   * "Backups and restore").
   */
  String external() {
    if (!config.redisEndpoints().isEmpty()) {
      return "LB_REDIS_ENDPOINTS is set: back up external Redis with its own tools"
          + " (docs/operations.md, \"Backups and restore\")";
    }
    if (config.pgUri() != null) {
      return "LB_PG_URI is set: back up external PostgreSQL with pg_dump"
          + " (docs/operations.md, \"Backups and restore\")";
    }
    return null;
  }
}
