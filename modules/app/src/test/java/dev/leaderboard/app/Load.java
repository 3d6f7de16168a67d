package dev.leaderboard.app;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writers, each on a thread of its own, that send {@code +1} events with unique IDs for a fixed set
 * of users until closed, counting per user the events that were answered {@code applied}.
 */
final class Load implements AutoCloseable {
  /** Sends a writer's {@code i}-th event; answers {@code null} when the node could not be reached. */
  interface Submit {
    HttpResponse<String> send(int i, String user, String eventId);
  }

  private final Map<String, AtomicInteger> acknowledged = new TreeMap<>();
  private final AtomicInteger sent = new AtomicInteger();
  private final AtomicInteger failures = new AtomicInteger();
  private final AtomicBoolean stop = new AtomicBoolean();
  private final ExecutorService writers;

  private Load(int writers, int users) {
    this.writers = Executors.newFixedThreadPool(writers);
    for (int u = 0; u < users; u++) {
      acknowledged.put("k" + u, new AtomicInteger());
    }
  }

  static Load start(int writers, int users, Submit submit) {
    Load load = new Load(writers, users);
    for (int w = 0; w < writers; w++) {
      int writer = w;
      load.writers.execute(() -> load.write(writer, users, submit));
    }
    return load;
  }

  private void write(int writer, int users, Submit submit) {
    for (int i = 0; !stop.get(); i++) {
      String user = "k" + ((writer * 7 + i) % users);
      HttpResponse<String> r = submit.send(i, user, writer + "-" + i);
      sent.incrementAndGet();
      if (r != null && r.statusCode() == 200 && new JsonObject(r.body()).getBoolean("applied")) {
        acknowledged.get(user).incrementAndGet();
      } else {
        failures.incrementAndGet();
      }
    }
  }

  int sent() {
    return sent.get();
  }

  int failures() {
    return failures.get();
  }

  /** Acknowledged events per user, every user included; read after {@link #close()}. */
  Map<String, Integer> acknowledged() {
    Map<String, Integer> out = new TreeMap<>();
    acknowledged.forEach((user, n) -> out.put(user, n.get()));
    return out;
  }

  /** Stops the writers and waits for their requests in flight; again, it does nothing. */
  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    writers.shutdown();
    if (!writers.awaitTermination(60, TimeUnit.SECONDS)) {
      throw new AssertionError("writers still busy 60 s after the stop");
    }
  }
}
