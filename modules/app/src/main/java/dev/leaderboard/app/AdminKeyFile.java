package dev.leaderboard.app;

import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.api.auth.KeyAdmin;
import dev.leaderboard.api.auth.KeyCache;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's admin key (every scope, every board, no expiry), so a fresh node can be used at all
 * without a well-known default key. Read from {@code LB_ADMIN_KEY_FILE} when set (e.g. a Kubernetes
 * Secret), else kept in an owner-only {@code LB_DATA_DIR/admin.key} made on first start; registered
 * unless Redis knows it. A revoked key is never registered again: the node's own file gets a new
 * key, a given file is left as it is. Only the path and the key's ID are logged.
 */
final class AdminKeyFile {
  static final String FILE_NAME = "admin.key";
  private static final Logger LOG = LoggerFactory.getLogger(AdminKeyFile.class);
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
  private static final String NAME = "node admin key";

  private final Vertx vertx;
  private final Path file;
  private final boolean given;
  private final KeyAdmin keys;
  private final SecureRandom random = new SecureRandom();

  /** The file holding the admin key of a node with {@code config}: {@code LB_ADMIN_KEY_FILE}, else {@code LB_DATA_DIR/admin.key}. */
  static Path path(AppConfig config) {
    return config.adminKeyFile() != null ? config.adminKeyFile() : config.dataDir().resolve(FILE_NAME);
  }

  private AdminKeyFile(Vertx vertx, AppConfig config, KeyCache cache) {
    this.vertx = vertx;
    this.given = config.adminKeyFile() != null;
    this.file = path(config);
    this.keys = new KeyAdmin(cache, random);
  }

  /** Makes sure the node's admin key is registered; answers the file that holds it. */
  static Future<Path> ensure(Vertx vertx, AppConfig config, KeyCache cache) {
    AdminKeyFile admin = new AdminKeyFile(vertx, config, cache);
    return vertx.executeBlocking(admin::read).compose(token -> token == null ? admin.create() : admin.register(token));
  }

  /** The key in the file; {@code null} when the node's own file does not exist yet. */
  private ApiKeyToken read() throws IOException {
    if (!Files.exists(file)) {
      if (given) {
        throw new IllegalStateException("LB_ADMIN_KEY_FILE " + file + " does not exist");
      }
      return null;
    }
    ApiKeyToken token = ApiKeyToken.parse(Files.readString(file, StandardCharsets.US_ASCII).strip());
    if (token == null) {
      throw new IllegalStateException(file + " does not hold an API key of the form " + ApiKeyToken.FORMAT
          + (given ? "" : "; delete it to have a new one made"));
    }
    if (!given && !Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
      LOG.warn("{} is readable by more than its owner ({}); chmod 600 it", file,
          PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }
    return token;
  }

  private Future<Path> register(ApiKeyToken token) {
    return keys.register(token, NAME).compose(outcome -> switch (outcome) {
      case PRESENT -> {
        LOG.info("admin key {}: {}", token.id(), file);
        yield Future.succeededFuture(file);
      }
      case REGISTERED -> {
        LOG.info("admin key {} from {} registered", token.id(), file);
        yield Future.succeededFuture(file);
      }
      case REVOKED -> {
        LOG.warn("the admin key {} in {} was revoked; {}", token.id(), file, given
            ? "it is not registered again: put a new key in the file (docs/security.md, \"The node's admin key\")"
            : "a new one replaces it");
        yield given ? Future.succeededFuture(file) : create();
      }
      case CONFLICT -> Future.failedFuture(new IllegalStateException("the key in " + file + " has the ID " + token.id()
          + " of another key; replace the file"));
    });
  }

  /** A new key, written to the node's own file first (so that a failed registration is retried on the next start). */
  private Future<Path> create() {
    ApiKeyToken token = ApiKeyToken.generate(random);
    return vertx.executeBlocking(() -> write(token)).compose(written -> keys.register(token, NAME)).compose(outcome -> {
      if (outcome != KeyAdmin.Registration.REGISTERED) {
        return Future.failedFuture(new IllegalStateException("the new admin key " + token.id() + " was not registered: "
            + outcome));
      }
      LOG.info("created admin key {} (every scope, every board) in {}, readable by this user only; send it as "
          + "'Authorization: Bearer $(cat {})'", token.id(), file, file);
      return Future.succeededFuture(file);
    });
  }

  private Path write(ApiKeyToken token) throws IOException {
    Files.createDirectories(file.getParent());
    Path temp = Files.createTempFile(file.getParent(), "." + FILE_NAME, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    try {
      Files.writeString(temp, token.value() + "\n", StandardCharsets.US_ASCII);
      return Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
