package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.leaderboard.embedded.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the client sends when it reconnects, seen by an HTTP server that ends each stream after one
 * event (the node's own streams ignore the header and greet with the current state): the first
 * request carries no {@code Last-Event-ID}, each later one the ID of the last event read.
 */
class LastEventIdTest {

  @Test
  void aReconnectSendsTheLastEventId() throws IOException {
    List<String> lastIds = new CopyOnWriteArrayList<>();
    AtomicInteger connections = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/boards/b/stream", exchange -> {
      lastIds.add(String.valueOf(exchange.getRequestHeaders().getFirst("Last-Event-ID")));
      int n = connections.incrementAndGet();
      byte[] event = ("id: " + (10 * n) + "\nevent: top\ndata: {\"board\":\"b\",\"period\":\"all\",\"total\":" + n
          + ",\"entries\":[]}\n\n").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
      exchange.sendResponseHeaders(200, event.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(event);
      }
    });
    server.start();
    List<StreamEvent> seen = new CopyOnWriteArrayList<>();
    Flow.Subscription[] subscription = new Flow.Subscription[1];
    try {
      LeaderboardClient client = LeaderboardClient.builder(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
          .build();
      client.streams().stream("b", StreamOptions.DEFAULTS).subscribe(new Flow.Subscriber<>() {
        public void onSubscribe(Flow.Subscription s) {
          subscription[0] = s;
          s.request(3);
        }

        public void onNext(StreamEvent e) {
          seen.add(e);
        }

        public void onError(Throwable t) {
        }

        public void onComplete() {
        }
      });
      Await.until("three events over three connections", Duration.ofSeconds(20), () -> seen.size() == 3);
      assertThat(seen).extracting(StreamEvent::id).containsExactly("10", "20", "30");
      assertThat(lastIds.subList(0, 3)).containsExactly("null", "10", "20");
    } finally {
      if (subscription[0] != null) {
        subscription[0].cancel();
      }
      server.stop(0);
    }
  }
}
