package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes in one Hazelcast cluster (two clustered Vert.x in this JVM) on the same Redis: a key
 * created on one works on the other at once, and a key revoked on one is refused by the other
 * within a second.
 */
@ExtendWith(VertxExtension.class)
class KeyRevocationAcrossNodesTest {
  private static final Duration REVOCATION = Duration.ofSeconds(1);

  @Test
  void aKeyRevokedOnOneNodeIsRefusedByTheOtherWithinASecond(Vertx vertx, @TempDir Path dir) throws Exception {
    try (TwoNodes nodes = TwoNodes.start(dir)) {
      LeaderboardApp a = nodes.a;
      int portA = nodes.portA;
      int portB = nodes.portB;
      WebClient admin = AdminClients.of(vertx, a);
      String board = "kr-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
      assertThat(admin.put(portA, "localhost", "/v1/boards/" + board).sendJsonObject(new JsonObject()).await()
          .statusCode()).isEqualTo(201);

      // made on A, used on B straight away
      JsonObject made = admin.post(portA, "localhost", "/v1/keys").sendJsonObject(new JsonObject()
          .put("name", "reader").put("scopes", new JsonArray().add("read"))).await().bodyAsJsonObject();
      WebClient reader = AdminClients.withAuthorization(vertx, "Bearer " + made.getString("key"));
      String entries = "/v1/boards/" + board + "/entries";
      assertThat(status(reader, portB, entries)).isEqualTo(200);
      assertThat(status(reader, portA, entries)).isEqualTo(200);

      // revoked on B: A (which holds it in its copy) refuses it within a second
      assertThat(admin.delete(portB, "localhost", "/v1/keys/" + made.getString("id")).send().await().statusCode())
          .isEqualTo(200);
      long revoked = System.nanoTime();
      assertThat(status(reader, portB, entries)).as("on the node that revoked it, at once").isEqualTo(401);
      AtomicInteger onA = new AtomicInteger();
      Await.until("the other node stops answering 200 for the revoked key", REVOCATION, () -> {
        onA.set(status(reader, portA, entries));
        return onA.get() != 200;
      });
      long took = System.nanoTime() - revoked;
      System.out.printf("a key revoked on one node was refused by the other %.1f ms later%n", took / 1e6);
      assertThat(onA.get()).as("status on the other node %d ms after the revocation", took / 1_000_000).isEqualTo(401);
    }
  }

  private static int status(WebClient client, int port, String uri) {
    return client.get(port, "localhost", uri).send().await().statusCode();
  }
}
