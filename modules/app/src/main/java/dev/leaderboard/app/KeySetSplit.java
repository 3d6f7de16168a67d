package dev.leaderboard.app;

import static io.vertx.redis.client.Request.cmd;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.TieCodec;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Splits standalone key sets into partitions for a Redis Cluster. On standalone endpoints a board
 * period keeps one key set per endpoint, holding every partition {@code p} with {@code p mod n} its
 * own (docs/design.md, "Key sets"); a Cluster needs each partition in its own hash slot. So each key
 * of such a key set is written as the same key of every partition it holds, each with the members,
 * fields or elements of that partition's users: a member's user is its ID (sorted set of scores: the
 * member's user on either layout; events: before the {@code \n}), a hash's field, a set's element;
 * the {@code closed} and {@code live} marks go to every partition. The dense index ({@code d},
 * {@code n}) is rebuilt per partition from its scores. A partition's key is replaced whole, so a
 * second run leaves what the first did. Data laid out per partition (no {@code lb:{meta}:key-sets},
 * or {@code partitions}) has nothing to split. Blocking; for the {@code migrate} command only.
 */
final class KeySetSplit {
  /** Where the data records its layout ({@code KeySetUpgrade.LAYOUT}). */
  static final String LAYOUT = "lb:{meta}:key-sets";
  private static final int CHUNK = 1000;

  /** Endpoints the source is laid out for; 0 when it keeps one key set per partition. */
  private final int endpoints;
  /** Live boards by {@code name:uid}. */
  private final Map<String, Board> boards;

  private KeySetSplit(int endpoints, Map<String, Board> boards) {
    this.endpoints = endpoints;
    this.boards = boards;
  }

  /** What the source's first endpoint records: its layout and its boards. */
  static KeySetSplit of(RedisConnection first) {
    Response layout = first.send(cmd(Command.GET).arg(LAYOUT)).await();
    String recorded = layout == null ? "partitions" : layout.toString();
    int endpoints = recorded.startsWith("endpoints:") ? Integer.parseInt(recorded.substring("endpoints:".length())) : 0;
    Map<String, Board> boards = new HashMap<>();
    Response all = first.send(cmd(Command.HGETALL).arg("lb:{meta}:boards")).await();
    for (int i = 0; i + 1 < all.size(); i += 2) {
      Board b = Board.fromStored(new JsonObject(all.get(i + 1).toString()));
      boards.put(b.name() + ":" + b.uid(), b);
    }
    return new KeySetSplit(endpoints, boards);
  }

  /** Whether the source keeps key sets per endpoint (then the cluster's copy records {@code partitions}). */
  boolean splits() {
    return endpoints > 0;
  }

  /**
   * One key of a key set that holds several partitions: the board, the key's name up to the
   * partition ({@code lb:{name:uid:period:}), its part after the tag, and the partitions it holds.
   */
  record Part(Board board, String prefix, String suffix, List<Integer> partitions) {
    String key(int partition) {
      return prefix + partition + "}:" + suffix;
    }

    /** The dense index, rebuilt from the scores, not copied. */
    boolean derived() {
      return suffix.equals("d") || suffix.equals("n");
    }
  }

  /** The part {@code key} is of a key set holding several partitions, else {@code null} (copy it as it is). */
  Part part(String key) {
    if (endpoints == 0 || !key.startsWith("lb:{")) {
      return null;
    }
    int close = key.indexOf('}');
    String[] tag = key.substring(4, close).split(":");
    if (tag.length != 4 || !tag[3].chars().allMatch(Character::isDigit) || close + 2 > key.length()) {
      return null;
    }
    Board b = boards.get(tag[0] + ":" + tag[1]);
    if (b == null) {
      return null;
    }
    int set = Integer.parseInt(tag[3]);
    List<Integer> held = new ArrayList<>();
    for (int p = set; p < b.partitions(); p += endpoints) {
      held.add(p);
    }
    if (held.size() < 2 && (held.isEmpty() || held.get(0) == set)) {
      return null;
    }
    return new Part(b, key.substring(0, key.lastIndexOf(':', close) + 1), key.substring(close + 2), held);
  }

  /**
   * Writes {@code part}'s key of {@code source} as its partitions' keys on the cluster (unless
   * {@code dryRun}), then answers the source's state and the cluster's: the sizes summed over the
   * partitions (a mark: the first partition's, when every partition has it alike).
   */
  KeyState[] copy(RedisConnection source, RedisConnection cluster, String key, Part part, boolean dryRun) {
    KeyState from = KeyState.of(source.send(KeyState.read(key)).await());
    Map<Integer, List<Request>> writes = new TreeMap<>();
    part.partitions().forEach(p -> writes.put(p, new ArrayList<>(List.of(cmd(Command.DEL).arg(part.key(p))))));
    Map<Integer, Long> expectedSize = new HashMap<>();
    switch (from.type()) {
      case "zset" -> splitSortedSet(source, key, part, writes, expectedSize);
      case "hash" -> splitHash(source, key, part, writes, expectedSize);
      case "set" -> splitSet(source, key, part, writes, expectedSize);
      case "string" -> {
        Response v = source.send(cmd(Command.GET).arg(key)).await();
        part.partitions().forEach(p -> {
          writes.get(p).add(cmd(Command.SET).arg(part.key(p)).arg(v.toBuffer()));
          expectedSize.put(p, from.size());
        });
      }
      default -> throw new IllegalStateException(key + ": unexpected type " + from.type());
    }
    if (!dryRun) {
      List<Future<Response>> sent = new ArrayList<>();
      writes.values().forEach(list -> list.forEach(r -> sent.add(cluster.send(r))));
      Future.all(sent).await();
    }
    return new KeyState[] {from, written(cluster, part, from, expectedSize)};
  }

  /** The cluster's partitions of {@code part}, as one state comparable with the source's. */
  private static KeyState written(RedisConnection cluster, Part part, KeyState from, Map<Integer, Long> expected) {
    long size = 0;
    boolean asExpected = true;
    String type = from.type();
    for (int p : part.partitions()) {
      KeyState s = KeyState.of(cluster.send(KeyState.read(part.key(p))).await());
      long want = expected.getOrDefault(p, 0L);
      asExpected &= want == 0 ? !s.exists() : s.type().equals(from.type()) && s.size() == want && !s.expires();
      size += Math.max(0, s.size());
    }
    if (!asExpected) {
      // missing, or not as written: a state that differs from the source's
      return size == 0 ? new KeyState("none", -2, -1) : new KeyState(type, -1, size == from.size() ? -1 : size);
    }
    return new KeyState(type, -1, from.size());
  }

  private void splitSortedSet(RedisConnection source, String key, Part part, Map<Integer, List<Request>> writes,
      Map<Integer, Long> sizes) {
    boolean events = part.suffix().equals("e");
    boolean scores = part.suffix().equals("s");
    Board b = part.board();
    // the key set's dense index, kept where the board has one
    boolean dense = scores && source.send(cmd(Command.EXISTS).arg(key.substring(0, key.indexOf('}') + 2) + "n"))
        .await().toLong() == 1;
    Map<Integer, Map<String, Long>> counts = new HashMap<>();
    long card = source.send(cmd(Command.ZCARD).arg(key)).await().toLong();
    for (long from = 0; from < card; from += CHUNK) {
      Response rows = source.send(cmd(Command.ZRANGE).arg(key).arg(from).arg(from + CHUNK - 1).arg("WITHSCORES")).await();
      Map<Integer, Request> adds = new HashMap<>();
      for (int i = 0; i + 1 < rows.size(); i += 2) {
        String member = rows.get(i).toString();
        String user = events ? member.substring(0, member.indexOf('\n')) : TieCodec.userOf(member);
        int p = Partitioner.partitionOf(user, b.partitions());
        adds.computeIfAbsent(p, q -> cmd(Command.ZADD).arg(part.key(q))).arg(rows.get(i + 1).toString()).arg(member);
        sizes.merge(p, 1L, Long::sum);
        if (dense) {
          long composite = (long) Double.parseDouble(rows.get(i + 1).toString());
          long score = b.wide() ? composite : b.codec().score(composite);
          counts.computeIfAbsent(p, q -> new TreeMap<>()).merge(Long.toString(score), 1L, Long::sum);
        }
      }
      adds.forEach((p, add) -> writes.get(p).add(add));
    }
    if (dense) {
      // the dense index of each partition: its distinct scores and how many members hold each
      for (int p : part.partitions()) {
        String distinct = part.prefix() + p + "}:d";
        String perScore = part.prefix() + p + "}:n";
        writes.get(p).add(cmd(Command.DEL).arg(distinct));
        writes.get(p).add(cmd(Command.DEL).arg(perScore));
        Map<String, Long> held = counts.getOrDefault(p, Map.of());
        if (!held.isEmpty()) {
          Request zadd = cmd(Command.ZADD).arg(distinct);
          Request hset = cmd(Command.HSET).arg(perScore);
          held.forEach((score, n) -> {
            zadd.arg(score).arg(score);
            hset.arg(score).arg(n);
          });
          writes.get(p).add(zadd);
          writes.get(p).add(hset);
        }
      }
    }
  }

  private void splitHash(RedisConnection source, String key, Part part, Map<Integer, List<Request>> writes,
      Map<Integer, Long> sizes) {
    Map<Integer, java.util.Set<String>> seen = new HashMap<>();
    String cursor = "0";
    do {
      Response page = source.send(cmd(Command.HSCAN).arg(key).arg(cursor).arg("COUNT").arg(CHUNK)).await();
      cursor = page.get(0).toString();
      Map<Integer, Map<String, Response>> fields = new HashMap<>();
      Response flat = page.get(1);
      for (int i = 0; i + 1 < flat.size(); i += 2) {
        String user = flat.get(i).toString();
        seen.computeIfAbsent(Partitioner.partitionOf(user, part.board().partitions()), q -> new java.util.HashSet<>())
            .add(user);
        fields.computeIfAbsent(Partitioner.partitionOf(user, part.board().partitions()), q -> new TreeMap<>())
            .put(user, flat.get(i + 1));
      }
      fields.forEach((p, byUser) -> {
        Request hset = cmd(Command.HSET).arg(part.key(p));
        byUser.forEach((user, value) -> hset.arg(user).arg(value.toBuffer()));
        writes.get(p).add(hset);
      });
    } while (!cursor.equals("0"));
    // an HSCAN may return a field twice; the hash holds it once
    seen.forEach((p, users) -> sizes.put(p, (long) users.size()));
  }

  private void splitSet(RedisConnection source, String key, Part part, Map<Integer, List<Request>> writes,
      Map<Integer, Long> sizes) {
    Response members = source.send(cmd(Command.SMEMBERS).arg(key)).await();
    Map<Integer, Request> adds = new HashMap<>();
    for (Response m : members) {
      int p = Partitioner.partitionOf(m.toString(), part.board().partitions());
      adds.computeIfAbsent(p, q -> cmd(Command.SADD).arg(part.key(q))).arg(m.toString());
      sizes.merge(p, 1L, Long::sum);
    }
    adds.forEach((p, add) -> writes.get(p).add(add));
  }
}
