package dev.leaderboard.app;

import static io.vertx.redis.client.Request.cmd;

import dev.leaderboard.app.PartitionSplit.Part;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back what a {@link PartitionSplit} wrote, for the verification of {@code migrate}: the
 * partitions' keys as one state to compare with the source key's, and each partition's dense index
 * against a recomputation from the scores written to it. Blocking, like the split.
 */
final class SplitCheck {
  private SplitCheck() {
  }

  /**
   * A key set's dense-index key ({@code d} or {@code n}) and how its partitions' keys differ from a
   * recomputation; {@code null}: they do not.
   */
  record IndexCheck(String key, String problem) {
  }

  /**
   * The target's dense index of each partition against its recomputation: {@code d} holds exactly
   * the recomputed scores, {@code n} exactly their counts, and the counts add up to the partition's
   * entries (a member read twice while writers moved it would not).
   */
  static List<IndexCheck> index(RedisConnection target, Part part, Map<Integer, Map<Long, Long>> counts) {
    String distinctDiffers = null;
    String countsDiffer = null;
    for (int p : part.partitions()) {
      Map<String, String> want = new HashMap<>();
      counts.getOrDefault(p, Map.of()).forEach((score, n) -> want.put(Long.toString(score), Long.toString(n)));
      // member → its score, which must be the member
      Map<String, String> distinct = new HashMap<>();
      String d = part.key(p, "d");
      ChunkedReads.eachChunk(target, d, rows -> {
        for (int i = 0; i + 1 < rows.size(); i += 2) {
          distinct.put(rows.get(i).toString(), Long.toString(ChunkedReads.number(rows.get(i + 1).toString())));
        }
      });
      boolean alike = distinct.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()));
      if (distinctDiffers == null && !(alike && distinct.keySet().equals(want.keySet()))) {
        distinctDiffers = d + " holds " + distinct.size() + " scores, the partition's entries written hold " + want.size();
      }
      Map<String, String> held = new HashMap<>();
      ChunkedReads.scan(target, Command.HSCAN, part.key(p, "n"), page -> {
        for (int i = 0; i + 1 < page.size(); i += 2) {
          held.put(page.get(i).toString(), page.get(i + 1).toString());
        }
      });
      long counted = counts.getOrDefault(p, Map.of()).values().stream().mapToLong(Long::longValue).sum();
      long entries = target.send(cmd(Command.ZCARD).arg(part.key(p, "s"))).await().toLong();
      if (countsDiffer == null && (!held.equals(want) || counted != entries)) {
        long heldSum = held.values().stream().mapToLong(Long::parseLong).sum();
        countsDiffer = part.key(p, "n") + " counts " + heldSum + " entries at " + held.size() + " scores, its " + counted
            + " entries written hold " + want.size() + " (the partition holds " + entries + ")";
      }
    }
    return List.of(new IndexCheck(part.key(part.own(), "d"), distinctDiffers),
        new IndexCheck(part.key(part.own(), "n"), countsDiffer));
  }

  /**
   * The partitions' keys on the target as one state to compare with the source key's: their sizes
   * summed, expiring if each does; for a mark, the first partition's state unlike the source's, if any.
   */
  static KeyState summed(RedisConnection target, Part part, KeyState from) {
    List<Future<Response>> reads = part.partitions().stream().map(p -> target.send(KeyState.read(part.key(p)))).toList();
    Future.all(reads).await();
    List<KeyState> states = reads.stream().map(r -> KeyState.of(r.result())).toList();
    if (from.type().equals("string")) {
      return states.stream().filter(s -> !s.matches(from)).findFirst().orElse(states.get(0));
    }
    List<KeyState> present = states.stream().filter(KeyState::exists).toList();
    if (present.isEmpty()) {
      return states.get(0);
    }
    String type = present.stream().allMatch(s -> s.type().equals(from.type())) ? from.type() : "mixed";
    long size = present.stream().mapToLong(KeyState::size).sum();
    boolean expires = present.stream().allMatch(KeyState::expires);
    return new KeyState(type, expires ? present.stream().mapToLong(KeyState::pttl).min().getAsLong() : -1, size);
  }
}
