package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes in one Hazelcast cluster (two clustered Vert.x in this JVM) on the same Redis: a ticket
 * issued by one opens a stream on the other, and a submit accepted by the first reaches that stream
 * (the first node's score notice, over the clustered event bus). Every wait has a deadline: the
 * stream's keepalives must not keep a lost notice waiting forever.
 */
@ExtendWith(VertxExtension.class)
class StreamAcrossNodesTest {
  @Test
  void aSubmitOnOneNodeReachesAStreamOnTheOther(Vertx vertx, @TempDir Path dir) throws Exception {
    try (TwoNodes nodes = TwoNodes.start(dir)) {
      LeaderboardApp a = nodes.a;
      int portA = nodes.portA;
      int portB = nodes.portB;
      HttpClient http = vertx.createHttpClient();
      try {
        WebClient admin = AdminClients.of(vertx, a);
        String board = "sa-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
        assertThat(admin.put(portA, "localhost", "/v1/boards/" + board).sendJsonObject(new JsonObject()).await()
            .statusCode()).isEqualTo(201);
        JsonObject ticket = admin.post(portA, "localhost", "/v1/boards/" + board + "/stream-tickets").send().await()
            .bodyAsJsonObject();

        BlockingQueue<String> chunks = new LinkedBlockingQueue<>();
        // the handler is set as the answer arrives, on its event loop: set later (after await), the first
        // chunks (the retry line, often the first top) could arrive before it and be lost to the test
        HttpClientResponse stream = http.request(HttpMethod.GET, portB, "localhost",
                "/v1/boards/" + board + "/stream?top=3&ticket=" + ticket.getString("ticket"))
            .compose(req -> req.send().map(answer -> answer.handler(chunk ->
                chunks.add(chunk.toString(StandardCharsets.UTF_8))))).await();
        assertThat(stream.statusCode()).isEqualTo(200);
        StringBuilder seen = new StringBuilder();
        awaitText(chunks, seen, "event: top");

        // node A may learn of node B's subscription to score notices a moment after B registered it:
        // a submit sent before then notifies nobody on B, so submit again each second, for 30 s at most
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int submits = 0;
        long submitted;
        do {
          assertThat(System.nanoTime()).as("a notice of alice's submits on node B's stream within 30 s (%d submits; "
              + "so far %s)", submits, seen).isLessThan(deadline);
          assertThat(admin.post(portA, "localhost", "/v1/boards/" + board + "/scores")
              .sendJsonObject(new JsonObject().put("userId", "alice").put("value", 42)).await().statusCode())
              .isEqualTo(200);
          submits++;
          submitted = System.nanoTime();
        } while (!receivedWithin(chunks, seen, "\"userId\":\"alice\"", TimeUnit.SECONDS.toNanos(1)));
        System.out.printf("a submit on node A reached a stream on node B %.1f ms after its answer (submit %d)%n",
            (System.nanoTime() - submitted) / 1e6, submits);
      } finally {
        http.close();
      }
    }
  }

  /** Reads chunks until the text received holds {@code wanted}; fails after 20 s. */
  private static void awaitText(BlockingQueue<String> chunks, StringBuilder seen, String wanted) throws Exception {
    assertThat(receivedWithin(chunks, seen, wanted, TimeUnit.SECONDS.toNanos(20)))
        .as("%s on the stream within 20 s (so far %s)", wanted, seen).isTrue();
  }

  /** Reads chunks (keepalives too) until the text received holds {@code wanted} or {@code nanos} have passed. */
  private static boolean receivedWithin(BlockingQueue<String> chunks, StringBuilder seen, String wanted, long nanos)
      throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    while (seen.indexOf(wanted) < 0) {
      long left = deadline - System.nanoTime();
      String chunk = left <= 0 ? null : chunks.poll(left, TimeUnit.NANOSECONDS);
      if (chunk == null) {
        return false;
      }
      seen.append(chunk);
    }
    return true;
  }
}
