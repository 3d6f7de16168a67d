package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * The ingest baseline: batches of submit-script calls sent straight through the store
 * ({@link ScoreStore#submitAll}: one pipelined batch per node, all nodes at once), {@code inFlight}
 * batches at a time — the same events the HTTP batch carries (incr 1..100 of a random user, each
 * with its own event ID), without HTTP, JSON or validation.
 */
final class RawIngest {
  private final ScoreStore store;
  private final Board board;
  private final int users;
  private final int batchSize;
  private final int inFlight;

  RawIngest(ScoreStore store, Board board, int users, int batchSize, int inFlight) {
    this.store = store;
    this.board = board;
    this.users = users;
    this.batchSize = batchSize;
    this.inFlight = inFlight;
  }

  /** Sends batches for {@code seconds}; {@code seed} varies the users drawn and names the event IDs. */
  LoadResult run(double seconds, long seed) {
    long start = System.nanoTime();
    long deadline = start + (long) (seconds * 1e9);
    LoadResult result = new LoadResult();
    List<CompletableFuture<Void>> lanes = new ArrayList<>();
    for (int i = 0; i < inFlight; i++) {
      CompletableFuture<Void> done = new CompletableFuture<>();
      lanes.add(done);
      new Lane(new SplittableRandom(seed * 1_000_003L + i), "r" + seed + "-" + i + "-", deadline, result, done).next();
    }
    CompletableFuture.allOf(lanes.toArray(CompletableFuture[]::new)).join();
    result.addNanos(System.nanoTime() - start);
    return result;
  }

  /** Events for the given users with their own event IDs, as the submit script takes them. */
  List<SubmitCommand> commands(SplittableRandom random, String eventPrefix, long first, long nowMillis) {
    long offset = Math.floorDiv(nowMillis - board.origin(), board.tieResolution().millis());
    long tie = board.codec().tie(offset);
    List<SubmitCommand> out = new ArrayList<>(batchSize);
    for (int i = 0; i < batchSize; i++) {
      out.add(new SubmitCommand("all", "u" + random.nextInt(users), Operator.INCR, 1 + random.nextInt(100), tie,
          eventPrefix + (first + i)));
    }
    return out;
  }

  /** One batch in flight at a time, the next sent when the previous is answered. */
  private final class Lane {
    private final SplittableRandom random;
    private final String eventPrefix;
    private final long deadline;
    private final LoadResult result;
    private final CompletableFuture<Void> done;
    private long sent;

    Lane(SplittableRandom random, String eventPrefix, long deadline, LoadResult result, CompletableFuture<Void> done) {
      this.random = random;
      this.eventPrefix = eventPrefix;
      this.deadline = deadline;
      this.result = result;
      this.done = done;
    }

    void next() {
      if (System.nanoTime() >= deadline) {
        done.complete(null);
        return;
      }
      long now = System.currentTimeMillis();
      List<SubmitCommand> batch = commands(random, eventPrefix, sent, now);
      sent += batch.size();
      long t0 = System.nanoTime();
      store.submitAll(board, batch, now, board.dedupeSeconds() * 1000).onComplete(ar -> {
        long micros = (System.nanoTime() - t0) / 1000;
        synchronized (result) {
          if (ar.succeeded()) {
            result.record(true, ar.result().stream().filter(SubmitOutcome::applied).count(), micros);
          } else {
            result.record(false, 0, micros);
          }
        }
        if (ar.succeeded()) {
          next();
        } else {
          done.complete(null);
        }
      });
    }
  }
}
