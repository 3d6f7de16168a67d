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
 * (the first node's score notice, over the clustered event bus).
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
        HttpClientResponse stream = http.request(HttpMethod.GET, portB, "localhost",
                "/v1/boards/" + board + "/stream?top=3&ticket=" + ticket.getString("ticket"))
            .compose(req -> req.send()).await();
        assertThat(stream.statusCode()).isEqualTo(200);
        stream.handler(chunk -> chunks.add(chunk.toString(StandardCharsets.UTF_8)));
        StringBuilder seen = new StringBuilder();
        awaitText(chunks, seen, "event: top");

        assertThat(admin.post(portA, "localhost", "/v1/boards/" + board + "/scores")
            .sendJsonObject(new JsonObject().put("userId", "alice").put("value", 42)).await().statusCode()).isEqualTo(200);
        long submitted = System.nanoTime();
        awaitText(chunks, seen, "\"userId\":\"alice\"");
        System.out.printf("a submit on node A reached a stream on node B %.1f ms after its answer%n",
            (System.nanoTime() - submitted) / 1e6);
      } finally {
        http.close();
      }
    }
  }

  /** Reads chunks until the text received holds {@code wanted} (waiting at most 20 s for each chunk). */
  private static void awaitText(BlockingQueue<String> chunks, StringBuilder seen, String wanted) throws Exception {
    while (seen.indexOf(wanted) < 0) {
      String chunk = chunks.poll(20, TimeUnit.SECONDS);
      assertThat(chunk).as("more of the stream (waiting for %s; so far %s)", wanted, seen).isNotNull();
      seen.append(chunk);
    }
  }
}
