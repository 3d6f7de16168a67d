package dev.leaderboard.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.leaderboard.client.model.Entry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Flow;
import java.util.function.Supplier;

/**
 * One subscriber's stream: a thread of its own reads the connection, hands events on as the
 * subscriber requests them, and reconnects (sending {@code Last-Event-ID}) whenever the connection
 * ends, until the subscriber cancels or the node refuses the stream for good (a 4xx: the error).
 */
final class StreamSubscription implements Flow.Subscription, Runnable {
  private final Transport transport;
  private final Supplier<Call> call;
  private final ReconnectPolicy reconnect;
  private final Flow.Subscriber<? super StreamEvent> subscriber;
  private final SseFrames frames = new SseFrames();
  /** The last state handed on per feed ({@code top}, {@code entry:<userId>}), so a reconnect's greeting is not a duplicate. */
  private final Map<String, String> delivered = new HashMap<>();
  private final Object lock = new Object();
  private long demand;
  private volatile boolean cancelled;
  private volatile InputStream body;

  StreamSubscription(Transport transport, Supplier<Call> call, ReconnectPolicy reconnect,
      Flow.Subscriber<? super StreamEvent> subscriber) {
    this.transport = transport;
    this.call = call;
    this.reconnect = reconnect;
    this.subscriber = subscriber;
  }

  @Override
  public void request(long n) {
    if (n <= 0) {
      cancel();
      subscriber.onError(new IllegalArgumentException("request(n) needs n > 0 (got " + n + ")"));
      return;
    }
    synchronized (lock) {
      demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
      lock.notifyAll();
    }
  }

  @Override
  public void cancel() {
    cancelled = true;
    close(body);
    synchronized (lock) {
      lock.notifyAll();
    }
  }

  @Override
  public void run() {
    int failures = 0;
    while (!cancelled) {
      Map<String, String> headers = frames.lastId() == null ? Map.of() : Map.of("Last-Event-ID", frames.lastId());
      Duration wait;
      try {
        HttpResponse<InputStream> answer = transport.open(call.get(), headers);
        failures = 0;
        read(answer.body());
        wait = frames.retryMillis().map(Duration::ofMillis).orElse(Duration.ZERO);
      } catch (ApiException e) {
        if (e.status() != 0 && !e.retryable()) {
          if (!cancelled) {
            cancelled = true;
            subscriber.onError(e);
          }
          return;
        }
        failures++;
        wait = e.retryAfter().orElse(reconnect.delay(failures));
      }
      if (!cancelled && !wait.isZero()) {
        pause(wait);
      }
    }
  }

  private void read(InputStream in) {
    body = in;
    if (cancelled) {
      close(in);
      return;
    }
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null && !cancelled; line = lines.readLine()) {
        frames.line(line).ifPresent(this::handOn);
      }
    } catch (IOException e) {
      // the connection broke (the node stopped): reconnect like after an ended answer
    } finally {
      frames.reset();
    }
  }

  private void handOn(SseFrames.Frame frame) {
    StreamEvent event = event(frame);
    if (event == null) {
      return;
    }
    String feed = event instanceof StreamEvent.EntryChanged e ? "entry:" + e.userId() : frame.event();
    if (event instanceof StreamEvent.PeriodRolled) {
      delivered.clear();
    } else if (frame.data().equals(delivered.get(feed))) {
      return;
    }
    if (!awaitDemand()) {
      return;
    }
    delivered.put(feed, frame.data());
    subscriber.onNext(event);
  }

  /** The typed event; null for a type this client does not know (a newer node's). */
  static StreamEvent event(SseFrames.Frame frame) {
    JsonNode data = Json.tree(frame.data());
    if (data == null) {
      return null;
    }
    String id = frame.lastId();
    return switch (frame.event()) {
      case "top" -> new StreamEvent.TopChanged(id, data.path("board").asText(), data.path("period").asText(),
          data.path("total").asLong(), entries(data.get("entries")));
      case "entry" -> new StreamEvent.EntryChanged(id, data.path("board").asText(), data.path("period").asText(),
          data.path("userId").asText(), data.hasNonNull("entry") ? Json.convert(data.get("entry"), Entry.class) : null);
      case "period" -> new StreamEvent.PeriodRolled(id, data.path("board").asText(), data.path("previous").asText(),
          data.path("period").asText());
      default -> null;
    };
  }

  private static List<Entry> entries(JsonNode node) {
    return node == null || node.isNull() ? List.of() : Arrays.asList(Json.convert(node, Entry[].class));
  }

  private boolean awaitDemand() {
    synchronized (lock) {
      while (demand == 0 && !cancelled) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          cancelled = true;
        }
      }
      if (cancelled) {
        return false;
      }
      demand--;
      return true;
    }
  }

  private void pause(Duration wait) {
    synchronized (lock) {
      long until = System.nanoTime() + wait.toNanos();
      for (long left = wait.toNanos(); left > 0 && !cancelled; left = until - System.nanoTime()) {
        try {
          lock.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          cancelled = true;
        }
      }
    }
  }

  private static void close(InputStream in) {
    if (in != null) {
      try {
        in.close();
      } catch (IOException e) {
        // closing is all that is wanted; the reader sees the end either way
      }
    }
  }
}
