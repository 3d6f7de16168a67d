package dev.leaderboard.app;

import dev.leaderboard.embedded.Await;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A throwaway local Redis Cluster of {@code masters} masters without replicas, from the shipped
 * redis-server: each node started with {@code cluster-enabled yes} and a password, the 16,384 slots
 * split in even ranges with {@code CLUSTER ADDSLOTS}, the nodes joined with {@code CLUSTER MEET}, and
 * ready once every node reports {@code cluster_state:ok}.
 */
final class TestRedisCluster implements AutoCloseable {
  static final int SLOTS = 16_384;
  private final List<Process> processes = new ArrayList<>();
  private final List<Integer> ports = new ArrayList<>();
  private final String password;

  private TestRedisCluster(String password) {
    this.password = password;
  }

  /** Blocking: starts and forms the cluster under {@code dir}. */
  static TestRedisCluster start(Vertx vertx, Path binary, Path dir, int masters, String password) throws IOException {
    TestRedisCluster cluster = new TestRedisCluster(password);
    try {
      for (int i = 0; i < masters; i++) {
        cluster.startNode(binary, Files.createDirectories(dir.resolve("node-" + i)));
      }
      cluster.form(vertx);
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  private void startNode(Path binary, Path dir) throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path conf = dir.resolve("redis.conf");
    Files.writeString(conf, String.join("\n", "port " + port, "bind 127.0.0.1", "dir " + dir, "cluster-enabled yes",
        "cluster-config-file nodes.conf", "cluster-node-timeout 2000", "appendonly no", "save \"\"",
        "requirepass " + password, "masterauth " + password, ""));
    processes.add(new ProcessBuilder(binary.toString(), conf.toString()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("redis.out").toFile()).start());
    ports.add(port);
  }

  private void form(Vertx vertx) {
    List<Redis> nodes = new ArrayList<>();
    try {
      for (String endpoint : endpoints()) {
        nodes.add(Redis.createClient(vertx, new RedisOptions().setConnectionString(endpoint)));
      }
      for (Redis node : nodes) {
        Await.until("a cluster node answers", Duration.ofSeconds(20), () -> answers(node));
      }
      for (int i = 0; i < nodes.size(); i++) {
        Request add = Request.cmd(Command.CLUSTER).arg("ADDSLOTS");
        for (int slot = SLOTS * i / nodes.size(); slot < SLOTS * (i + 1) / nodes.size(); slot++) {
          add.arg(slot);
        }
        nodes.get(i).send(add).await();
      }
      for (int i = 1; i < nodes.size(); i++) {
        nodes.get(0).send(Request.cmd(Command.CLUSTER).arg("MEET").arg("127.0.0.1").arg(ports.get(i))).await();
      }
      for (Redis node : nodes) {
        Await.until("cluster_state:ok on every node", Duration.ofSeconds(30),
            () -> node.send(Request.cmd(Command.CLUSTER).arg("INFO")).await().toString().contains("cluster_state:ok"));
      }
    } finally {
      nodes.forEach(Redis::close);
    }
  }

  private static boolean answers(Redis node) {
    try {
      node.send(Request.cmd(Command.PING)).await();
      return true;
    } catch (Exception e) {   // connection refused is a checked exception, rethrown as it is
      return false;
    }
  }

  /** {@code redis://:<password>@127.0.0.1:<port>} of every node. */
  List<String> endpoints() {
    return ports.stream().map(p -> "redis://:" + password + "@127.0.0.1:" + p).toList();
  }

  /** The nodes without the password: {@code redis://127.0.0.1:<port>}. */
  List<String> addresses() {
    return ports.stream().map(p -> "redis://127.0.0.1:" + p).toList();
  }

  @Override
  public void close() {
    processes.forEach(Process::destroy);
    for (Process p : processes) {
      try {
        p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
