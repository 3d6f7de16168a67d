package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a node while requests are in flight: every request gets a whole answer or is never
 * accepted, no answer is a 5xx, and every acknowledged event is still there after a restart.
 */
@ExtendWith(VertxExtension.class)
class GracefulShutdownTest {

  @Test
  void stoppingUnderLoadLosesNothingAcknowledged(Vertx vertx, @TempDir Path dataDir) throws Exception {
    int port = AppRestartTest.freePort();
    AppConfig config = AppConfig.fromEnv(Map.of(
        "LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(port), "LB_LOCAL_SHARDS", "2"));
    LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await();
    WebClient http = AdminClients.of(vertx, app);
    assertThat(http.put(port, "localhost", "/v1/boards/shutdown").sendJsonObject(new JsonObject()).await().statusCode())
        .isEqualTo(201);

    int n = 400;
    List<Future<HttpResponse<Buffer>>> requests = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      requests.add(http.post(port, "localhost", "/v1/boards/shutdown/scores")
          .sendJsonObject(new JsonObject().put("userId", "s" + i).put("value", 1).put("eventId", "e" + i)));
    }
    Future<Void> stopping = app.stop();
    Future.join(requests).otherwiseEmpty().await();
    stopping.await();

    List<Integer> acknowledged = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Future<HttpResponse<Buffer>> r = requests.get(i);
      if (r.succeeded()) {
        assertThat(r.result().statusCode()).as(r.result().bodyAsString()).isEqualTo(200);
        assertThat(r.result().bodyAsJsonObject().getBoolean("applied")).isTrue();
        acknowledged.add(i);
      }
    }
    assertThat(acknowledged).isNotEmpty();

    LeaderboardApp again = LeaderboardApp.start(config, AppRestartTest.CLOCK).await();
    try {
      for (int i : acknowledged) {
        HttpResponse<Buffer> r = http.get(port, "localhost", "/v1/boards/shutdown/users/s" + i).send().await();
        assertThat(r.statusCode()).as("acknowledged event of s%d", i).isEqualTo(200);
        assertThat(r.bodyAsJsonObject().getLong("score")).isEqualTo(1);
      }
    } finally {
      again.stop().await();
    }
  }
}
