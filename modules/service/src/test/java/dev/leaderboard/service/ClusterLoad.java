package dev.leaderboard.service;

import dev.leaderboard.embedded.Await;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writers submitting {@code incr} events (without event IDs, or each with its own) to one board while
 * a test changes the Redis Cluster under them: each writer owns its users and sends batches one after
 * the other (and now and then a single event), so each user's events reach Redis in the writer's
 * order. Every event answered applied is recorded, in that order, in the reference model and among
 * the acknowledged events; events that failed (in a batch's {@code failures}, or a single event's
 * 503) are recorded apart with their error codes, as are the events applied before a {@link #mark}.
 */
final class ClusterLoad {
  static final int WRITERS = 3;
  static final int USERS_PER_WRITER = 40;
  static final int BATCH = 25;

  private final JsonService service;
  private final String board;
  private final ReferenceBoard model;
  private final long dayStart;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();
  private final List<String> users = new ArrayList<>();
  /** Per user: the sum of the values of the events acknowledged, of those failed, and of those acknowledged before the mark. */
  private final Map<String, long[]> sums = new HashMap<>();
  private final List<Throwable> errors = new ArrayList<>();
  private final boolean eventIds;
  private final List<JsonObject> acknowledged = new ArrayList<>();
  private final List<String> failureCodes = new ArrayList<>();
  private int batches;

  ClusterLoad(JsonService service, String board, ReferenceBoard model, long dayStart, Random rnd) {
    this(service, board, model, dayStart, rnd, false);
  }

  /** @param eventIds whether each event carries an event ID of its own */
  ClusterLoad(JsonService service, String board, ReferenceBoard model, long dayStart, Random rnd, boolean eventIds) {
    this.eventIds = eventIds;
    this.service = service;
    this.board = board;
    this.model = model;
    this.dayStart = dayStart;
    for (int w = 0; w < WRITERS; w++) {
      List<String> own = new ArrayList<>();
      for (int u = 0; u < USERS_PER_WRITER; u++) {
        String user = "w" + w + "-" + Integer.toString(rnd.nextInt(1 << 20), 36) + "-" + u;
        own.add(user);
        sums.put(user, new long[3]);
      }
      users.addAll(own);
      long seed = rnd.nextLong();
      int writer = w;
      threads.add(new Thread(() -> write(writer, own, new Random(seed)), "cluster-load-" + w));
    }
  }

  /** Starts the writers and returns once each has had a batch applied. */
  ClusterLoad start() {
    threads.forEach(Thread::start);
    Await.until("every writer had a batch applied", Duration.ofSeconds(30),
        () -> batchesDone() >= WRITERS || !errors().isEmpty());
    return this;
  }

  /** From now on, applied events count as applied after the mark; answers the sums before it. */
  synchronized Map<String, Long> mark() {
    Map<String, Long> before = new HashMap<>();
    sums.forEach((u, s) -> before.put(u, s[2] = s[0]));
    return before;
  }

  /** Lets every writer send two more batches, then stops them; fails with the first error a writer met. */
  void finish() throws InterruptedException {
    int target = batchesDone() + 2 * WRITERS;
    Await.until("two more batches per writer", Duration.ofSeconds(60),
        () -> batchesDone() >= target || !errors().isEmpty());
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
    if (!errors().isEmpty()) {
      throw new AssertionError("a writer failed", errors().get(0));
    }
  }

  List<String> users() {
    return users;
  }

  /** Per user: {acknowledged, failed (may or may not have run), acknowledged before the mark}. */
  synchronized Map<String, long[]> sums() {
    return sums;
  }

  /** The events answered applied, in the order of their answers. */
  synchronized List<JsonObject> acknowledged() {
    return new ArrayList<>(acknowledged);
  }

  /** The error code of every event that failed, in the order of the answers. */
  synchronized List<String> failureCodes() {
    return new ArrayList<>(failureCodes);
  }

  synchronized int batchesDone() {
    return batches;
  }

  synchronized List<Throwable> errors() {
    return new ArrayList<>(errors);
  }

  private void write(int writer, List<String> own, Random rnd) {
    try {
      for (int k = 0; !stop.get(); k++) {
        List<JsonObject> events = new ArrayList<>();
        int size = rnd.nextInt(8) == 0 ? 1 : BATCH;
        for (int i = 0; i < size; i++) {
          JsonObject e = new JsonObject().put("userId", own.get(rnd.nextInt(own.size()))).put("value", 1 + rnd.nextInt(3))
              .put("at", dayStart + 3_600_000 + rnd.nextInt(600) * 1000L);
          events.add(eventIds ? e.put("eventId", "w" + writer + "-" + k + "-" + i) : e);
        }
        if (size == 1) {
          JsonObject r;
          try {
            r = service.submit(board, events.get(0)).await();
          } catch (ServiceException e) {
            if (e.failureCode() != 503) {
              throw e;
            }
            record(events, List.of(0), List.of(e.getDebugInfo().getString("error")), true);
            continue;
          }
          record(events, List.of(), List.of(), r.getBoolean("applied") || eventIds);
        } else {
          JsonObject r = service.submitBatch(board, new JsonObject().put("events", new JsonArray(new ArrayList<>(events))))
              .await();
          List<JsonObject> failures = r.getJsonArray("failures").stream().map(f -> (JsonObject) f).toList();
          List<Integer> failed = failures.stream().map(f -> f.getInteger("index")).toList();
          // with event IDs, an event the node sent twice (its first batch failed after it ran) is a duplicate
          int stored = r.getInteger("applied") + (eventIds ? r.getInteger("duplicate") : 0);
          record(events, failed, failures.stream().map(f -> f.getString("error")).toList(), stored + failed.size() == size);
        }
      }
    } catch (Throwable t) {
      synchronized (this) {
        errors.add(t);
      }
    }
  }

  private synchronized void record(List<JsonObject> events, List<Integer> failed, List<String> codes,
      boolean allAnswered) {
    if (!allAnswered) {
      errors.add(new AssertionError("events neither applied nor failed in " + events));
    }
    failureCodes.addAll(codes);
    for (int i = 0; i < events.size(); i++) {
      JsonObject e = events.get(i);
      long[] s = sums.get(e.getString("userId"));
      if (failed.contains(i)) {
        s[1] += e.getLong("value");
      } else {
        s[0] += e.getLong("value");
        acknowledged.add(e);
        model.apply(e.getString("userId"), e.getLong("value"), e.getLong("at"), null);
      }
    }
    batches++;
  }
}
