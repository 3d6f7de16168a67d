package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalProcessesTest {

  @Test
  void logTailIsTheLastLinesWrittenSinceTheOffset(@TempDir Path dir) throws IOException {
    Path log = dir.resolve("server.log");
    assertThat(LocalProcesses.logSize(log)).isZero();
    assertThat(LocalProcesses.logTail(log, 0)).isEmpty();
    Files.writeString(log, "earlier run\n");
    long offset = LocalProcesses.logSize(log);
    Files.writeString(log, lines(1, 40), StandardOpenOption.APPEND);
    assertThat(LocalProcesses.logTail(log, offset)).isEqualTo(lines(11, 40));
    assertThat(LocalProcesses.logTail(log, Files.size(log))).isEmpty();
    Files.writeString(log, "rotated\n");
    assertThat(LocalProcesses.logTail(log, offset + 100)).isEqualTo("rotated\n");
  }

  @Test
  void aPidFileNamesTheProcessOnItsFirstLine(@TempDir Path dir) throws IOException {
    Process child = new ProcessBuilder("sleep", "600").start();
    try {
      Path pidFile = Files.writeString(dir.resolve("server.pid"), child.pid() + "\nmore\n");
      assertThat(LocalProcesses.readPid(pidFile)).contains(child.pid());
      assertThat(LocalProcesses.terminate(List.of(child.toHandle()), Duration.ofSeconds(10))).isEmpty();
      assertThat(LocalProcesses.readPid(Files.writeString(pidFile, "not a pid\n"))).isEmpty();
      assertThat(LocalProcesses.readPid(dir.resolve("missing.pid"))).isEmpty();
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void aServerOfADirectoryIsItsProgramRunningThere(@TempDir Path dir) throws IOException {
    Path other = Files.createDirectories(dir.resolve("other"));
    Process child = new ProcessBuilder("sleep", "600").directory(dir.toFile()).start();
    try {
      assertThat(Leftovers.runsIn(child.toHandle(), "sleep", dir)).isTrue();
      assertThat(Leftovers.runsIn(child.toHandle(), "sleep", other)).isFalse();
      assertThat(Leftovers.runsIn(child.toHandle(), "redis-server", dir)).isFalse();
    } finally {
      child.destroyForcibly();
    }
    LocalProcesses.awaitExit(child.toHandle(), System.nanoTime() + Duration.ofSeconds(10).toNanos());
    assertThat(Leftovers.runsIn(child.toHandle(), "sleep", dir)).isFalse();
  }

  @Test
  void aDirectoryLockIsHeldByOneAtATime(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("server.lock");
    FileLock lock = LocalProcesses.lock(file, "the test data");
    assertThatThrownBy(() -> LocalProcesses.lock(file, "the test data")).isInstanceOf(IOException.class)
        .hasMessageContaining("the test data is in use");
    LocalProcesses.release(lock);
    LocalProcesses.release(LocalProcesses.lock(file, "the test data"));
  }

  @Test
  void terminateAnswersTheProcessesThatIgnoreSigterm() throws IOException {
    Process stubborn = new ProcessBuilder("sh", "-c", "trap '' TERM; echo ready; exec sleep 600").start();
    try {
      // the trap is set once it says so
      assertThat(new BufferedReader(new InputStreamReader(stubborn.getInputStream(), StandardCharsets.US_ASCII))
          .readLine()).isEqualTo("ready");
      assertThat(LocalProcesses.terminate(List.of(stubborn.toHandle()), Duration.ofMillis(200)))
          .containsExactly(stubborn.toHandle());
      assertThat(stubborn.isAlive()).isTrue();
    } finally {
      stubborn.destroyForcibly();
    }
    assertThat(LocalProcesses.awaitExit(stubborn.toHandle(), System.nanoTime() + Duration.ofSeconds(10).toNanos()))
        .isTrue();
  }

  private static String lines(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
  }
}
