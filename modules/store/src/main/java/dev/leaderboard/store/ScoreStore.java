package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Order;
import dev.leaderboard.core.Partitioner;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * Scores of board periods spread over partitions. Writes are one Lua call on the user's
 * partition; reads are one pipelined batch per shard, all shards in parallel.
 */
public final class ScoreStore {
  private final Shards shards;
  private final PageSelector pages;

  public ScoreStore(Shards shards) {
    this(shards, PageSelector.MAX_WINDOW);
  }

  /** With a narrower deep-page window than the default, so tests can force the refining rounds. */
  ScoreStore(Shards shards, long maxWindow) {
    this.shards = shards;
    this.pages = new PageSelector(shards, maxWindow);
  }

  /** The page at global position {@code offset}, exact at any depth (see {@link PageSelector}). */
  public Future<Page> page(Board b, String period, long offset, int limit) {
    return retryOnNoScript(() -> pages.page(b, period, offset, limit));
  }

  public Shards shards() {
    return shards;
  }

  /** Applies one event atomically on the user's shard. */
  public Future<SubmitOutcome> submit(Board b, SubmitCommand c, long nowMillis, long dedupeMillis) {
    int p = Partitioner.partitionOf(c.userId(), b.partitions());
    int shard = shards.shardOf(p);
    String[] keys = Keys.all(b, c.period(), p);
    return shards.send(shard, submitArgs(Scripts.SUBMIT.evalsha(keys), b, c, nowMillis, dedupeMillis))
        .recover(t -> Scripts.isNoScript(t)
            ? shards.send(shard, submitArgs(Scripts.SUBMIT.eval(keys), b, c, nowMillis, dedupeMillis))
            : Future.failedFuture(t))
        .map(ScoreStore::outcome);
  }

  /**
   * Applies many events: grouped by shard, each group one pipelined batch (events of one user keep
   * their order). The batch starts with SCRIPT LOAD so that no EVALSHA can miss its script.
   */
  public Future<List<SubmitOutcome>> submitAll(Board b, List<SubmitCommand> commands, long nowMillis,
      long dedupeMillis) {
    int n = shards.count();
    List<List<Integer>> indexes = new ArrayList<>();
    List<List<Request>> batches = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      indexes.add(new ArrayList<>());
      List<Request> batch = new ArrayList<>();
      batch.add(Scripts.SUBMIT.load());
      batches.add(batch);
    }
    for (int i = 0; i < commands.size(); i++) {
      SubmitCommand c = commands.get(i);
      int p = Partitioner.partitionOf(c.userId(), b.partitions());
      int s = shards.shardOf(p);
      indexes.get(s).add(i);
      batches.get(s).add(submitArgs(Scripts.SUBMIT.evalsha(Keys.all(b, c.period(), p)),
          b, c, nowMillis, dedupeMillis));
    }
    List<Future<List<Response>>> sent = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      sent.add(indexes.get(s).isEmpty() ? Future.succeededFuture(List.of()) : shards.batch(s, batches.get(s)));
    }
    return Future.all(sent).map(all -> {
      SubmitOutcome[] out = new SubmitOutcome[commands.size()];
      for (int s = 0; s < n; s++) {
        List<Response> answers = all.resultAt(s);
        List<Integer> idx = indexes.get(s);
        for (int k = 0; k < idx.size(); k++) {
          out[idx.get(k)] = outcome(answers.get(k + 1));
        }
      }
      return List.of(out);
    });
  }

  private static Request submitArgs(Request r, Board b, SubmitCommand c, long now, long dedupeMillis) {
    return r.arg(c.userId())
        .arg(c.operator().wireName())
        .arg(c.value())
        .arg(b.order() == Order.DESC ? "1" : "0")
        .arg(b.codec().scale())
        .arg(c.tie())
        .arg(b.maxScore())
        .arg(c.eventId() == null ? "" : c.eventId())
        .arg(now)
        .arg(dedupeMillis)
        .arg(b.denseRanks() ? "1" : "0");
  }

  private static SubmitOutcome outcome(Response r) {
    int code = r.get(0).toInteger();
    SubmitOutcome.Status status;
    switch (code) {
      case 1 -> status = SubmitOutcome.Status.CHANGED;
      case 2 -> status = SubmitOutcome.Status.UNCHANGED;
      case 0 -> status = SubmitOutcome.Status.DUPLICATE;
      case -1 -> status = SubmitOutcome.Status.BELOW_ZERO;
      case -2 -> status = SubmitOutcome.Status.ABOVE_MAX;
      case -3 -> status = SubmitOutcome.Status.CLOSED;
      default -> throw new IllegalStateException("unexpected submit status " + code);
    }
    return new SubmitOutcome(status, composite(r.get(1)), composite(r.get(2)));
  }

  private static Long composite(Response r) {
    if (r == null) {
      return null;
    }
    String s = r.toString();
    return s.isEmpty() ? null : StoredEntry.parseComposite(s);
  }

  /** The user's composite in a period, or {@code null}. */
  public Future<Long> composite(Board b, String period, String userId) {
    int p = Partitioner.partitionOf(userId, b.partitions());
    return shards.send(shards.shardOf(p), Request.cmd(Command.ZSCORE).arg(Keys.scores(b, period, p)).arg(userId))
        .map(ScoreStore::composite);
  }

  /**
   * For each pivot, how many members are ordered before it; for each score, how many members
   * have a strictly better score; and the total. One batch per shard.
   */
  public Future<RankCounts> counts(Board b, String period, List<StoredEntry> pivots, List<Long> scores) {
    return retryOnNoScript(() -> shards.eachPartition(b.partitions(), p -> {
      String key = Keys.scores(b, period, p);
      List<Request> r = new ArrayList<>();
      r.add(Request.cmd(Command.ZCARD).arg(key));
      if (!pivots.isEmpty()) {
        Request count = Scripts.RANK.evalsha(key).arg(b.order() == Order.DESC ? "1" : "0").arg("count");
        for (StoredEntry e : pivots) {
          count.arg(e.composite()).arg(e.userId());
        }
        r.add(count);
      }
      for (long score : scores) {
        r.add(strictlyBetter(b, key, score));
      }
      return r;
    })).map(perPartition -> {
      long total = 0;
      long[] before = new long[pivots.size()];
      long[] better = new long[scores.size()];
      for (List<Response> answers : perPartition) {
        total += answers.get(0).toLong();
        int at = 1;
        if (!pivots.isEmpty()) {
          Response counts = answers.get(at++);
          for (int i = 0; i < before.length; i++) {
            before[i] += counts.get(i).toLong();
          }
        }
        for (int i = 0; i < better.length; i++) {
          better[i] += answers.get(at++).toLong();
        }
      }
      return new RankCounts(total, before, better);
    });
  }

  private static Request strictlyBetter(Board b, String key, long score) {
    if (b.order() == Order.DESC) {
      return Request.cmd(Command.ZCOUNT).arg(key).arg(b.codec().lowest(score + 1)).arg("+inf");
    }
    return Request.cmd(Command.ZCOUNT).arg(key).arg("-inf").arg("(" + b.codec().lowest(score));
  }

  /** The first {@code n} entries of the period in board order, merged from every partition's head. */
  public Future<List<StoredEntry>> head(Board b, String period, int n) {
    if (n <= 0) {
      return Future.succeededFuture(List.of());
    }
    return shards.eachPartition(b.partitions(), p -> List.of(range(b, Keys.scores(b, period, p), 0, n - 1)))
        .map(perPartition -> {
          List<List<StoredEntry>> runs = new ArrayList<>();
          for (List<Response> answers : perPartition) {
            runs.add(entries(answers.get(0)));
          }
          return merge(b.order(), runs, n);
        });
  }

  /** The users' composites ({@code null} where absent), in the order asked: one ZMSCORE per partition. */
  public Future<List<Long>> composites(Board b, String period, List<String> userIds) {
    List<List<Integer>> byPartition = new ArrayList<>();
    for (int p = 0; p < b.partitions(); p++) {
      byPartition.add(new ArrayList<>());
    }
    for (int i = 0; i < userIds.size(); i++) {
      byPartition.get(Partitioner.partitionOf(userIds.get(i), b.partitions())).add(i);
    }
    return shards.eachPartition(b.partitions(), p -> {
      List<Integer> idx = byPartition.get(p);
      if (idx.isEmpty()) {
        return List.of();
      }
      Request r = Request.cmd(Command.ZMSCORE).arg(Keys.scores(b, period, p));
      idx.forEach(i -> r.arg(userIds.get(i)));
      return List.of(r);
    }).map(perPartition -> {
      Long[] out = new Long[userIds.size()];
      for (int p = 0; p < perPartition.size(); p++) {
        List<Integer> idx = byPartition.get(p);
        if (idx.isEmpty()) {
          continue;
        }
        Response scores = perPartition.get(p).get(0);
        for (int k = 0; k < idx.size(); k++) {
          out[idx.get(k)] = composite(scores.get(k));
        }
      }
      return java.util.Arrays.asList(out);
    });
  }

  /**
   * The entry and its neighbours: on every partition one script counts the members before the
   * entry and returns up to {@code before} members before that point and {@code after} from it.
   */
  public Future<Around> around(Board b, String period, StoredEntry e, int before, int after) {
    return retryOnNoScript(() -> shards.eachPartition(b.partitions(), p -> List.of(
        Scripts.RANK.evalsha(Keys.scores(b, period, p)).arg(b.order() == Order.DESC ? "1" : "0").arg("around")
            .arg(e.composite()).arg(e.userId()).arg(before).arg(after))))
        .map(perPartition -> {
          long position = 0;
          long total = 0;
          List<List<StoredEntry>> befores = new ArrayList<>();
          List<List<StoredEntry>> froms = new ArrayList<>();
          for (List<Response> answers : perPartition) {
            Response r = answers.get(0);
            long n = r.get(0).toLong();
            position += n;
            total += r.get(1).toLong();
            long first = Math.max(0, n - before);
            List<StoredEntry> rows = new ArrayList<>();
            for (int i = 2; i + 1 < r.size(); i += 2) {
              rows.add(new StoredEntry(r.get(i).toString(), StoredEntry.parseComposite(r.get(i + 1).toString())));
            }
            int split = (int) Math.min(rows.size(), n - first);
            befores.add(rows.subList(0, split));
            froms.add(rows.subList(split, rows.size()));
          }
          List<StoredEntry> earlier = merge(b.order(), befores, Integer.MAX_VALUE);
          return new Around(position, total, earlier.subList(Math.max(0, earlier.size() - before), earlier.size()),
              merge(b.order(), froms, after));
        });
  }

  /**
   * The distinct scores strictly better than {@code score}, over all partitions, sorted best
   * first. Costs one round and as many values as there are such distinct scores per partition.
   */
  public Future<long[]> distinctBetter(Board b, String period, long score) {
    return shards.eachPartition(b.partitions(), p -> {
      String key = Keys.distinct(b, period, p);
      return List.of(b.order() == Order.DESC
          ? Request.cmd(Command.ZRANGEBYSCORE).arg(key).arg("(" + score).arg("+inf")
          : Request.cmd(Command.ZRANGEBYSCORE).arg(key).arg("-inf").arg("(" + score));
    }).map(perPartition -> {
      java.util.TreeSet<Long> union = new java.util.TreeSet<>();
      for (List<Response> answers : perPartition) {
        for (Response v : answers.get(0)) {
          union.add(Long.parseLong(v.toString()));
        }
      }
      long[] out = union.stream().mapToLong(Long::longValue).toArray();
      if (b.order() == Order.DESC) {
        for (int i = 0, j = out.length - 1; i < j; i++, j--) {
          long t = out[i];
          out[i] = out[j];
          out[j] = t;
        }
      }
      return out;
    });
  }

  /**
   * A user's composite, position and the period's total.
   *
   * @param composite {@code null} when the user has no score
   */
  public record UserRank(Long composite, long before, long total) {
  }

  /**
   * The user's global position. Without a hint: ZSCORE on the user's partition, then the counts
   * on every partition (two rounds). With a hint (the user's composite as last seen): one round —
   * every partition counts the members before the hinted entry while the user's own partition also
   * returns the user's current composite; if that differs from the hint the counts are discarded
   * and the round is repeated with the current composite. So a stale hint costs a round, never a
   * wrong answer.
   */
  public Future<UserRank> userRank(Board b, String period, String userId, Long hint) {
    if (hint == null) {
      return composite(b, period, userId).compose(c -> c == null
          ? Future.succeededFuture(new UserRank(null, 0, 0))
          : userRank(b, period, userId, c));
    }
    int own = Partitioner.partitionOf(userId, b.partitions());
    String desc = b.order() == Order.DESC ? "1" : "0";
    return retryOnNoScript(() -> shards.eachPartition(b.partitions(), p -> {
      String key = Keys.scores(b, period, p);
      if (p == own) {
        return List.of(Scripts.RANK.evalsha(key).arg(desc).arg("self").arg(hint).arg(userId));
      }
      return List.of(Request.cmd(Command.ZCARD).arg(key), Scripts.RANK.evalsha(key).arg(desc).arg("count").arg(hint)
          .arg(userId));
    })).compose(perPartition -> {
      Response self = perPartition.get(own).get(0);
      Long current = composite(self.get(0));
      if (current == null) {
        return Future.succeededFuture(new UserRank(null, 0, 0));
      }
      if (current.longValue() != hint) {
        return userRank(b, period, userId, current);
      }
      long before = 0;
      long total = 0;
      for (int p = 0; p < perPartition.size(); p++) {
        List<Response> answers = perPartition.get(p);
        if (p == own) {
          before += answers.get(0).get(1).toLong();
          total += answers.get(0).get(2).toLong();
        } else {
          total += answers.get(0).toLong();
          before += answers.get(1).get(0).toLong();
        }
      }
      return Future.succeededFuture(new UserRank(current, before, total));
    });
  }

  /** ZRANGE by rank in board order (ZREVRANGE on desc boards), with scores. */
  static Request range(Board b, String key, long from, long to) {
    return Request.cmd(b.order() == Order.DESC ? Command.ZREVRANGE : Command.ZRANGE)
        .arg(key).arg(from).arg(to).arg("WITHSCORES");
  }

  static List<StoredEntry> entries(Response flat) {
    List<StoredEntry> out = new ArrayList<>(flat.size() / 2);
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      out.add(new StoredEntry(flat.get(i).toString(), StoredEntry.parseComposite(flat.get(i + 1).toString())));
    }
    return out;
  }

  /** k-way merge of runs that are each sorted in board order; keeps the first {@code limit}. */
  static List<StoredEntry> merge(Order order, List<List<StoredEntry>> runs, int limit) {
    var cmp = StoredEntry.order(order);
    PriorityQueue<int[]> heads = new PriorityQueue<>((x, y) -> cmp.compare(runs.get(x[0]).get(x[1]), runs.get(y[0]).get(y[1])));
    for (int r = 0; r < runs.size(); r++) {
      if (!runs.get(r).isEmpty()) {
        heads.add(new int[] {r, 0});
      }
    }
    List<StoredEntry> out = new ArrayList<>();
    while (!heads.isEmpty() && out.size() < limit) {
      int[] h = heads.poll();
      out.add(runs.get(h[0]).get(h[1]));
      if (h[1] + 1 < runs.get(h[0]).size()) {
        heads.add(new int[] {h[0], h[1] + 1});
      }
    }
    return out;
  }

  /** Loads the scripts on every shard, so the first calls do not need a fallback. */
  public Future<Void> loadScripts() {
    List<Future<List<Response>>> loads = new ArrayList<>();
    for (int s = 0; s < shards.count(); s++) {
      loads.add(shards.batch(s, List.of(Scripts.SUBMIT.load(), Scripts.RANK.load())));
    }
    return Future.all(loads).mapEmpty();
  }

  /** Read-only scripts may be retried: a restarted shard has lost its script cache. */
  private <T> Future<T> retryOnNoScript(Supplier<Future<T>> call) {
    return call.get().recover(t -> {
      if (!Scripts.isNoScript(t)) {
        return Future.failedFuture(t);
      }
      return loadScripts().compose(ok -> call.get());
    });
  }
}
