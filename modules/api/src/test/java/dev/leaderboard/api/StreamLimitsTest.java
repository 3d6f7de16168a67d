package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.stream.NodeStreams;
import dev.leaderboard.api.stream.StreamMeters;
import dev.leaderboard.api.stream.StreamSettings;
import dev.leaderboard.embedded.Await;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What bounds a node's live streams: a client that never reads is dropped while another on the same
 * board keeps receiving, streams beyond {@code LB_STREAM_MAX} are refused with 503, open streams do
 * not count as requests in flight, and every stream ends when the node stops.
 */
class StreamLimitsTest extends ApiTestSupport {
  private static final int MAX_STREAMS = 3;
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Override
  StreamSettings streamSettings() {
    StreamSettings d = StreamSettings.DEFAULTS;
    return new StreamSettings(Duration.ofMillis(10), MAX_STREAMS, d.keepalive(), d.writeQueueBytes(), d.ticketTtl());
  }

  @Override
  EdgeLimits edgeLimits() {
    EdgeLimits d = EdgeLimits.DEFAULTS;
    return new EdgeLimits(d.idleTimeout(), d.headerTimeout(), d.bodyTimeout(), d.maxConnections(), 1);
  }

  private String board() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    return board;
  }

  private SseClient stream(String board) {
    SseClient s = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream?top=100", "Bearer " + ADMIN_KEY.value());
    assertThat(s.status()).as(s.refusal).isEqualTo(200);
    return s;
  }

  @Test
  void aClientThatNeverReadsIsDroppedAndOthersKeepReceiving() throws Exception {
    String board = board();
    // a hundred entries with long IDs: every event is some 20 KB
    JsonArray events = new JsonArray();
    for (int i = 0; i < 100; i++) {
      events.add(new JsonObject().put("userId", "player-" + i + "-" + "x".repeat(100)).put("value", i + 1));
    }
    ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode()), 200);
    StreamMeters meters = NodeStreams.of(vertx).meters();
    try (SseClient reader = stream(board); Socket stalled = new Socket()) {
      reader.next("top");
      stalled.setReceiveBufferSize(4096);
      stalled.connect(new InetSocketAddress("localhost", port));
      OutputStream out = stalled.getOutputStream();
      out.write(("GET /v1/boards/" + board + "/stream?top=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
          + ADMIN_KEY.value() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      Await.until("the stalled client's stream is open", WAIT, () -> meters.open() == 2);
      Await.until("the stalled client is dropped", WAIT, () -> {
        if (meters.dropped() > 0) {
          return true;
        }
        // the leader changes on every submit, so every interval has a new top to send
        submit(board, new JsonObject().put("userId", "climber").put("value", 1000));
        reader.drain();
        return false;
      });
      Await.until("only the reading client's stream is open", WAIT, () -> meters.open() == 1);
      assertThat(reader.ended()).as("the client that reads is still served").isFalse();
      assertThat(meters.dropped()).isEqualTo(1);
      // the board adds up (incr): the climber's score is what a page read says after one more submit
      submit(board, new JsonObject().put("userId", "climber").put("value", 1));
      long leader = ok(get("/v1/boards/" + board + "/entries?limit=1"), 200).getJsonArray("entries").getJsonObject(0)
          .getLong("score");
      SseClient.Event latest = reader.next(e -> e.type().equals("top")
          && e.data().getJsonArray("entries").getJsonObject(0).getLong("score") == leader);
      assertThat(latest.data().getJsonArray("entries")).hasSize(100);
      assertThat(reader.ended()).isFalse();
    }
  }

  @Test
  void streamsBeyondTheNodesBoundAreRefusedAndOpenStreamsAreNotInFlight() {
    String board = board();
    List<SseClient> open = new ArrayList<>();
    try {
      for (int i = 0; i < MAX_STREAMS; i++) {
        open.add(stream(board));
        open.get(i).next("top");
      }
      // the node takes one request in flight: open streams do not hold it
      ok(get("/v1/boards/" + board + "/entries"), 200);
      try (SseClient refused = SseClient.open(vertx, port, "/v1/boards/" + board + "/stream",
          "Bearer " + ADMIN_KEY.value())) {
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.response.getHeader("Retry-After")).isEqualTo("1");
        assertThat(new JsonObject(refused.refusal).getString("error")).isEqualTo("overloaded");
      }
      open.remove(0).close();
      Await.until("a closed stream gives its place back", WAIT,
          () -> NodeStreams.of(vertx).meters().open() == MAX_STREAMS - 1);
      open.add(stream(board));
    } finally {
      open.forEach(SseClient::close);
    }
  }

  @Test
  void everyStreamEndsWhenTheNodeStops() {
    String board = board();
    try (SseClient s = stream(board)) {
      s.next("top");
      for (String id : List.copyOf(vertx.deploymentIDs())) {
        await(vertx.undeploy(id));
      }
      s.awaitEnd();
    }
  }
}
