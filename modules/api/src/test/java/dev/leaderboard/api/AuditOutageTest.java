package dev.leaderboard.api;

import static dev.leaderboard.api.ApiTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * With PostgreSQL down, the first admin action whose entry cannot be written makes the node refuse
 * the next ones with 503 {@code archive_unavailable} before they act; other requests go on.
 */
@ExtendWith(VertxExtension.class)
class AuditOutageTest {

  @Test
  void adminActionsAreRefusedWhileTheAuditLogCannotBeWritten(Vertx vertx, @TempDir Path dir) throws Exception {
    try (LocalPostgres pg = LocalPostgres.start(dir.resolve("pg"))) {
      HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
      ApiTestSupport.deployNode(vertx, TestShards.endpoints(), pg.uri(), api);
      WebClient client = ApiTestSupport.asAdmin(WebClient.create(vertx));
      int port = api.actualPort();
      String board = ApiTestSupport.randomBoard();
      assertThat(await(client.put(port, "localhost", "/v1/boards/" + board).sendJsonObject(new JsonObject()))
          .statusCode()).isEqualTo(201);
      assertThat(await(NodeAudit.of(vertx).require().flushed())).isNull();

      pg.close();
      // its entry is the first that cannot be written: the action was let through before that was known
      String before = ApiTestSupport.randomBoard();
      assertThat(await(client.put(port, "localhost", "/v1/boards/" + before).sendJsonObject(new JsonObject()))
          .statusCode()).isEqualTo(201);
      await(NodeAudit.of(vertx).require().flushed());
      assertThat(NodeAudit.of(vertx).require().accepting()).isFalse();

      String refused = ApiTestSupport.randomBoard();
      HttpResponse<Buffer> put = await(client.put(port, "localhost", "/v1/boards/" + refused)
          .sendJsonObject(new JsonObject()));
      assertRefused(put);
      assertRefused(await(client.delete(port, "localhost", "/v1/boards/" + board).send()));
      assertThat(await(client.get(port, "localhost", "/v1/boards/" + refused).send()).statusCode())
          .as("the refused board was not created").isEqualTo(404);
      assertThat(await(client.get(port, "localhost", "/v1/boards/" + board).send()).statusCode())
          .as("the board whose deletion was refused is there").isEqualTo(200);
      assertThat(await(client.post(port, "localhost", "/v1/boards/" + board + "/scores")
          .sendJsonObject(new JsonObject().put("userId", "a").put("value", 3))).statusCode())
          .as("scores, which are not admin actions, go on").isEqualTo(200);
    }
  }

  private static void assertRefused(HttpResponse<Buffer> r) {
    assertThat(r.statusCode()).as("status; body %s", r.bodyAsString()).isEqualTo(503);
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.getString("error")).isEqualTo("archive_unavailable");
    assertThat(body.getString("message")).contains("audit log", "nothing was changed");
  }
}
