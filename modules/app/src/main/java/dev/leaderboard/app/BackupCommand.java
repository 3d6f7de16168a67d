package dev.leaderboard.app;

import dev.leaderboard.embedded.LocalServers;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code java -jar leaderboard.jar backup --to DIR}: a backup of the embedded servers of the node's
 * data directory, taken while the node runs (or, when none runs there, from servers started for it):
 * each shard's RDB ({@code BGSAVE}: the shard at one instant, taken as it goes on serving), the
 * archive's tables ({@link ArchiveCopy}: one transaction), and the node's admin key file; then
 * {@link BackupManifest}. The shards are saved one after another, shard 0 (board definitions,
 * periods and their states, API keys: the {@code {meta}} keys) after the others and PostgreSQL last,
 * so whatever a saved partition refers to is in the backup (see docs/design.md, "Backups").
 * Exit status: 0 done, 2 bad arguments, 3 refused (nothing written), 4 failed (what was written is
 * removed).
 */
final class BackupCommand {
  static final int OK = 0;
  static final int USAGE = 2;
  static final int REFUSED = 3;
  static final int FAILED = 4;
  /** How long one shard's save may take. */
  static final Duration SAVE_TIMEOUT = Duration.ofHours(1);

  private BackupCommand() {
  }

  /** Blocking; {@code args} are what follows {@code backup}. */
  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    BackupOptions options;
    try {
      options = BackupOptions.backup(args, env);
    } catch (IllegalArgumentException e) {
      err.println("backup: " + e.getMessage());
      err.println(BackupOptions.BACKUP_USAGE);
      return USAGE;
    }
    Path to = options.backup();
    String refusal = options.external() != null ? options.external() : nonEmpty(to);
    if (refusal != null) {
      err.println("backup: refused, nothing written: " + refusal);
      return REFUSED;
    }
    boolean created = !Files.exists(to);
    try {
      Files.createDirectories(to);
      // the backup holds every score and the admin key: its owner's alone, like the data directory
      Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwx------"));
      take(options.config().dataDir(), to, out);
      out.println("backup: done, in " + to);
      return OK;
    } catch (Exception e) {
      err.println("backup: failed: " + e.getMessage());
      clear(to, created);
      return FAILED;
    }
  }

  private static void take(Path dataDir, Path to, PrintStream out) throws Exception {
    try (LocalServers servers = LocalServers.open(dataDir)) {
      out.println("backup: " + dataDir + (servers.startedHere() ? ": no node runs there, its servers started for"
          + " the backup" : ": the running node's servers") + ", " + servers.shards() + " shards");
      JsonArray shards = new JsonArray();
      JsonArray order = new JsonArray();
      for (int i = 0; i < servers.shards(); i++) {
        shards.add("redis-" + i + ".rdb");
      }
      // shard 0 holds the {meta} keys: saved after the partitions that refer to them
      for (int i = servers.shards() - 1; i >= 0; i--) {
        Path rdb = to.resolve(shards.getString(i));
        servers.snapshot(i, rdb, SAVE_TIMEOUT);
        order.add(i);
        out.println("backup: redis-" + i + ": " + Files.size(rdb) + " bytes");
      }
      JsonObject archive = ArchiveCopy.export(servers.postgresJdbcUrl(), to.resolve("archive"));
      for (Object table : archive.getJsonArray("tables")) {
        out.println("backup: archive table " + ((JsonObject) table).getString("name") + ": "
            + ((JsonObject) table).getLong("rows") + " rows");
      }
      JsonObject manifest = new JsonObject().put("format", BackupManifest.FORMAT)
          .put("createdAt", Instant.now().toString()).put("shards", shards).put("snapshotOrder", order)
          .put("archive", archive);
      Path adminKey = dataDir.resolve(AdminKeyFile.FILE_NAME);
      if (Files.isRegularFile(adminKey)) {
        Files.copy(adminKey, to.resolve(AdminKeyFile.FILE_NAME), StandardCopyOption.COPY_ATTRIBUTES);
        manifest.put("adminKey", AdminKeyFile.FILE_NAME);
      }
      BackupManifest.write(to, manifest);
    }
  }

  /** Why {@code dir} cannot take a backup, or null. */
  private static String nonEmpty(Path dir) {
    if (!Files.exists(dir)) {
      return null;
    }
    if (!Files.isDirectory(dir)) {
      return dir + " is not a directory";
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isPresent() ? dir + " is not empty: back up into a new directory" : null;
    } catch (IOException e) {
      return "cannot read " + dir + ": " + e.getMessage();
    }
  }

  /** Removes what a failed backup wrote (the directory too, when it made it). */
  static void clear(Path dir, boolean withDir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        if (withDir || !path.equals(dir)) {
          Files.deleteIfExists(path);
        }
      }
    } catch (IOException e) {
      // the manifest is written last, so what stays is no backup a restore takes
    }
  }
}
