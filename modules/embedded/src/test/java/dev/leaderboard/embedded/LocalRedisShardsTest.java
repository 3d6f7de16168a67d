package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
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
    List<ProcessHandle> watchdogs = processes.stream().map(p -> TestProcesses.watchdogOf(p).orElseThrow()).toList();
    try (first) {
      assertThat(first.endpoints()).hasSize(2).doesNotHaveDuplicates()
          .allMatch(e -> e.matches("redis://:[A-Za-z0-9_-]{32}@127\\.0\\.0\\.1:\\d+"));
      assertThat(processes).allMatch(ProcessHandle::isAlive);
      assertThat(call(first.endpoints().get(0), "SET " + key0 + " zero")).isEqualTo("OK");
      assertThat(call(first.endpoints().get(1), "SET " + key1 + " one")).isEqualTo("OK");
    }
    assertThat(processes).noneMatch(ProcessHandle::isAlive);
    assertThat(watchdogs).noneMatch(TestProcesses::running);
    assertThatCode(first::close).doesNotThrowAnyException();
    for (String shard : List.of("redis-0", "redis-1")) {
      if (first.server().major() >= 7) {
        // 7.x keeps its AOF as parts named by a manifest; the write is in the part after the (empty) base
        assertThat(dir.resolve(shard + "/appendonlydir/appendonly.aof.manifest")).isNotEmptyFile();
        assertThat(dir.resolve(shard + "/appendonlydir/appendonly.aof.1.incr.aof")).isNotEmptyFile();
        assertThat(dir.resolve(shard + "/appendonly.aof")).doesNotExist();
      } else {
        assertThat(dir.resolve(shard + "/appendonly.aof")).isNotEmptyFile();
        assertThat(dir.resolve(shard + "/appendonlydir")).doesNotExist();
      }
    }

    try (LocalRedisShards second = LocalRedisShards.start(dir, 2)) {
      assertThat(second.binary()).isEqualTo(first.binary());
      assertThat(call(second.endpoints().get(0), "GET " + key0)).isEqualTo("zero");
      assertThat(call(second.endpoints().get(1), "GET " + key1)).isEqualTo("one");
      assertThat(call(second.endpoints().get(0), "GET " + key1)).isNull();
    }
  }

  @Test
  void aKilledShardComesBackOnItsPortWithItsData(@TempDir Path dir) throws IOException {
    String key = randomKey();
    RecordingListener listener = new RecordingListener();
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 2, listener)) {
      assertThat(listener.supervised).containsExactly("redis-0", "redis-1");
      String endpoint = shards.endpoints().get(0);
      assertThat(call(endpoint, "SET " + key + " acknowledged")).isEqualTo("OK");
      ProcessHandle killed = shards.processes().get(0);
      ProcessHandle other = shards.processes().get(1);

      killed.destroyForcibly();
      Await.until("redis-0 restarted", Duration.ofSeconds(30), () -> listener.restarted.contains("redis-0"));
      assertThat(killed.isAlive()).isFalse();
      assertThat(shards.processes().get(0).pid()).isNotEqualTo(killed.pid());
      assertThat(shards.endpoints().get(0)).isEqualTo(endpoint);
      assertThat(call(endpoint, "GET " + key)).isEqualTo("acknowledged");
      assertThat(shards.processes().get(1)).isEqualTo(other);
      assertThat(listener.restarted).containsExactly("redis-0");
    }
  }

  @Test
  void aShardKilledForATestStaysDownUntilRestartedOnItsPortWithItsData(@TempDir Path dir) throws IOException {
    String key = randomKey();
    RecordingListener listener = new RecordingListener();
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 2, listener)) {
      String endpoint = shards.endpoints().get(1);
      assertThat(call(endpoint, "SET " + key + " acknowledged")).isEqualTo("OK");
      ProcessHandle killed = shards.processes().get(1);

      shards.kill(1);
      assertThat(killed.isAlive()).isFalse();
      // held down: not back within three times the supervisor's first restart delay
      Await.throughout("the killed shard stays down", Supervisor.FIRST_DELAY.multipliedBy(3), () -> !answers(endpoint));
      assertThat(listener.restarted).isEmpty();

      shards.restart(1);
      assertThat(shards.endpoints().get(1)).isEqualTo(endpoint);
      assertThat(shards.processes().get(1).pid()).isNotEqualTo(killed.pid());
      assertThat(call(endpoint, "GET " + key)).isEqualTo("acknowledged");
      assertThat(listener.restarted).containsExactly("redis-1");

      // supervised as before: a crash now is restarted on its own
      shards.processes().get(1).destroyForcibly();
      Await.until("redis-1 restarted after a crash", Duration.ofSeconds(30), () -> listener.restarted.size() == 2);
      assertThat(call(endpoint, "GET " + key)).isEqualTo("acknowledged");
    }
  }

  @Test
  void aShardDirectoryServesOneRunAtATime(@TempDir Path dir) throws IOException {
    try (LocalRedisShards first = LocalRedisShards.start(dir, 1)) {
      assertThatThrownBy(() -> LocalRedisShards.start(dir, 1)).isInstanceOf(IOException.class)
          .hasMessageContaining("in use");
      assertThat(call(first.endpoints().get(0), "PING")).isEqualTo("PONG");
    }
  }

  @Test
  void aLeftoverServerOfTheDirectoryIsStoppedAndItsDataServed(@TempDir Path dir) throws IOException {
    String key = randomKey();
    Path shardDir = Files.createDirectories(dir.resolve("redis-0"));
    int port = LocalProcesses.freePort();
    // as a JVM that died without stopping it (and without its watchdog) would have left it
    RedisConfig config = RedisConfig.write(dir);
    Process leftover = new ProcessBuilder(RedisServer.command(RedisBinary.locate(dir, null).path(), config, shardDir, port))
        .redirectErrorStream(true).redirectOutput(dir.resolve("leftover.out").toFile()).start();
    try {
      String endpoint = "redis://:" + config.password() + "@127.0.0.1:" + port;
      Await.until("the leftover answers", Duration.ofSeconds(30), () -> answers(endpoint));
      assertThat(call(endpoint, "SET " + key + " kept")).isEqualTo("OK");
      try (LocalRedisShards shards = LocalRedisShards.start(dir, 1)) {
        assertThat(leftover.isAlive()).isFalse();
        assertThat(shards.processes().get(0).pid()).isNotEqualTo(leftover.pid());
        assertThat(call(shards.endpoints().get(0), "GET " + key)).isEqualTo("kept");
      }
    } finally {
      leftover.destroyForcibly();
    }
  }

  @Test
  void aPidFileNamingAnotherLiveProcessIsRemovedAndTheProcessLeftAlone(@TempDir Path dir) throws IOException {
    Path pidFile = Files.createDirectories(dir.resolve("mine/redis-0")).resolve("redis.pid");
    Process unrelated = new ProcessBuilder("sleep", "600").start();
    try (LocalRedisShards elsewhere = LocalRedisShards.start(dir.resolve("elsewhere"), 1)) {
      // a live process that is no redis-server, and a redis-server of another directory
      for (ProcessHandle other : List.of(unrelated.toHandle(), elsewhere.processes().get(0))) {
        Files.writeString(pidFile, other.pid() + "\n");
        try (LocalRedisShards mine = LocalRedisShards.start(dir.resolve("mine"), 1)) {
          assertThat(other.isAlive()).isTrue();
          assertThat(LocalProcesses.readPid(pidFile)).contains(mine.processes().get(0).pid());
          assertThat(call(mine.endpoints().get(0), "PING")).isEqualTo("PONG");
        }
      }
      assertThat(call(elsewhere.endpoints().get(0), "PING")).isEqualTo("PONG");
    } finally {
      unrelated.destroyForcibly();
    }
  }

  @Test
  void aShardRefusesClientsWithoutThePasswordAndDangerousCommandsFromAnyone(@TempDir Path dir) throws IOException {
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 1)) {
      String endpoint = shards.endpoints().get(0);
      assertThat(reply(endpoint, false, "PING")).startsWith("-NOAUTH");
      assertThat(reply(endpoint, false, "SET " + randomKey() + " v")).startsWith("-NOAUTH");
      assertThat(call(endpoint, "PING")).isEqualTo("PONG");
      for (String command : List.of("CONFIG GET dir", "CONFIG SET dir /tmp", "DEBUG SLEEP 0", "MODULE LIST",
          "SHUTDOWN NOSAVE", "REPLICAOF 127.0.0.1 1", "SLAVEOF 127.0.0.1 1", "SYNC", "PSYNC ? -1", "MONITOR",
          "ACL LIST", "FLUSHALL", "FLUSHDB", "MIGRATE 127.0.0.1 1 k 0 1000")) {
        assertThat(reply(endpoint, true, command)).as(command).startsWith("-ERR unknown command");
      }
      assertThat(reply(endpoint, true, "EVAL \"return redis.call('CONFIG', 'GET', 'dir')\" 0")).as("CONFIG from Lua")
          .startsWith("-ERR").contains("Unknown Redis command");
      // what the node, the tests and the benchmarks use still works
      assertThat(reply(endpoint, true, "SCRIPT LOAD \"return 1\"")).hasSize(40);
      assertThat(reply(endpoint, true, "INFO persistence")).startsWith("# Persistence");
      assertThat(reply(endpoint, true, "BGREWRITEAOF")).contains("rewriting");
      ProcessHandle server = shards.processes().get(0);
      String password = URI.create(endpoint).getUserInfo().substring(1);
      assertThat(LocalProcesses.commandLine(server)).as("the command line, which every user can read")
          .doesNotContain(password);
    }
  }

  @Test
  void thePasswordIsKeptOwnerOnlyAndUsedAgainAfterARestart(@TempDir Path dir) throws IOException {
    String key = randomKey();
    String endpoint;
    try (LocalRedisShards first = LocalRedisShards.start(dir, 1)) {
      endpoint = first.endpoints().get(0);
      assertThat(call(endpoint, "SET " + key + " kept")).isEqualTo("OK");
    }
    for (String file : List.of("redis.password", "redis.conf")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(file)))).as(file)
          .isEqualTo("rw-------");
    }
    String password = Files.readString(dir.resolve("redis.password")).strip();
    assertThat(URI.create(endpoint).getUserInfo()).isEqualTo(":" + password);
    // a file someone opened up is closed again
    Files.setPosixFilePermissions(dir.resolve("redis.password"), PosixFilePermissions.fromString("rw-r--r--"));
    try (LocalRedisShards second = LocalRedisShards.start(dir, 1)) {
      assertThat(URI.create(second.endpoints().get(0)).getUserInfo()).isEqualTo(":" + password);
      assertThat(call(second.endpoints().get(0), "GET " + key)).isEqualTo("kept");
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("redis.password"))))
        .isEqualTo("rw-------");
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
  void aConfiguredBinaryMustBeAWorkingRedisServer(@TempDir Path dir) throws IOException {
    Path broken = fakeRedisServer(dir.resolve("broken"), "exit 1");
    Path other = fakeRedisServer(dir.resolve("other"), "echo 'some other program 1.0'");
    Path fake = fakeRedisServer(dir.resolve("fake"), "echo 'Redis server v=7.2.4 sha=00000000:0 malloc=libc bits=64'");
    assertThatThrownBy(() -> RedisBinary.locate(dir, broken)).hasMessageContaining(broken.toString())
        .hasMessageContaining("exited with 1").hasMessageContaining("set LB_REDIS_SERVER to the path of a working");
    assertThatThrownBy(() -> RedisBinary.locate(dir, other)).hasMessageContaining("some other program 1.0")
        .hasMessageContaining("not a redis-server version");
    assertThatThrownBy(() -> RedisBinary.locate(dir, dir.resolve("missing"))).hasMessageContaining("LB_REDIS_SERVER")
        .hasMessageContaining("not an executable file");
    RedisBinary configured = RedisBinary.locate(dir, fake);
    assertThat(configured.path()).isEqualTo(fake);
    assertThat(configured.version()).isEqualTo("7.2.4");
    assertThat(configured.major()).isEqualTo(7);
    assertThat(configured.chosenBy()).isEqualTo("LB_REDIS_SERVER");
  }

  @Test
  void withoutASettingTheShippedBinaryRunsNeverTheOneOnPath(@TempDir Path dir) throws IOException {
    RedisBinary shipped = RedisBinary.shipped(dir);
    assertThat(shipped.chosenBy()).isEqualTo("shipped");
    assertThat(shipped.version()).startsWith("6.2.");
    assertThat(shipped.path()).startsWith(dir.resolve("bin"));
    String property = System.getProperty(RedisBinary.PROPERTY);
    try {
      // in CI Debian's redis-server is on PATH: the node still runs the shipped one
      System.clearProperty(RedisBinary.PROPERTY);
      assertThat(RedisBinary.locate(dir, null)).isEqualTo(shipped);
      System.setProperty(RedisBinary.PROPERTY, fakeRedisServer(dir.resolve("picked"), "echo 'v=7.0.1'").toString());
      assertThat(RedisBinary.locate(dir, null).chosenBy()).isEqualTo("-D" + RedisBinary.PROPERTY);
      assertThat(RedisBinary.locate(dir, null).version()).isEqualTo("7.0.1");
    } finally {
      if (property == null) {
        System.clearProperty(RedisBinary.PROPERTY);
      } else {
        System.setProperty(RedisBinary.PROPERTY, property);
      }
    }
  }

  @Test
  void bundledBinaryIsChosenByOsAndArch() {
    assertThat(RedisBinary.resourceName("Linux", "amd64")).isEqualTo("redis-server-6.2.6-v5-linux-amd64");
    assertThat(RedisBinary.resourceName("Linux", "aarch64")).isEqualTo("redis-server-6.2.7-linux-arm64");
    assertThat(RedisBinary.resourceName("Mac OS X", "x86_64")).isEqualTo("redis-server-6.2.6-v5-darwin-amd64");
    assertThat(RedisBinary.resourceName("Mac OS X", "aarch64")).isEqualTo("redis-server-6.2.6-v5-darwin-arm64");
    assertThat(RedisBinary.resourceName("Windows 11", "amd64")).isNull();
    String here = RedisBinary.resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
    if (here != null) {
      assertThat(getClass().getClassLoader().getResource(here)).isNotNull();
    }
  }

  private static Path fakeRedisServer(Path dir, String body) throws IOException {
    Files.createDirectories(dir);
    Path script = Files.writeString(dir.resolve("redis-server"), "#!/bin/sh\n" + body + "\n");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    return script.toAbsolutePath();
  }

  private static boolean answers(String endpoint) {
    try {
      return "PONG".equals(call(endpoint, "PING"));
    } catch (IOException | AssertionError e) {
      return false;
    }
  }

  private static String randomKey() {
    return "test:" + UUID.randomUUID();
  }

  /** One inline command (after AUTH); returns a simple/bulk string reply (null for a nil bulk), fails on an error reply. */
  static String call(String endpoint, String inlineCommand) throws IOException {
    String reply = reply(endpoint, true, inlineCommand);
    if (reply != null) {
      assertThat(reply).as("reply to %s", inlineCommand).doesNotStartWith("-");
    }
    return reply;
  }

  /**
   * One inline command, after {@code AUTH} with the endpoint's password when {@code authenticate};
   * returns a simple/bulk string reply (null for a nil bulk) or an error reply's line (from its "-").
   */
  static String reply(String endpoint, boolean authenticate, String inlineCommand) throws IOException {
    URI uri = URI.create(endpoint);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(5000);
      String password = uri.getUserInfo() == null ? "" : uri.getUserInfo().substring(uri.getUserInfo().indexOf(':') + 1);
      String auth = authenticate ? "AUTH " + password + "\r\n" : "";
      socket.getOutputStream().write((auth + inlineCommand + "\r\n").getBytes(StandardCharsets.UTF_8));
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      if (authenticate) {
        assertThat(in.readLine()).as("reply to AUTH").isEqualTo("+OK");
      }
      String line = in.readLine();
      assertThat(line).as("reply to %s", inlineCommand).isNotNull();
      return switch (line.charAt(0)) {
        case '+' -> line.substring(1);
        case '-' -> line;
        case '$' -> line.equals("$-1") ? null : in.readLine();
        default -> throw new IOException("unexpected reply to " + inlineCommand + ": " + line);
      };
    }
  }
}
