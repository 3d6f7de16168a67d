package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deploy/cluster-tls.sh} makes files the event bus accepts: a server and a client set up the
 * way the clustered event bus sets up its own from {@link ClusterTls} shake hands, and a client
 * without the certificate is turned away. Needs {@code openssl} (CI has it).
 */
class ClusterTlsScriptTest {

  @Test
  void theScriptsCertificatesCarryTheEventBusesMutualTls(@TempDir Path tmp) throws Exception {
    Assumptions.assumeTrue(DeploymentManifestTest.onPath("openssl") != null || System.getenv("CI") != null,
        "openssl is not on PATH: the script is checked where it is (always in CI)");
    Path dir = tmp.resolve("tls");
    Process script = new ProcessBuilder("sh", DeploymentManifestTest.ROOT.resolve("deploy/cluster-tls.sh").toString(),
        dir.toString()).redirectErrorStream(true).start();
    String output = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(script.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(script.exitValue()).as(output).isZero();
    for (String key : new String[] {"tls.key", "ca.key"}) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(key)))).as(key).isEqualTo("rw-------");
    }
    assertThat(output).as("the command that makes the Secret").contains("leaderboard-cluster-tls", "tls.key", "tls.crt", "ca.crt")
        .doesNotContain("ca.key=");

    EventBusOptions bus = new EventBusOptions();
    new ClusterTls(dir.resolve("tls.crt"), dir.resolve("tls.key"), dir.resolve("ca.crt")).apply(bus);
    Vertx vertx = Vertx.vertx();
    try {
      NetServer server = vertx.createNetServer(new NetServerOptions(bus.toJson()))
          .connectHandler(socket -> socket.handler(socket::write)).listen(0, "127.0.0.1").await();
      // as ClusteredEventBus makes its client
      NetClientOptions client = new NetClientOptions(bus.toJson()).setHostnameVerificationAlgorithm("");
      assertThat(echo(vertx, client, server.actualPort())).isEqualTo("ping");
      assertThat(echo(vertx, new NetClientOptions(client).setKeyCertOptions(null), server.actualPort()))
          .as("a client without a certificate").isNotEqualTo("ping");
    } finally {
      vertx.close().await();
    }
  }

  /** What the server sends back to "ping", or how the attempt ended. */
  private static String echo(Vertx vertx, NetClientOptions options, int port) throws Exception {
    Promise<String> answer = Promise.promise();
    // held until the answer: a client nothing refers to is closed by Vert.x, its connections with it
    NetClient client = vertx.createNetClient(options);
    client.connect(port, "127.0.0.1").onComplete(connected -> {
      if (connected.failed()) {
        answer.tryComplete("failed: " + connected.cause());
        return;
      }
      connected.result().handler(data -> answer.tryComplete(data.toString(StandardCharsets.UTF_8)))
          .closeHandler(v -> answer.tryComplete("closed"))
          .write(Buffer.buffer("ping"));
    });
    try {
      return answer.future().await(30, TimeUnit.SECONDS);
    } finally {
      client.close();
    }
  }
}
