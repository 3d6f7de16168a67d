package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
  void aPidFileNamesALiveProcessOnlyIfItIsTheExpectedOne(@TempDir Path dir) throws IOException {
    Process child = new ProcessBuilder("sleep", "600").start();
    try {
      Path pidFile = Files.writeString(dir.resolve("server.pid"), child.pid() + "\nmore\n");
      assertThat(LocalProcesses.readPid(pidFile)).contains(child.pid());
      assertThat(LocalProcesses.liveProcess(pidFile, h -> true)).contains(child.toHandle());
      assertThat(LocalProcesses.liveProcess(pidFile, h -> false)).isEmpty();
      assertThat(LocalProcesses.terminate(List.of(child.toHandle()), Duration.ofSeconds(10))).isEmpty();
      assertThat(LocalProcesses.liveProcess(pidFile, h -> true)).isEmpty();
      assertThat(LocalProcesses.readPid(Files.writeString(pidFile, "not a pid\n"))).isEmpty();
      assertThat(LocalProcesses.readPid(dir.resolve("missing.pid"))).isEmpty();
    } finally {
      child.destroyForcibly();
    }
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
