package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Shards whose calls to some groups of routes wait until a job on those routes is done: while a board
 * period's key sets are being merged ({@code KeySetUpgrade}), its reads and writes wait for the merge
 * and then run on the merged keys; the rest go on. A group is every route whose tag starts with the
 * same prefix ({@code {board:uid:period:}}). With nothing held (every node after its upgrade) a
 * dispatch costs one map check.
 */
public final class HeldShards extends ForwardingShards {
  private final Map<String, Hold> holds = new ConcurrentHashMap<>();

  /** A job run once, on first demand; run again on demand after a failure. */
  private final class Hold {
    private final String prefix;
    private final Supplier<Future<Void>> job;
    private Future<Void> running;

    Hold(String prefix, Supplier<Future<Void>> job) {
      this.prefix = prefix;
      this.job = job;
    }

    synchronized Future<Void> run() {
      if (running == null) {
        Promise<Void> done = Promise.promise();
        running = done.future();
        job.get().onComplete(ar -> {
          if (ar.succeeded()) {
            holds.remove(prefix, this);
          } else {
            synchronized (this) {
              running = null;
            }
          }
          done.handle(ar);
        });
      }
      return running;
    }
  }

  /** {@link #inner} are the shards without holds, for the jobs themselves. */
  public HeldShards(Shards inner) {
    super(inner);
  }

  /**
   * Holds every call to a route whose tag starts with {@code prefix} until {@code job} has succeeded;
   * the job starts on the first such call or on {@link #release}, whichever comes first.
   */
  public void hold(String prefix, Supplier<Future<Void>> job) {
    holds.put(prefix, new Hold(prefix, job));
  }

  /** Runs the held job of {@code prefix} now (or joins its run); succeeds at once when nothing is held. */
  public Future<Void> release(String prefix) {
    Hold h = holds.get(prefix);
    return h == null ? Future.succeededFuture() : h.run();
  }

  /** Whether calls are still held anywhere. */
  public boolean holding() {
    return !holds.isEmpty();
  }

  @Override
  public Future<List<Reply>> dispatchEach(List<Call> calls) {
    Shards inner = inner();
    if (holds.isEmpty()) {
      return inner.dispatchEach(calls);
    }
    List<Future<Void>> waits = null;
    for (Call c : calls) {
      String tag = c.route().tag();
      Hold h = holds.get(tag.substring(0, tag.lastIndexOf(':') + 1));
      if (h != null) {
        if (waits == null) {
          waits = new ArrayList<>();
        }
        waits.add(h.run());
      }
    }
    return waits == null ? inner.dispatchEach(calls) : Future.all(waits).compose(ok -> inner.dispatchEach(calls));
  }
}
