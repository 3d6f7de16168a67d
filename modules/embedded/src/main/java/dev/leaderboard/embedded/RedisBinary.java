package dev.leaderboard.embedded;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The redis-server executable: the one on {@code PATH} if it works, else the binary for this OS
 * and architecture from {@code com.github.codemonstur:embedded-redis}, extracted under the data directory.
 */
final class RedisBinary {

  private RedisBinary() {}

  /** Blocking (may run {@code redis-server --version} and extract a binary). */
  static Path locate(Path dataDir) throws IOException {
    String path = System.getenv("PATH");
    Optional<Path> onPath = findOnPath(path);
    if (onPath.isPresent()) {
      return onPath.get();
    }
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    String resource = resourceName(os, arch);
    URL url = resource == null ? null : RedisBinary.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new IOException("no usable redis-server: looked for an executable `redis-server` on PATH ("
          + path + ") for which `redis-server --version` exits 0, and for the classpath resource "
          + (resource == null ? "matching os.name=" + os + ", os.arch=" + arch + " (none is known)" : resource)
          + " from com.github.codemonstur:embedded-redis");
    }
    return extract(url, dataDir.resolve("bin").resolve(resource));
  }

  static Optional<Path> findOnPath(String path) {
    if (path == null) {
      return Optional.empty();
    }
    for (String entry : path.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(entry, "redis-server").toAbsolutePath();
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate) && printsVersion(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static boolean printsVersion(Path candidate) {
    try {
      Process process = new ProcessBuilder(candidate.toString(), "--version")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      return process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  static String resourceName(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String arch = osArch.toLowerCase(Locale.ROOT);
    boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
    boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
    if (os.contains("linux")) {
      return x64 ? "redis-server-6.2.6-v5-linux-amd64" : arm64 ? "redis-server-6.2.7-linux-arm64" : null;
    }
    if (os.contains("mac") || os.contains("darwin")) {
      return x64 ? "redis-server-6.2.6-v5-darwin-amd64" : arm64 ? "redis-server-6.2.6-v5-darwin-arm64" : null;
    }
    return null;
  }

  /** Temp file plus atomic rename, so a concurrent run never executes a half-written binary. */
  private static Path extract(URL url, Path target) throws IOException {
    URLConnection connection = url.openConnection();
    long size = connection.getContentLengthLong();
    if (size >= 0 && Files.isRegularFile(target) && Files.size(target) == size && Files.isExecutable(target)) {
      return target;
    }
    Files.createDirectories(target.getParent());
    Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + "-", ".tmp");
    try {
      try (InputStream in = connection.getInputStream()) {
        Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      }
      if (!tmp.toFile().setExecutable(true, false)) {
        throw new IOException("cannot make " + tmp + " executable");
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return target;
  }
}
