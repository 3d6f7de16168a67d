package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalRedisShardsTest {

  @Test
  void dataSurvivesRestartAndCloseStopsTheProcesses(@TempDir Path dir) throws IOException {
    String key0 = randomKey();
    String key1 = randomKey();
    LocalRedisShards first = LocalRedisShards.start(dir, 2);
    List<ProcessHandle> processes = first.processes();
    try (first) {
      assertThat(first.endpoints()).hasSize(2).doesNotHaveDuplicates()
          .allMatch(e -> e.startsWith("redis://127.0.0.1:"));
      assertThat(processes).allMatch(ProcessHandle::isAlive);
      assertThat(call(first.endpoints().get(0), "SET " + key0 + " zero")).isEqualTo("OK");
      assertThat(call(first.endpoints().get(1), "SET " + key1 + " one")).isEqualTo("OK");
    }
    assertThat(processes).noneMatch(ProcessHandle::isAlive);
    assertThatCode(first::close).doesNotThrowAnyException();
    assertThat(dir.resolve("redis-0/appendonly.aof")).isNotEmptyFile();
    assertThat(dir.resolve("redis-1/appendonly.aof")).isNotEmptyFile();

    try (LocalRedisShards second = LocalRedisShards.start(dir, 2)) {
      assertThat(second.binary()).isEqualTo(first.binary());
      assertThat(call(second.endpoints().get(0), "GET " + key0)).isEqualTo("zero");
      assertThat(call(second.endpoints().get(1), "GET " + key1)).isEqualTo("one");
      assertThat(call(second.endpoints().get(0), "GET " + key1)).isNull();
    }
  }

  @Test
  void staleProcessFromACrashedRunIsReplaced(@TempDir Path dir) throws IOException {
    String key = randomKey();
    // never closed before the restart, as if its JVM had crashed
    LocalRedisShards crashed = LocalRedisShards.start(dir, 1);
    ProcessHandle stale = crashed.processes().get(0);
    assertThat(call(crashed.endpoints().get(0), "SET " + key + " kept")).isEqualTo("OK");
    try (LocalRedisShards restarted = LocalRedisShards.start(dir, 1)) {
      assertThat(stale.isAlive()).isFalse();
      assertThat(restarted.processes().get(0).pid()).isNotEqualTo(stale.pid());
      assertThat(call(restarted.endpoints().get(0), "GET " + key)).isEqualTo("kept");
    } finally {
      crashed.close();
    }
  }

  @Test
  void testShardsAreFourReachableShards() throws IOException {
    List<String> endpoints = TestShards.endpoints();
    assertThat(endpoints).hasSize(4).doesNotHaveDuplicates();
    assertThat(TestShards.endpoints()).isSameAs(endpoints);
    for (String endpoint : endpoints) {
      String key = randomKey();
      assertThat(call(endpoint, "PING")).isEqualTo("PONG");
      assertThat(call(endpoint, "SET " + key + " v")).isEqualTo("OK");
      assertThat(call(endpoint, "GET " + key)).isEqualTo("v");
    }
  }

  @Test
  void pathBinaryIsUsedOnlyIfVersionSucceeds(@TempDir Path dir) throws IOException {
    Path broken = fakeRedisServer(dir.resolve("broken"), 1);
    Path working = fakeRedisServer(dir.resolve("working"), 0);
    String path = broken.getParent() + File.pathSeparator + working.getParent();
    assertThat(LocalRedisShards.findOnPath(path)).contains(working);
    assertThat(LocalRedisShards.findOnPath(broken.getParent().toString())).isEmpty();
    assertThat(LocalRedisShards.findOnPath(dir.resolve("missing").toString())).isEmpty();
  }

  @Test
  void bundledBinaryIsChosenByOsAndArch() {
    assertThat(LocalRedisShards.resourceName("Linux", "amd64")).isEqualTo("redis-server-6.2.6-v5-linux-amd64");
    assertThat(LocalRedisShards.resourceName("Linux", "aarch64")).isEqualTo("redis-server-6.2.7-linux-arm64");
    assertThat(LocalRedisShards.resourceName("Mac OS X", "x86_64")).isEqualTo("redis-server-6.2.6-v5-darwin-amd64");
    assertThat(LocalRedisShards.resourceName("Mac OS X", "aarch64")).isEqualTo("redis-server-6.2.6-v5-darwin-arm64");
    assertThat(LocalRedisShards.resourceName("Windows 11", "amd64")).isNull();
    String here = LocalRedisShards.resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
    if (here != null) {
      assertThat(getClass().getClassLoader().getResource(here)).isNotNull();
    }
  }

  private static Path fakeRedisServer(Path dir, int exitCode) throws IOException {
    Files.createDirectories(dir);
    Path script = Files.writeString(dir.resolve("redis-server"), "#!/bin/sh\nexit " + exitCode + "\n");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    return script.toAbsolutePath();
  }

  private static String randomKey() {
    return "test:" + UUID.randomUUID();
  }

  /** One inline command; returns a simple/bulk string reply (null for a nil bulk), fails on an error reply. */
  static String call(String endpoint, String inlineCommand) throws IOException {
    URI uri = URI.create(endpoint);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(5000);
      socket.getOutputStream().write((inlineCommand + "\r\n").getBytes(StandardCharsets.UTF_8));
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      String line = in.readLine();
      assertThat(line).as("reply to %s", inlineCommand).isNotNull().doesNotStartWith("-");
      return switch (line.charAt(0)) {
        case '+' -> line.substring(1);
        case '$' -> line.equals("$-1") ? null : in.readLine();
        default -> throw new IOException("unexpected reply to " + inlineCommand + ": " + line);
      };
    }
  }
}
