package dev.leaderboard.archive;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import io.vertx.sqlclient.DatabaseException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the node's audit entries to PostgreSQL in order, off the requests' path, in batches on its
 * {@link AuditVerticle}'s event loop. While PostgreSQL is unavailable entries stay queued and are
 * retried (0.5 s doubling up to 30 s) and {@link #accepting()} is false, so admin actions are refused
 * before they act and none goes unrecorded; a full queue refuses them too. A batch refused for its
 * content (a SQL error: retrying cannot help) is logged whole at ERROR, as are entries still queued
 * at stop. {@link #record} and {@link #accepting} may be called on any thread.
 */
public final class AuditLog implements Shareable {
  private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
  static final int BATCH = 100;
  static final long FIRST_RETRY_MILLIS = 500;
  static final long LAST_RETRY_MILLIS = 30_000;
  static final long LAST_TRY_MILLIS = 5_000;

  private final Vertx vertx;
  private final Context context;
  private final AuditStore store;
  private final Clock clock;
  private final int capacity;
  private final AtomicInteger queued = new AtomicInteger();
  private volatile boolean failing;
  // on the context only
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private boolean writing;
  private long retryMillis = FIRST_RETRY_MILLIS;
  private long timer = -1;
  private boolean closing;

  /** An entry and the outcome of its first write. */
  private record Pending(AuditEntry entry, Promise<Boolean> firstTry) {
  }

  /** @param context where writes are made (the verticle's) */
  public AuditLog(Vertx vertx, Context context, AuditStore store, Clock clock, int capacity) {
    this.vertx = vertx;
    this.context = context;
    this.store = store;
    this.clock = clock;
    this.capacity = capacity;
  }

  public AuditStore store() {
    return store;
  }

  /** The time entries are stamped with. */
  public Clock clock() {
    return clock;
  }

  /** Whether a new admin action may go ahead: the last write succeeded and the queue has room. */
  public boolean accepting() {
    return !failing && queued.get() < capacity;
  }

  /**
   * Queues {@code entry}; from any thread. The answer says whether its first write succeeded
   * ({@code false}: it is kept and retried), for tests; requests do not wait for it.
   */
  public Future<Boolean> record(AuditEntry entry) {
    queued.incrementAndGet();
    Promise<Boolean> firstTry = Promise.promise();
    context.runOnContext(v -> {
      queue.add(new Pending(entry, firstTry));
      write();
    });
    return firstTry.future();
  }

  /** Completes once every entry queued before the call has been written or tried once. */
  public Future<Void> flushed() {
    Promise<Void> done = Promise.promise();
    context.runOnContext(v -> {
      Pending last = queue.peekLast();
      if (last == null) {
        done.complete();
      } else {
        last.firstTry().future().onComplete(ar -> done.complete());
      }
    });
    return done.future();
  }

  private void write() {
    if (writing || timer >= 0 || queue.isEmpty()) {
      return;
    }
    writing = true;
    List<Pending> batch = new ArrayList<>(queue).subList(0, Math.min(BATCH, queue.size()));
    store.append(batch.stream().map(Pending::entry).toList()).onComplete(ar -> {
      writing = false;
      if (ar.succeeded() || ar.cause() instanceof DatabaseException) {
        if (ar.failed()) {
          LOG.error("PostgreSQL refused {} audit entries, which are logged here instead: {} {}", batch.size(),
              ar.cause().toString(), batch.stream().map(p -> p.entry().toJson().encode()).toList());
        }
        done(batch, ar.succeeded());
        write();
      } else {
        retryLater(batch, ar.cause());
      }
    });
  }

  private void done(List<Pending> batch, boolean written) {
    for (Pending p : batch) {
      // after close() the queue is empty: the batch was logged already
      queue.pollFirst();
      p.firstTry().tryComplete(written);
    }
    queued.addAndGet(-batch.size());
    failing = false;
    retryMillis = FIRST_RETRY_MILLIS;
  }

  private void retryLater(List<Pending> batch, Throwable cause) {
    if (!failing) {
      LOG.warn("the audit log cannot be written ({}); admin actions are refused until it can, {} entries wait",
          cause.getMessage(), queue.size());
    }
    failing = true;
    batch.forEach(p -> p.firstTry().tryComplete(false));
    if (closing) {
      return;
    }
    timer = vertx.setTimer(retryMillis, t -> {
      timer = -1;
      write();
    });
    retryMillis = Math.min(LAST_RETRY_MILLIS, retryMillis * 2);
  }

  /**
   * Stops retrying after one last try to write what is queued (at most {@value #LAST_TRY_MILLIS} ms);
   * entries still not written then are logged at ERROR, whole, so they are not lost.
   */
  public Future<Void> close() {
    closing = true;
    if (timer >= 0) {
      vertx.cancelTimer(timer);
      timer = -1;
    }
    Promise<Void> tried = Promise.promise();
    long deadline = vertx.setTimer(LAST_TRY_MILLIS, t -> tried.tryComplete());
    write();
    flushed().onComplete(ar -> tried.tryComplete());
    return tried.future().andThen(ar -> {
      vertx.cancelTimer(deadline);
      if (!queue.isEmpty()) {
        LOG.error("stopping with {} audit entries not known to be written to PostgreSQL, logged here instead: {}",
            queue.size(), queue.stream().map(p -> p.entry().toJson().encode()).toList());
        queue.forEach(p -> p.firstTry().tryComplete(false));
        queue.clear();
      }
    });
  }

}
