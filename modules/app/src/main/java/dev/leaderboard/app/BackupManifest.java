package dev.leaderboard.app;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A backup directory's {@code manifest.json}: what the backup holds, each file with its size and
 * SHA-256. It is written last, so a directory without it is a backup that did not finish, and
 * {@link #read} refuses a file that is missing or changed before anything is restored.
 *
 * <pre>{"format": 1, "createdAt": "...", "shards": ["redis-0.rdb", ...], "snapshotOrder": [3, 2, 1, 0],
 *  "archive": {"schemaVersion": 5, "tables": [{"name", "columns", "rows", "file"}]},
 *  "adminKey": "admin.key" (when the data directory had one), "files": {"redis-0.rdb": {"bytes", "sha256"}, ...}}</pre>
 */
final class BackupManifest {
  static final String FILE = "manifest.json";
  static final int FORMAT = 1;

  private BackupManifest() {
  }

  /** Adds every file's size and digest to {@code manifest} and writes it into {@code dir}, whole or not at all. */
  static void write(Path dir, JsonObject manifest) throws IOException {
    JsonObject files = new JsonObject();
    for (String name : files(manifest)) {
      Path file = dir.resolve(name);
      files.put(name, new JsonObject().put("bytes", Files.size(file)).put("sha256", sha256(file)));
    }
    manifest.put("files", files);
    Path tmp = dir.resolve(FILE + ".tmp");
    Files.writeString(tmp, manifest.encodePrettily(), StandardCharsets.UTF_8);
    Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
  }

  /** The manifest of the backup in {@code dir}, every file it names checked against its digest. */
  static JsonObject read(Path dir) throws IOException {
    JsonObject manifest;
    try {
      manifest = new JsonObject(Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IOException(dir + " holds no " + FILE + ": not a backup, or one that did not finish");
    } catch (DecodeException e) {
      throw new IOException(dir.resolve(FILE) + " is not JSON: " + e.getMessage());
    }
    if (!Integer.valueOf(FORMAT).equals(manifest.getInteger("format"))) {
      throw new IOException(dir.resolve(FILE) + " has format " + manifest.getValue("format") + ", this build reads " + FORMAT);
    }
    JsonObject digests = manifest.getJsonObject("files", new JsonObject());
    for (String name : files(manifest)) {
      Path file = dir.resolve(name).normalize();
      JsonObject expected = digests.getJsonObject(name);
      if (!file.startsWith(dir) || expected == null || !Files.isRegularFile(file)) {
        throw new IOException("the backup's file " + name + " is missing");
      }
      if (!expected.getString("sha256", "").equals(sha256(file))) {
        throw new IOException("the backup's file " + name + " is not what was written (its SHA-256 differs)");
      }
    }
    return manifest;
  }

  /** Every file the manifest names, relative to its directory. */
  static List<String> files(JsonObject manifest) {
    List<String> out = new ArrayList<>();
    manifest.getJsonArray("shards", new JsonArray()).forEach(name -> out.add((String) name));
    JsonObject archive = manifest.getJsonObject("archive", new JsonObject());
    archive.getJsonArray("tables", new JsonArray()).forEach(t -> out.add(((JsonObject) t).getString("file")));
    if (manifest.getString("adminKey") != null) {
      out.add(manifest.getString("adminKey"));
    }
    return out;
  }

  static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
