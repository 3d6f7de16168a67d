package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A password a local server is started with, kept in a file only its owner may read or write
 * ({@code rw-------}) in the data directory, so that a restart on the same directory uses it again.
 * Generated on first use: 32 characters of URL-safe base64 from {@link SecureRandom} (safe in a
 * URI, a config file and an SQL literal alike). Never logged; only its file's path is.
 */
final class LocalSecret {

  private static final Logger log = LoggerFactory.getLogger(LocalSecret.class);
  static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
  private static final Pattern WELL_FORMED = Pattern.compile("[A-Za-z0-9_-]{16,}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private LocalSecret() {}

  /** The secret in {@code file}, made and stored first if there is none. */
  static String of(Path file) throws IOException {
    Optional<String> existing = read(file);
    if (existing.isPresent()) {
      return existing.get();
    }
    String secret = generate();
    return store(file, secret) ? secret : read(file).orElseThrow(() -> new IOException(file + " was emptied"));
  }

  /**
   * The secret in {@code file}, if it holds one; the file is made owner-only if it was not. A file
   * that holds anything else is refused, so that nothing unexpected becomes a password.
   */
  static Optional<String> read(Path file) throws IOException {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(file + " is not a regular file; remove it to have a new password made");
    }
    if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
      log.warn("{} could be read or written by others; making it owner-only (rw-------)", file);
      Files.setPosixFilePermissions(file, OWNER_ONLY);
    }
    String secret = Files.readString(file, StandardCharsets.US_ASCII).strip();
    if (!WELL_FORMED.matcher(secret).matches()) {
      throw new IOException(file + " does not hold a password made by this node; remove it to have a new one made");
    }
    return Optional.of(secret);
  }

  /** A new secret, not stored. */
  static String generate() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Writes {@code secret} to {@code file}, owner-only from the first byte; false when another
   * process stored one first, which then holds.
   */
  static boolean store(Path file, String secret) throws IOException {
    return write(file, secret + "\n", false);
  }

  /**
   * Writes {@code text} (a server's config, which holds a secret) to {@code file}, owner-only from
   * the first byte, replacing what was there.
   */
  static void writeOwnerOnly(Path file, String text) throws IOException {
    write(file, text, true);
  }

  /** A temp file put into place whole: renamed over {@code file}, or linked to it only if there is none. */
  private static boolean write(Path file, String text, boolean replace) throws IOException {
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName() + "-", ".tmp",
        PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      if (replace) {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.createLink(file, tmp);
      }
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
