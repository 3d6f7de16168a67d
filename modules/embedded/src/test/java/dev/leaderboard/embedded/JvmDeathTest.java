package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed with SIGKILL runs no shutdown hook, yet none of its servers survives it: each
 * server's watchdog sees the JVM's end of its stdin pipe close and stops it.
 */
class JvmDeathTest {

  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  /** The redis stop timeout is 10 s, PostgreSQL's 30 s; both stop within a second or two here. */
  private static final Duration GONE_TIMEOUT = Duration.ofSeconds(60);

  @Test
  void everyServerOfAKilledJvmStops(@TempDir Path dir) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process jvm = new ProcessBuilder(java.toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
            EmbeddedServersMain.class.getName(), dir.toString())
        .redirectError(dir.resolve("jvm.err").toFile())
        .start();
    List<ProcessHandle> watched = new ArrayList<>();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
      String line = CompletableFuture.supplyAsync(() -> readLine(out))
          .get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      assertThat(line).as("see %s", dir.resolve("jvm.err")).startsWith("ready ");
      List<ProcessHandle> servers = Arrays.stream(line.substring("ready ".length()).split(" "))
          .map(pid -> ProcessHandle.of(Long.parseLong(pid)).orElseThrow()).toList();
      assertThat(servers).hasSize(3).allMatch(TestProcesses::running);
      // the servers and PostgreSQL's own processes, and the watchdogs, which are no descendants of the JVM
      watched.addAll(jvm.descendants().toList());
      assertThat(watched).containsAll(servers);
      servers.forEach(server -> watched.add(TestProcesses.watchdogOf(server).orElseThrow()));

      jvm.destroyForcibly();
      assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
      long killed = System.nanoTime();
      Await.until("every process of the killed JVM gone", GONE_TIMEOUT,
          () -> watched.stream().noneMatch(TestProcesses::running));
      System.out.printf("%d servers and watchdogs gone %d ms after their JVM was killed%n", watched.size(),
          Duration.ofNanos(System.nanoTime() - killed).toMillis());
      assertThat(TestProcesses.mentioning(dir.toString())).as("processes mentioning %s", dir).isEmpty();
    } finally {
      jvm.destroyForcibly();
      watched.forEach(ProcessHandle::destroyForcibly);
    }
  }

  private static String readLine(BufferedReader reader) {
    try {
      return reader.readLine();
    } catch (IOException e) {
      return null;
    }
  }
}
