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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Splits standalone key sets into partitions, for {@code migrate}. On standalone endpoints a board
 * period keeps one key set per endpoint, named after the lowest partition it holds: partition
 * {@code p} lives in key set {@code p mod n} (docs/design.md, "Key sets"). A Redis Cluster keeps
 * every partition in its own key set, so each key of a key set holding several partitions is written
 * as the same key of each of them, with the members of that partition's users:
 * <ul>
 *   <li>scores {@code s}: the member's user (after the tie on the wide layout), events {@code e}: the
 *       member before its {@code \n}; hashes ({@code m}, {@code x}, {@code p}, {@code a}, the wide
 *       user map's buckets {@code u:<i>}): the field; bans {@code b}: the element;
 *   <li>the marks {@code closed} and {@code live} go to every partition;
 *   <li>the dense-rank index ({@code d}: distinct scores, {@code n}: members per score) is not copied
 *       but recomputed per partition from the scores written to it, where the key set has one.
 * </ul>
 * The source is read {@link #CHUNK} members at a time and each chunk's writes are sent as one
 * pipeline. A partition's key is built under a staging name in its own hash slot and renamed over
 * its key once whole, the key set's own partition (named like the source key) last: a key is never
 * half-written, a second run replaces each key with the same content, and the target may be the
 * source itself. A partition given nothing keeps what it had, but for the own partition, whose key
 * is then deleted (in place, it is the source's). Data laid out per partition (no {@link #LAYOUT},
 * or {@code partitions}) has nothing to split. Expects RESP2 connections; blocking, for the offline
 * commands only.
 *
 * @param endpoints the endpoints the source's key sets are laid out for; 0 when it keeps one per partition
 * @param boards live boards by {@code name:uid}
 */
record PartitionSplit(int endpoints, Map<String, Board> boards) {
  /** Where the data records its layout ({@code KeySetUpgrade.LAYOUT}). */
  static final String LAYOUT = "lb:{meta}:key-sets";
  /** Members read, and written, per round trip. */
  static final int CHUNK = 1000;

  /** What the source's first endpoint (the one holding {@code {meta}}) records: its layout and its boards. */
  static PartitionSplit of(RedisConnection first) {
    Response layout = first.send(cmd(Command.GET).arg(LAYOUT)).await();
    String recorded = layout == null ? "partitions" : layout.toString();
    int endpoints = recorded.startsWith("endpoints:") ? Integer.parseInt(recorded.substring("endpoints:".length())) : 0;
    Map<String, Board> boards = new HashMap<>();
    Response all = first.send(cmd(Command.HGETALL).arg("lb:{meta}:boards")).await();
    for (int i = 0; i + 1 < all.size(); i += 2) {
      Board b = Board.fromStored(new JsonObject(all.get(i + 1).toString()));
      boards.put(b.name() + ":" + b.uid(), b);
    }
    return new PartitionSplit(endpoints, boards);
  }

  /** Whether the source keeps key sets per endpoint (then the cluster's copy records {@code partitions}). */
  boolean splits() {
    return endpoints > 0;
  }

  /**
   * One key of a key set holding several partitions: the board, the key's name up to the partition
   * ({@code lb:{name:uid:period:}), its part after the tag, and the partitions it holds, its own first.
   */
  record Part(Board board, String prefix, String suffix, List<Integer> partitions) {
    /** The partition the key set is named after: its keys have the source key's names. */
    int own() {
      return partitions.get(0);
    }

    String key(int partition) {
      return key(partition, suffix);
    }

    String key(int partition, String suffix) {
      return prefix + partition + "}:" + suffix;
    }

    /** Where a partition's key is built before it replaces the key: the same hash slot. */
    String staging(int partition, String suffix) {
      return prefix + partition + "}:split:" + suffix;
    }

    /** The dense index: rebuilt with the scores, not copied. */
    boolean derived() {
      return suffix.equals("d") || suffix.equals("n");
    }
  }

  /** Whether {@code key} is a partition's key being built ({@link Part#staging}), left by a run cut short if seen outside one. */
  static boolean staging(String key) {
    int close = key.indexOf('}');
    return key.startsWith("lb:{") && close > 0 && key.startsWith(":split:", close + 1);
  }

  /**
   * The part {@code key} is of a key set holding several partitions, else {@code null} (copy it as it
   * is; a {@link #staging} key is neither).
   */
  Part part(String key) {
    int close = key.indexOf('}');
    if (endpoints == 0 || staging(key) || !key.startsWith("lb:{") || close < 0 || !key.startsWith(":", close + 1)
        || close + 2 == key.length()) {
      return null;
    }
    String[] tag = key.substring(4, close).split(":", -1);
    if (tag.length != 4 || !tag[3].matches("\\d{1,4}")) {
      return null;
    }
    Board b = boards.get(tag[0] + ":" + tag[1]);
    int set = Integer.parseInt(tag[3]);
    if (b == null || set >= endpoints || set + endpoints >= b.partitions()) {
      return null;   // a deleted board's, a partition's own, or a key set holding only its own partition
    }
    List<Integer> held = new ArrayList<>();
    for (int p = set; p < b.partitions(); p += endpoints) {
      held.add(p);
    }
    return new Part(b, key.substring(0, key.lastIndexOf(':', close) + 1), key.substring(close + 2), held);
  }

  /**
   * What a split saw: the source key's state, its partitions' keys on the target as one state
   * ({@link SplitCheck#summed}), and on a key set's scores, the check of each key of its dense index.
   */
  record Outcome(KeyState source, KeyState partitions, List<SplitCheck.IndexCheck> index) {
  }

  /**
   * Writes {@code part}'s key of {@code source} as its partitions' keys on {@code target} (unless
   * {@code dryRun}), the dense index with the scores, then reads what the target holds.
   */
  Outcome copy(RedisConnection source, RedisConnection target, String key, Part part, boolean dryRun) {
    KeyState from = KeyState.of(source.send(KeyState.read(key)).await());
    if (!from.exists()) {
      return new Outcome(from, from, List.of());
    }
    Writes out = new Writes(target, dryRun);
    part.partitions().forEach(p -> out.add(cmd(Command.DEL).arg(part.staging(p, part.suffix()))));
    out.flush();
    Set<Integer> written = new TreeSet<>();
    Map<Integer, Map<Long, Long>> index = null;
    switch (from.type()) {
      case "zset" -> index = splitSortedSet(source, key, part, out, written);
      case "hash" -> splitHash(source, key, part, out, written);
      case "set" -> splitSet(source, key, part, out, written);
      case "string" -> {
        Response value = source.send(cmd(Command.GET).arg(key)).await();
        for (int p : value == null ? List.<Integer>of() : part.partitions()) {
          out.add(cmd(Command.SET).arg(part.staging(p, part.suffix())).arg(value.toBuffer()));
          written.add(p);
        }
        out.flush();
      }
      default -> throw new IllegalStateException(key + ": unexpected type " + from.type());
    }
    if (from.expires()) {
      written.forEach(p -> out.add(cmd(Command.PEXPIRE).arg(part.staging(p, part.suffix())).arg(Math.max(1, from.pttl()))));
      out.flush();
    }
    place(out, part, part.suffix(), written);
    List<SplitCheck.IndexCheck> checks = List.of();
    if (index != null) {
      rebuildIndex(out, part, index);
      checks = SplitCheck.index(target, part, index);
    }
    return new Outcome(from, SplitCheck.summed(target, part, from), checks);
  }

  /** The partition of {@code user} when the key set holds it, else {@code null} (left out: the sizes then differ). */
  private Integer partitionOf(Part part, String user) {
    int p = Partitioner.partitionOf(user, part.board().partitions());
    return p % endpoints == part.own() ? p : null;
  }

  /**
   * Scores or events, by each member's user; on the scores of a key set with a dense index, answers
   * its recomputation (partition → score → members holding it), else {@code null}.
   */
  private Map<Integer, Map<Long, Long>> splitSortedSet(RedisConnection source, String key, Part part, Writes out,
      Set<Integer> written) {
    Board b = part.board();
    boolean events = part.suffix().equals("e");
    boolean dense = part.suffix().equals("s")
        && source.send(cmd(Command.EXISTS).arg(part.key(part.own(), "n"))).await().toLong() == 1;
    Map<Integer, Map<Long, Long>> counts = dense ? new TreeMap<>() : null;
    ChunkedReads.eachChunk(source, key, rows -> {
      Map<Integer, Request> adds = new TreeMap<>();
      for (int i = 0; i + 1 < rows.size(); i += 2) {
        String member = rows.get(i).toString();
        String score = rows.get(i + 1).toString();
        int cut = member.indexOf('\n');
        String user = events && cut >= 0 ? member.substring(0, cut) : b.wide() ? TieCodec.userOf(member) : member;
        Integer p = partitionOf(part, user);
        if (p != null) {
          adds.computeIfAbsent(p, q -> cmd(Command.ZADD).arg(part.staging(q, part.suffix()))).arg(score).arg(member);
          if (dense) {
            // submit.lua's score: the packed composite's score, the wide layout's Redis score itself
            counts.computeIfAbsent(p, q -> new HashMap<>()).merge(b.scoreOf(ChunkedReads.number(score)), 1L, Long::sum);
          }
        }
      }
      written.addAll(adds.keySet());
      adds.values().forEach(out::add);
      out.flush();
    });
    return counts;
  }

  private void splitHash(RedisConnection source, String key, Part part, Writes out, Set<Integer> written) {
    ChunkedReads.scan(source, Command.HSCAN, key, page -> {
      Map<Integer, Request> sets = new TreeMap<>();
      for (int i = 0; i + 1 < page.size(); i += 2) {
        String user = page.get(i).toString();
        Integer p = partitionOf(part, user);
        if (p != null) {
          sets.computeIfAbsent(p, q -> cmd(Command.HSET).arg(part.staging(q, part.suffix()))).arg(user)
              .arg(page.get(i + 1).toBuffer());
        }
      }
      written.addAll(sets.keySet());
      sets.values().forEach(out::add);
      out.flush();
    });
  }

  private void splitSet(RedisConnection source, String key, Part part, Writes out, Set<Integer> written) {
    ChunkedReads.scan(source, Command.SSCAN, key, page -> {
      Map<Integer, Request> adds = new TreeMap<>();
      for (Response m : page) {
        Integer p = partitionOf(part, m.toString());
        if (p != null) {
          adds.computeIfAbsent(p, q -> cmd(Command.SADD).arg(part.staging(q, part.suffix()))).arg(m.toString());
        }
      }
      written.addAll(adds.keySet());
      adds.values().forEach(out::add);
      out.flush();
    });
  }

  /**
   * Each written partition's staging key renamed over its key; then the key set's own partition's,
   * which has the source key's name: replaced, or deleted when it was given nothing (in place, the
   * source key would keep the other partitions' members).
   */
  private static void place(Writes out, Part part, String suffix, Set<Integer> written) {
    for (int p : written) {
      if (p != part.own()) {
        out.add(cmd(Command.RENAME).arg(part.staging(p, suffix)).arg(part.key(p, suffix)));
      }
    }
    out.flush();
    out.add(written.contains(part.own())
        ? cmd(Command.RENAME).arg(part.staging(part.own(), suffix)).arg(part.key(part.own(), suffix))
        : cmd(Command.DEL).arg(part.key(part.own(), suffix)));
    out.flush();
  }

  /**
   * Each partition's dense index from its recomputed counts: its distinct scores ({@code d}, member =
   * score) and members per score ({@code n}).
   */
  private static void rebuildIndex(Writes out, Part part, Map<Integer, Map<Long, Long>> counts) {
    for (int p : part.partitions()) {
      out.add(cmd(Command.DEL).arg(part.staging(p, "d")));
      out.add(cmd(Command.DEL).arg(part.staging(p, "n")));
    }
    out.flush();
    counts.forEach((p, perScore) -> {
      List<Map.Entry<Long, Long>> all = new ArrayList<>(perScore.entrySet());
      for (int from = 0; from < all.size(); from += CHUNK) {
        Request distinct = cmd(Command.ZADD).arg(part.staging(p, "d"));
        Request held = cmd(Command.HSET).arg(part.staging(p, "n"));
        for (Map.Entry<Long, Long> e : all.subList(from, Math.min(all.size(), from + CHUNK))) {
          distinct.arg(e.getKey()).arg(e.getKey());
          held.arg(e.getKey()).arg(e.getValue());
        }
        out.add(distinct);
        out.add(held);
        out.flush();
      }
    });
    place(out, part, "d", counts.keySet());
    place(out, part, "n", counts.keySet());
  }

  /** Writes to the target, sent as one pipeline per {@link #flush} and waited for; none on a dry run. */
  private static final class Writes {
    private final RedisConnection target;
    private final boolean dryRun;
    private final List<Request> pending = new ArrayList<>();

    Writes(RedisConnection target, boolean dryRun) {
      this.target = target;
      this.dryRun = dryRun;
    }

    void add(Request r) {
      if (!dryRun) {
        pending.add(r);
      }
    }

    void flush() {
      List<Future<Response>> sent = pending.stream().map(target::send).toList();
      pending.clear();
      Future.all(sent).await();
    }
  }
}
