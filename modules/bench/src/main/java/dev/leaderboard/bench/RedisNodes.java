package dev.leaderboard.bench;

import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-node facts of the benchmark's Redis shards: memory, clients, and whether an AOF rewrite is running.
 * Called only from the benchmark's main thread between measurements (never on an event loop), so
 * it waits for each answer; the AOF wait polls {@code INFO persistence} with a deadline.
 */
final class RedisNodes {
  private static final long SETTLE_TIMEOUT_MS = 300_000;

  private final Shards shards;
  private final List<Route> nodes = new ArrayList<>();

  RedisNodes(Shards shards, int count) {
    this.shards = shards;
    for (int i = 0; i < count; i++) {
      // standalone shards put route partition i on endpoint i
      nodes.add(new Route("{bench-node-" + i + "}", i));
    }
  }

  /** Waits (bounded) until no node is rewriting its AOF or saving, so a run does not share the CPU with it. */
  void settle() {
    long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
    while (busy()) {
      if (System.currentTimeMillis() > deadline) {
        System.out.println("warning: an AOF rewrite is still running after " + SETTLE_TIMEOUT_MS / 1000 + " s");
        return;
      }
      pause(200);
    }
  }

  /** Compacts every node's AOF now (after bulk loads), so no rewrite falls into a measurement later. */
  void rewriteAof() {
    settle();
    for (Route node : nodes) {
      shards.send(node, Request.cmd(Command.BGREWRITEAOF)).await();
    }
    pause(500);
    settle();
  }

  private boolean busy() {
    for (Route node : nodes) {
      String info = info(node, "persistence");
      if ("1".equals(field(info, "aof_rewrite_in_progress")) || "1".equals(field(info, "aof_rewrite_scheduled"))
          || "1".equals(field(info, "rdb_bgsave_in_progress"))) {
        return true;
      }
    }
    return false;
  }

  /** {@code used_memory} summed over the nodes. */
  long usedMemory() {
    return sum("memory", "used_memory");
  }

  /** {@code connected_clients} summed over the nodes (this process's own connections included). */
  long connectedClients() {
    return sum("clients", "connected_clients");
  }

  /** A numeric field of an {@code INFO} section, summed over the nodes. */
  private long sum(String section, String name) {
    long sum = 0;
    for (Route node : nodes) {
      sum += Long.parseLong(field(info(node, section), name));
    }
    return sum;
  }

  /**
   * {@code INFO commandstats} summed over the nodes: command → {calls, microseconds}. Two readings
   * around a run give what it cost ({@code CONFIG RESETSTAT} is disabled on the shards).
   */
  java.util.Map<String, long[]> commandStats() {
    java.util.Map<String, long[]> out = new java.util.TreeMap<>();
    for (Route node : nodes) {
      for (String line : info(node, "commandstats").split("\r?\n")) {
        if (!line.startsWith("cmdstat_")) {
          continue;
        }
        String command = line.substring("cmdstat_".length(), line.indexOf(':'));
        long calls = 0;
        long usec = 0;
        for (String field : line.substring(line.indexOf(':') + 1).split(",")) {
          if (field.startsWith("calls=")) {
            calls = Long.parseLong(field.substring(6));
          } else if (field.startsWith("usec=")) {
            usec = Long.parseLong(field.substring(5));
          }
        }
        long[] sum = out.computeIfAbsent(command, c -> new long[2]);
        sum[0] += calls;
        sum[1] += usec;
      }
    }
    return out;
  }

  /** What a run cost the nodes, from {@link #commandStats} before and after it: Redis time per answer and its top commands. */
  record Costs(double usecPerAnswer, String top) {
  }

  /**
   * Per answer of a run of {@code answers}: the microseconds of every command summed, and the four
   * most costly commands as {@code name calls / µs} per answer ({@code INFO} itself left out).
   */
  static Costs costs(java.util.Map<String, long[]> before, java.util.Map<String, long[]> after, long answers) {
    List<java.util.Map.Entry<String, long[]>> spent = new ArrayList<>();
    long usec = 0;
    for (java.util.Map.Entry<String, long[]> e : after.entrySet()) {
      long[] was = before.getOrDefault(e.getKey(), new long[2]);
      long[] d = {e.getValue()[0] - was[0], e.getValue()[1] - was[1]};
      if (d[0] > 0 && !e.getKey().equals("info")) {
        spent.add(java.util.Map.entry(e.getKey(), d));
        usec += d[1];
      }
    }
    spent.sort((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]));
    double n = Math.max(1, answers);
    StringBuilder top = new StringBuilder();
    for (java.util.Map.Entry<String, long[]> e : spent.subList(0, Math.min(4, spent.size()))) {
      top.append(String.format(java.util.Locale.ROOT, "%s%s %.2f / %.1f", top.length() == 0 ? "" : "; ", e.getKey(),
          e.getValue()[0] / n, e.getValue()[1] / n));
    }
    return new Costs(usec / n, top.toString());
  }

  String version() {
    return field(info(nodes.get(0), "server"), "redis_version");
  }

  /** {@code MEMORY USAGE key SAMPLES 0} (every element counted); 0 for a missing key. */
  long usage(Route route, String key) {
    Response r = shards.send(route, Request.cmd(Command.MEMORY).arg("USAGE").arg(key).arg("SAMPLES").arg(0)).await();
    return r == null ? 0 : r.toLong();
  }

  private String info(Route node, String section) {
    return shards.send(node, Request.cmd(Command.INFO).arg(section)).await().toString();
  }

  private static String field(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return line.substring(name.length() + 1).trim();
      }
    }
    return null;
  }

  private static void pause(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
