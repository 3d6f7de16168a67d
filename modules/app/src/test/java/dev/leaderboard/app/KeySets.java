package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.app.MigrateCommandTest.RedisContents;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.TieCodec;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Redis Cluster's copy of a standalone deployment read back in the standalone layout: each
 * partition's key of a board period merged into the key of the key set that held it there
 * (partition {@code p} in key set {@code p mod endpoints}), as {@link RedisContents} describes keys,
 * after checking that each partition's key holds only its own users.
 */
final class KeySets {
  /** {@code lb:{name:uid:period:p}:suffix} of a board (the join keys, meta and friend keys excluded). */
  private static final Pattern PARTITION_KEY = Pattern.compile("^lb:\\{([^:}]+):([^:}]+):([^:}]+):(\\d+)}:(.+)$");

  private KeySets() {
  }

  /**
   * The lb:* keys of {@code nodes} (each a cluster master, read whole), a partition's keys merged back
   * into their key set's; {@code partitions} gives each board's partition count by name.
   */
  static Map<String, String> mergedBack(Vertx vertx, List<String> nodes, int endpoints, Map<String, Integer> partitions) {
    Map<String, String> out = new TreeMap<>();
    Map<String, Merged> merged = new TreeMap<>();
    for (String endpoint : nodes) {
      Redis node = RedisContents.client(vertx, List.of(endpoint), RedisClientType.STANDALONE);
      try {
        String cursor = "0";
        do {
          Response page = node.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:*").arg("COUNT")
              .arg(1000)).await();
          cursor = page.get(0).toString();
          for (Response k : page.get(1)) {
            String key = k.toString();
            Matcher m = PARTITION_KEY.matcher(key);
            if (!m.matches() || !partitions.containsKey(m.group(1))) {
              out.put(key, RedisContents.describe(node, key));
              continue;
            }
            int p = Integer.parseInt(m.group(4));
            String suffix = m.group(5);
            String into = "lb:{" + m.group(1) + ":" + m.group(2) + ":" + m.group(3) + ":" + p % endpoints + "}:" + suffix;
            merged.computeIfAbsent(into, x -> new Merged()).add(node, key, suffix, p, partitions.get(m.group(1)));
          }
        } while (!cursor.equals("0"));
      } finally {
        node.close();
      }
    }
    merged.forEach((key, m) -> out.put(key, m.describe(key.endsWith("}:n"))));
    return out;
  }

  /** One key set's key, from its partitions' keys. */
  private static final class Merged {
    String type;
    final Map<String, String> values = new TreeMap<>();
    final TreeSet<String> members = new TreeSet<>();
    final TreeMap<String, Long> counts = new TreeMap<>();
    String string;

    void add(Redis node, String key, String suffix, int p, int partitions) {
      type = node.send(Request.cmd(Command.TYPE).arg(key)).await().toString();
      assertThat(node.send(Request.cmd(Command.PTTL).arg(key)).await().toLong()).as("%s expires", key).isNegative();
      boolean users = !suffix.equals("d") && !suffix.equals("n");
      switch (type) {
        case "zset" -> {
          Response rows = node.send(Request.cmd(Command.ZRANGE).arg(key).arg(0).arg(-1).arg("WITHSCORES")).await();
          for (int i = 0; i + 1 < rows.size(); i += 2) {
            String member = rows.get(i).toString();
            String user = suffix.equals("e") ? member.substring(0, member.indexOf('\n')) : TieCodec.userOf(member);
            if (users) {
              assertThat(Partitioner.partitionOf(user, partitions)).as("%s holds %s", key, member).isEqualTo(p);
            }
            values.put(member, rows.get(i + 1).toString());
          }
        }
        case "hash" -> {
          Response flat = node.send(Request.cmd(Command.HGETALL).arg(key)).await();
          for (int i = 0; i + 1 < flat.size(); i += 2) {
            String field = flat.get(i).toString();
            if (users) {
              assertThat(Partitioner.partitionOf(field, partitions)).as("%s holds %s", key, field).isEqualTo(p);
            }
            counts.merge(field, suffix.equals("n") ? flat.get(i + 1).toLong() : 0, Long::sum);
            values.put(field, flat.get(i + 1).toString());
          }
        }
        case "set" -> node.send(Request.cmd(Command.SMEMBERS).arg(key)).await().forEach(m -> {
          assertThat(Partitioner.partitionOf(m.toString(), partitions)).as("%s holds %s", key, m).isEqualTo(p);
          members.add(m.toString());
        });
        case "string" -> {
          String v = node.send(Request.cmd(Command.GET).arg(key)).await().toString();
          assertThat(string == null || string.equals(v)).as("%s alike on every partition", key).isTrue();
          string = v;
        }
        default -> throw new AssertionError(key + ": " + type);
      }
    }

    String describe(boolean summed) {
      Object value = switch (type) {
        case "zset" -> {
          List<String> flat = new ArrayList<>();
          values.entrySet().stream()
              .sorted(Comparator.<Map.Entry<String, String>>comparingDouble(e -> Double.parseDouble(e.getValue()))
                  .thenComparing(Map.Entry::getKey))
              .forEach(e -> {
                flat.add(e.getKey());
                flat.add(e.getValue());
              });
          yield flat;
        }
        case "hash" -> {
          if (!summed) {
            yield values;
          }
          Map<String, String> sums = new TreeMap<>();
          counts.forEach((field, n) -> sums.put(field, Long.toString(n)));
          yield sums;
        }
        case "set" -> members;
        default -> string;
      };
      return type + " " + value;
    }
  }
}
