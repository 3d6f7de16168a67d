package dev.leaderboard.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code java -jar leaderboard.jar migrate} is asked to do:
 * {@code migrate --from redis://a,redis://b --to redis://seed1,redis://seed2 [--dry-run]}.
 * Without {@code --from} / {@code --to} the lists come from {@code MIGRATE_FROM} / {@code MIGRATE_TO};
 * a password may be in each URI or, for the URIs without one, in {@code MIGRATE_FROM_PASSWORD} /
 * {@code MIGRATE_TO_PASSWORD}, so that it need not appear on a command line. URIs are checked with
 * {@link SecretUris#check} (an error never repeats one) and never printed with their password.
 *
 * @param from the standalone endpoints, in the nodes' order ({@code LB_REDIS_ENDPOINTS})
 * @param to seed nodes of the target cluster
 * @param fromPassword password for the {@code from} URIs that carry none, or null
 * @param toPassword password for the {@code to} URIs that carry none, or null
 * @param dryRun read and compare only, write nothing
 */
record MigrateOptions(List<String> from, List<String> to, String fromPassword, String toPassword, boolean dryRun) {
  static final String USAGE = "usage: migrate --from redis://host:port[,...] --to redis://seed:port[,...] [--dry-run]"
      + " (or MIGRATE_FROM, MIGRATE_TO; passwords in the URIs or in MIGRATE_FROM_PASSWORD, MIGRATE_TO_PASSWORD)";

  /** The options of {@code args} (after {@code migrate}) and {@code env}; an error says what is wrong, never a value. */
  static MigrateOptions parse(List<String> args, Map<String, String> env) {
    String from = env.get("MIGRATE_FROM");
    String to = env.get("MIGRATE_TO");
    boolean dryRun = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      switch (arg) {
        case "--dry-run" -> dryRun = true;
        case "--from", "--to" -> {
          if (i + 1 >= args.size()) {
            throw new IllegalArgumentException(arg + " needs a value");
          }
          if (arg.equals("--from")) {
            from = args.get(++i);
          } else {
            to = args.get(++i);
          }
        }
        default -> throw new IllegalArgumentException(
            (arg.startsWith("--") && !arg.contains("=") ? "unknown option " + arg : "unexpected argument " + (i + 1)));
      }
    }
    return new MigrateOptions(uris("--from (MIGRATE_FROM)", from), uris("--to (MIGRATE_TO)", to),
        blankToNull(env.get("MIGRATE_FROM_PASSWORD")), blankToNull(env.get("MIGRATE_TO_PASSWORD")), dryRun);
  }

  private static List<String> uris(String what, String list) {
    if (list == null || list.isBlank()) {
      throw new IllegalArgumentException(what + " is required");
    }
    List<String> out = new ArrayList<>();
    for (String uri : list.split(",")) {
      String trimmed = uri.strip();
      SecretUris.check(what + " entry " + (out.size() + 1), trimmed, Set.of("redis", "rediss"), true);
      out.add(trimmed);
    }
    return List.copyOf(out);
  }

  private static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
