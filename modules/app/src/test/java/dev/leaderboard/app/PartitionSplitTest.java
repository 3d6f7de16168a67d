package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PartitionSplit} between two standalone servers, a source laid out for 2 endpoints and a
 * target: a key set of a packed board with dense ranks and one of a wide board with dense ranks (8
 * partitions, so 4 in each key set), each key larger than a chunk, are split into their partitions'
 * keys. Each partition's key holds exactly the source's members of its users (the marks: the
 * source's), expiry is kept, the dense index is the recomputation of the partition's scores, no
 * staging key is left, a second run changes nothing, a split in place (the source its own target)
 * leaves what a split elsewhere does, and a member of another key set's partition is left out and
 * reported.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartitionSplitTest {
  static final int PARTITIONS = 8;
  /** Users per key set: every key of it spans several chunks. */
  static final int USERS = 2500;
  static final Pattern PARTITION_KEY = Pattern.compile("^lb:\\{([a-z]+):([a-z0-9]+):([a-z0-9]+):(\\d+)}:(.+)$");

  Vertx vertx;
  LocalRedisShards servers;
  Redis sourceClient;
  Redis targetClient;
  RedisConnection source;
  RedisConnection target;
  Board packed;
  Board wide;
  /** The key sets' keys on the source, read before any split. */
  List<String> keys;
  /** Their contents. */
  Map<String, Object> before;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    vertx = Vertx.vertx();
    servers = LocalRedisShards.start(dir, 2);
    sourceClient = client(servers.endpoints().get(0));
    targetClient = client(servers.endpoints().get(1));
    source = sourceClient.connect().await();
    target = targetClient.connect().await();
    Instant now = Instant.parse("2025-04-15T12:00:00Z");
    packed = Board.define("packed", new JsonObject().put("denseRanks", true), null, now, PARTITIONS, "pk1");
    wide = Board.define("wide", new JsonObject().put("layout", "wide").put("denseRanks", true), null, now, PARTITIONS,
        "wd1");
  }

  /** An empty target, and a source of two key sets: partitions 0, 2, 4, 6 of the packed board, 1, 3, 5, 7 of the wide one. */
  @BeforeEach
  void fill() {
    clear(source);
    clear(target);
    send(source, Request.cmd(Command.HSET).arg("lb:{meta}:boards").arg("packed").arg(packed.toStored().encode())
        .arg("wide").arg(wide.toStored().encode()));
    send(source, Request.cmd(Command.SET).arg(PartitionSplit.LAYOUT).arg("endpoints:2"));
    Random rnd = new Random(42);
    fill(packed, "lb:{packed:pk1:all:0}:", 0, rnd);
    fill(wide, "lb:{wide:wd1:all:1}:", 1, rnd);
    send(source, Request.cmd(Command.PEXPIRE).arg("lb:{packed:pk1:all:0}:m").arg(600_000));
    keys = keys(source, k -> k.startsWith("lb:{packed") || k.startsWith("lb:{wide"));
    before = contents(source, keys);
  }

  @AfterAll
  void stop() {
    sourceClient.close();
    targetClient.close();
    servers.close();
    vertx.close().await();
  }

  /** A key set as the node keeps it: {@code users} users of its partitions, with dense index, events, marks. */
  private void fill(Board b, String set, int keySet, Random rnd) {
    List<Request> writes = new ArrayList<>();
    Map<Long, Long> counts = new TreeMap<>();
    int added = 0;
    for (int i = 0; added < USERS; i++) {
      String user = "user" + i;
      if (Partitioner.partitionOf(user, PARTITIONS) % 2 != keySet) {
        continue;
      }
      added++;
      long score = rnd.nextInt(400);
      counts.merge(score, 1L, Long::sum);
      if (b.wide()) {
        String tie = "t" + rnd.nextInt(1000) + "|";
        writes.add(Request.cmd(Command.ZADD).arg(set + "s").arg(score).arg(tie + user));
        int bucket = (user.hashCode() * 0x9E3779B9) >>> 22;
        writes.add(Request.cmd(Command.HSET).arg(set + "u:" + bucket).arg(user).arg(tie + score));
      } else {
        writes.add(Request.cmd(Command.ZADD).arg(set + "s").arg(b.codec().encode(score, rnd.nextInt(1000))).arg(user));
      }
      for (int e = 0; e < 2; e++) {
        writes.add(Request.cmd(Command.ZADD).arg(set + "e").arg(1_000_000 + i).arg(user + "\nev" + i + "-" + e));
      }
      if (i % 3 == 0) {
        writes.add(Request.cmd(Command.HSET).arg(set + "m").arg(user).arg(new JsonObject().put("n", i).encode()));
        writes.add(Request.cmd(Command.HSET).arg(set + "a").arg(user).arg(1 + i % 5));
      }
      if (i % 97 == 0) {
        writes.add(Request.cmd(Command.SADD).arg(set + "b").arg(user));
        writes.add(Request.cmd(Command.HSET).arg(set + "x").arg(user).arg(12345));
      }
    }
    counts.forEach((score, n) -> {
      writes.add(Request.cmd(Command.ZADD).arg(set + "d").arg(score).arg(score));
      writes.add(Request.cmd(Command.HSET).arg(set + "n").arg(score).arg(n));
    });
    writes.add(Request.cmd(Command.SET).arg(set + "closed").arg("1"));
    writes.add(Request.cmd(Command.SET).arg(set + "live").arg("x"));
    source.batch(writes).await();
  }

  @Test
  void eachPartitionHoldsItsOwnUsersAndRunningAgainChangesNothing() {
    split(source, target, true);
    Map<String, Object> split = contents(target, keys(target, k -> true));
    assertThat(split.keySet()).noneMatch(k -> k.contains("}:split:")).hasSizeGreaterThan(keys.size());
    assertThat(split).isEqualTo(expected());
    for (int p = 0; p < PARTITIONS; p += 2) {
      long pttl = send(target, Request.cmd(Command.PTTL).arg("lb:{packed:pk1:all:" + p + "}:m")).toLong();
      assertThat(pttl).as("partition %s's metadata keeps the expiry", p).isBetween(1L, 600_000L);
    }

    split(source, target, true);
    assertThat(contents(target, keys(target, k -> true))).isEqualTo(split);
    assertThat(contents(source, keys)).as("the source").isEqualTo(before);
  }

  @Test
  void aSplitInPlaceLeavesWhatASplitElsewhereDoes() {
    split(source, target, true);
    Map<String, Object> elsewhere = contents(target, keys(target, k -> true));
    // the source its own target: each key set's own partition is replaced last
    split(source, source, true);
    Predicate<String> boards = k -> k.startsWith("lb:{packed") || k.startsWith("lb:{wide");
    assertThat(contents(source, keys(source, boards))).isEqualTo(elsewhere);
    // again: the key sets now hold their own partitions only, and the others are kept
    split(source, source, false);
    assertThat(contents(source, keys(source, boards))).as("a second run in place").isEqualTo(elsewhere);
  }

  @Test
  void aMemberOfAnotherKeySetsPartitionIsLeftOutAndReported() {
    String key = "lb:{packed:pk1:stray:0}:b";
    String own = user(p -> p == 2);
    String stray = user(p -> p == 3);
    send(source, Request.cmd(Command.SADD).arg(key).arg(own).arg(stray));
    try {
      PartitionSplit split = PartitionSplit.of(source);
      PartitionSplit.Outcome outcome = split.copy(source, target, key, split.part(key), false);
      assertThat(outcome.source().size()).isEqualTo(2);
      assertThat(outcome.partitions().size()).isEqualTo(1);
      assertThat(outcome.source().matches(outcome.partitions())).isFalse();
      assertThat(contents(target, keys(target, k -> k.startsWith("lb:{packed:pk1:stray:"))))
          .isEqualTo(Map.of("lb:{packed:pk1:stray:2}:b", new TreeSet<>(List.of(own))));
    } finally {
      send(source, Request.cmd(Command.DEL).arg(key));
    }
  }

  /** Every lb:* key deleted (the embedded servers refuse FLUSHDB). */
  private static void clear(RedisConnection c) {
    for (String key : keys(c, k -> true)) {
      send(c, Request.cmd(Command.DEL).arg(key));
    }
  }

  /** Every key of the key sets split, as {@code migrate} does it; each verified against the source if {@code verify}. */
  private void split(RedisConnection from, RedisConnection to, boolean verify) {
    PartitionSplit split = PartitionSplit.of(from);
    for (String key : keys) {
      PartitionSplit.Part part = split.part(key);
      assertThat(part).as(key).isNotNull();
      assertThat(part.partitions()).hasSize(PARTITIONS / 2);
      if (part.derived()) {
        continue;
      }
      PartitionSplit.Outcome outcome = split.copy(from, to, key, part, false);
      assertThat(outcome.index()).hasSize(key.endsWith("}:s") ? 2 : 0);
      if (verify) {
        assertThat(outcome.partitions()).matches(s -> s.matches(outcome.source()), key + " as the source's: " + outcome);
        outcome.index().forEach(check -> assertThat(check.problem()).as(check.key()).isNull());
      }
    }
  }

  /** What each partition's keys should hold: the source's members of its users; the dense index recomputed from them. */
  private Map<String, Object> expected() {
    Map<String, Object> out = new TreeMap<>();
    for (String key : keys) {
      Matcher m = PARTITION_KEY.matcher(key);
      assertThat(m.matches()).as(key).isTrue();
      String suffix = m.group(5);
      int set = Integer.parseInt(m.group(4));
      if (suffix.equals("d") || suffix.equals("n")) {
        continue;
      }
      Object value = before.get(key);
      for (int p = set; p < PARTITIONS; p += 2) {
        int partition = p;
        String name = key.replace(":" + set + "}:", ":" + p + "}:");
        Object own;
        if (value instanceof TreeSet<?> members) {
          own = new TreeSet<>(members.stream().filter(u -> partitionOf(u.toString(), suffix) == partition).toList());
        } else if (value instanceof Map<?, ?> map) {
          Map<Object, Object> kept = new TreeMap<>();
          map.forEach((k, v) -> {
            if (partitionOf(k.toString(), suffix) == partition) {
              kept.put(k, v);
            }
          });
          own = kept;
        } else {
          own = value;   // a mark: on every partition
        }
        if (!(own instanceof Map<?, ?> map && map.isEmpty()) && !(own instanceof TreeSet<?> none && none.isEmpty())) {
          out.put(name, own);
        }
        if (suffix.equals("s") && own instanceof Map<?, ?> scores && !scores.isEmpty()) {
          Board b = key.startsWith("lb:{wide") ? wide : packed;
          Map<Object, Object> counts = new TreeMap<>();
          Map<Object, Object> distinct = new TreeMap<>();
          scores.values().forEach(s -> {
            String score = Long.toString(b.scoreOf((long) Double.parseDouble(s.toString())));
            counts.merge(score, "1", (x, y) -> Long.toString(Long.parseLong(x.toString()) + 1));
            distinct.put(score, score);
          });
          out.put(name.replace("}:s", "}:d"), distinct);
          out.put(name.replace("}:s", "}:n"), counts);
        }
      }
    }
    return out;
  }

  /** The partition of the user of a member or field of a key with this suffix. */
  private static int partitionOf(String member, String suffix) {
    String user = suffix.equals("e") ? member.substring(0, member.indexOf('\n'))
        : member.substring(member.indexOf('|') + 1);
    return Partitioner.partitionOf(user, PARTITIONS);
  }

  private static String user(java.util.function.IntPredicate partition) {
    for (int i = 0; ; i++) {
      if (partition.test(Partitioner.partitionOf("user" + i, PARTITIONS))) {
        return "user" + i;
      }
    }
  }

  /** Each key's value: a sorted set as member → score, a hash as field → value, a set, a string. */
  private static Map<String, Object> contents(RedisConnection c, List<String> keys) {
    Map<String, Object> out = new TreeMap<>();
    for (String key : keys) {
      String type = send(c, Request.cmd(Command.TYPE).arg(key)).toString();
      Object value = switch (type) {
        case "zset" -> pairs(send(c, Request.cmd(Command.ZRANGE).arg(key).arg(0).arg(-1).arg("WITHSCORES")));
        case "hash" -> pairs(send(c, Request.cmd(Command.HGETALL).arg(key)));
        case "set" -> {
          TreeSet<String> members = new TreeSet<>();
          send(c, Request.cmd(Command.SMEMBERS).arg(key)).forEach(r -> members.add(r.toString()));
          yield members;
        }
        case "string" -> send(c, Request.cmd(Command.GET).arg(key)).toString();
        default -> throw new AssertionError(key + ": " + type);
      };
      out.put(key, value);
    }
    return out;
  }

  private static Map<String, String> pairs(Response flat) {
    Map<String, String> out = new TreeMap<>();
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      out.put(flat.get(i).toString(), flat.get(i + 1).toString());
    }
    return out;
  }

  /** The lb:* keys {@code which} takes, each once (a SCAN may return a key twice). */
  private static List<String> keys(RedisConnection c, Predicate<String> which) {
    TreeSet<String> out = new TreeSet<>();
    String cursor = "0";
    do {
      Response page = send(c, Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:*").arg("COUNT").arg(1000));
      cursor = page.get(0).toString();
      page.get(1).forEach(k -> {
        if (which.test(k.toString())) {
          out.add(k.toString());
        }
      });
    } while (!cursor.equals("0"));
    return new ArrayList<>(out);
  }

  private static Response send(RedisConnection c, Request r) {
    return c.send(r).await();
  }

  private Redis client(String endpoint) {
    return Redis.createClient(vertx, new RedisOptions().setConnectionString(endpoint)
        .setPreferredProtocolVersion(ProtocolVersion.RESP2).setMaxWaitingHandlers(16_384));
  }
}
