package dev.leaderboard.app;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalServers;
import dev.leaderboard.embedded.RedisSnapshots;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code java -jar leaderboard.jar restore --from DIR [--replace]}: makes the node's data directory
 * ({@code LB_DATA_DIR}) hold the backup, as a directory a node starts from as it does any other. The
 * node must be stopped: the data directory is built beside it ({@code <dir>.restoring}) and moved into
 * place whole once every shard has started from its AOF with the backup's key count and the archive's
 * rows are in. A data directory that holds anything is refused unless {@code --replace}, which moves
 * it aside ({@code <dir>.replaced-<time>}), never deletes it; one in use by a node is always refused.
 * Exit status: 0 done, 2 bad arguments, 3 refused (nothing changed), 4 failed (nothing changed).
 */
final class RestoreCommand {
  static final int OK = 0;
  static final int USAGE = 2;
  static final int REFUSED = 3;
  static final int FAILED = 4;
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private RestoreCommand() {
  }

  /** Blocking; {@code args} are what follows {@code restore}. */
  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    BackupOptions options;
    try {
      options = BackupOptions.restore(args, env);
    } catch (IllegalArgumentException e) {
      err.println("restore: " + e.getMessage());
      err.println(BackupOptions.RESTORE_USAGE);
      return USAGE;
    }
    Path dataDir = options.config().dataDir();
    JsonObject manifest;
    String refusal;
    try {
      manifest = BackupManifest.read(options.backup());
      refusal = options.external() != null ? options.external() : refusal(options, manifest);
    } catch (IOException e) {
      manifest = null;
      refusal = e.getMessage();
    }
    if (refusal != null) {
      err.println("restore: refused, nothing changed: " + refusal);
      return REFUSED;
    }
    Path staging = dataDir.resolveSibling(dataDir.getFileName() + ".restoring");
    try {
      BackupCommand.clear(staging, true);
      Files.createDirectories(staging);
      Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwx------"));
      build(options.backup(), manifest, staging, out);
      moveIntoPlace(staging, dataDir, out);
      out.println("restore: done: start the node with LB_DATA_DIR=" + dataDir + " and LB_LOCAL_SHARDS="
          + manifest.getJsonArray("shards").size());
      return OK;
    } catch (Exception e) {
      err.println("restore: failed, " + dataDir + " unchanged: " + e.getMessage());
      BackupCommand.clear(staging, true);
      return FAILED;
    }
  }

  /** Why the backup cannot go into the data directory, or null. */
  private static String refusal(BackupOptions options, JsonObject manifest) throws IOException {
    Path dataDir = options.config().dataDir();
    int shards = manifest.getJsonArray("shards").size();
    if (options.config().localShards() != shards) {
      return "the backup holds " + shards + " shards and LB_LOCAL_SHARDS is " + options.config().localShards()
          + ": a node must run as many shards as the backup holds (partition p lives on shard p mod shards)";
    }
    if (!Files.exists(dataDir)) {
      return null;
    }
    if (LocalServers.inUse(dataDir)) {
      return dataDir + " is in use by a running node: stop it first";
    }
    try (Stream<Path> entries = Files.list(dataDir)) {
      if (entries.findAny().isPresent() && !options.replace()) {
        return dataDir + " holds data: restore into a new LB_DATA_DIR, or add --replace to move it aside";
      }
    }
    return null;
  }

  /** The shards' AOFs, the archive and the admin key file in {@code staging}. */
  private static void build(Path from, JsonObject manifest, Path staging, PrintStream out) throws Exception {
    List<Path> rdbs = new ArrayList<>();
    manifest.getJsonArray("shards").forEach(name -> rdbs.add(from.resolve((String) name)));
    List<Long> keys = RedisSnapshots.restore(staging, rdbs, BackupCommand.SAVE_TIMEOUT);
    for (int i = 0; i < keys.size(); i++) {
      out.println("restore: redis-" + i + ": " + keys.get(i) + " keys");
    }
    JsonObject archive = manifest.getJsonObject("archive");
    int version = archive.getInteger("schemaVersion");
    try (LocalPostgres postgres = LocalPostgres.start(staging)) {
      // the backup's rows go into the schema they were written in; the migrations after it move them on
      migrate(postgres, version);
      ArchiveCopy.load(postgres.jdbcUrl(), archive, from);
      migrate(postgres, ArchiveStore.schemaVersion());
    }
    out.println("restore: archive: " + manifest.getJsonObject("archive").getJsonArray("tables").size() + " tables");
    String adminKey = manifest.getString("adminKey");
    if (adminKey != null) {
      Path key = staging.resolve(AdminKeyFile.FILE_NAME);
      Files.copy(from.resolve(adminKey), key);
      Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    }
  }

  private static void migrate(LocalPostgres postgres, int upTo) {
    Vertx vertx = Vertx.vertx();
    try {
      ArchiveStore schema = ArchiveStore.connect(vertx, postgres.uri());
      schema.migrate(upTo).await();
      schema.close();
    } finally {
      vertx.close().await();
    }
  }

  /** The data directory, if any, moved aside (or removed when empty); the restored one renamed into place. */
  private static void moveIntoPlace(Path staging, Path dataDir, PrintStream out) throws IOException {
    if (Files.exists(dataDir)) {
      boolean empty;
      try (Stream<Path> entries = Files.list(dataDir)) {
        empty = entries.findAny().isEmpty();
      }
      if (empty) {
        Files.delete(dataDir);
      } else {
        Path aside = dataDir.resolveSibling(dataDir.getFileName() + ".replaced-" + STAMP.format(Instant.now()));
        Files.move(dataDir, aside, StandardCopyOption.ATOMIC_MOVE);
        out.println("restore: the data directory that was there is now " + aside);
      }
    }
    Files.move(staging, dataDir, StandardCopyOption.ATOMIC_MOVE);
  }
}
