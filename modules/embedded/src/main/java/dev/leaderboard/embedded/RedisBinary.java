package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The redis-server executable the local shards run, and its version. Chosen in this order, never
 * from {@code PATH}: the path the node is configured with ({@code LB_REDIS_SERVER}), else the system
 * property {@value #PROPERTY} (how a test run picks one), else the binary for this OS and
 * architecture shipped in {@code com.github.codemonstur:embedded-redis} (6.2), extracted under the
 * data directory. The version decides the persistence layout ({@link RedisData}).
 *
 * @param path the executable
 * @param version what {@code redis-server --version} printed after {@code v=}, e.g. {@code 7.0.15}
 * @param chosenBy how it was chosen, for logs and readiness: {@code LB_REDIS_SERVER},
 *     {@code -Dleaderboard.redis.server} or {@code shipped}
 */
public record RedisBinary(Path path, String version, String chosenBy) {

  /** The system property that picks the binary when the node is not configured with one. */
  public static final String PROPERTY = "leaderboard.redis.server";
  static final String SHIPPED = "shipped";
  private static final Pattern VERSION = Pattern.compile("v=(\\d+)\\.(\\d+)\\.(\\d+)");

  /**
   * Blocking (runs {@code redis-server --version}, may extract a binary). {@code configured} is
   * {@code LB_REDIS_SERVER}, or {@code null}.
   */
  static RedisBinary locate(Path dataDir, Path configured) throws IOException {
    if (configured != null) {
      return probe(configured, "LB_REDIS_SERVER");
    }
    String property = System.getProperty(PROPERTY);
    if (property != null && !property.isBlank()) {
      return probe(Path.of(property.trim()), "-D" + PROPERTY);
    }
    return shipped(dataDir);
  }

  /** Blocking: the redis-server shipped for this OS and architecture, extracted under {@code dataDir/bin}. */
  static RedisBinary shipped(Path dataDir) throws IOException {
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    String resource = resourceName(os, arch);
    URL url = resource == null ? null : RedisBinary.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new IOException("no redis-server is shipped for os.name=" + os + ", os.arch=" + arch
          + (resource == null ? "" : " (the classpath lacks " + resource + " from com.github.codemonstur:embedded-redis)")
          + ": set LB_REDIS_SERVER to the path of a redis-server 6.2 or newer");
    }
    return probe(extract(url, dataDir.resolve("bin").resolve(resource)), SHIPPED);
  }

  /** The binary at {@code path} with the version it prints; fails naming {@code chosenBy} if it is not a working redis-server. */
  static RedisBinary probe(Path path, String chosenBy) throws IOException {
    Path absolute = path.toAbsolutePath();
    String fix = chosenBy.equals(SHIPPED) ? "" : ": set " + chosenBy + " to the path of a working redis-server";
    if (!Files.isRegularFile(absolute) || !Files.isExecutable(absolute)) {
      throw new IOException(absolute + " (" + chosenBy + ") is not an executable file" + fix);
    }
    String output;
    int exit;
    try {
      Process process = new ProcessBuilder(absolute.toString(), "--version").redirectErrorStream(true).start();
      byte[] bytes = process.getInputStream().readNBytes(4096);
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(absolute + " --version (" + chosenBy + ") did not exit within 10 s" + fix);
      }
      output = new String(bytes, StandardCharsets.UTF_8).trim();
      exit = process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking " + absolute + " for its version", e);
    }
    Matcher m = VERSION.matcher(output);
    if (exit != 0 || !m.find()) {
      throw new IOException(absolute + " --version (" + chosenBy + ") exited with " + exit + " and printed '"
          + output + "', not a redis-server version" + fix);
    }
    return new RedisBinary(absolute, m.group(1) + "." + m.group(2) + "." + m.group(3), chosenBy);
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

  /** The major version, e.g. 7. */
  public int major() {
    return Integer.parseInt(version.split("\\.")[0]);
  }

  /** How the data of this version lies on disk ({@link RedisData#MULTI_PART} from 7.0 on). */
  String layout() {
    return major() >= 7 ? RedisData.MULTI_PART : RedisData.SINGLE_FILE;
  }

  /** For logs and readiness, e.g. {@code redis-server 6.2.6 at /data/bin/... (shipped)}. */
  @Override
  public String toString() {
    return "redis-server " + version + " at " + path + " (" + chosenBy + ")";
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
