package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.net.ConnectException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started with every default (embedded shards and PostgreSQL: a developer's laptop) serves
 * HTTP on loopback only: on an address of this machine that other machines reach, nothing listens.
 */
@ExtendWith(VertxExtension.class)
class DefaultExposureTest {

  @Test
  void theDefaultNodeIsNotReachableOnANonLoopbackAddress(Vertx vertx, @TempDir Path dir) throws Exception {
    List<InetAddress> outward = nonLoopbackAddresses();
    Assumptions.assumeTrue(!outward.isEmpty() || System.getenv("CI") != null,
        "this machine has no non-loopback address to try the node on");
    assertThat(outward).as("non-loopback addresses of this machine").isNotEmpty();
    int port = AppRestartTest.freePort();
    AppConfig config = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.toString(), "LB_HTTP_PORT", String.valueOf(port),
        "LB_LOCAL_SHARDS", "1"));
    LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await(120, TimeUnit.SECONDS);
    try {
      assertThat(AdminClients.of(vertx, app).get(port, "127.0.0.1", "/health/live").send().await().statusCode())
          .as("served on loopback").isEqualTo(200);
      for (InetAddress address : outward) {
        assertThatThrownBy(() -> {
          try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2000);
          }
        }).as("connecting to %s:%s", address.getHostAddress(), port).isInstanceOf(ConnectException.class);
      }
    } finally {
      app.stop().await(60, TimeUnit.SECONDS);
    }
  }

  /** The addresses of this machine's interfaces that are up and not loopback (IPv6 link-local ones left out). */
  private static List<InetAddress> nonLoopbackAddresses() throws SocketException {
    return Collections.list(NetworkInterface.getNetworkInterfaces()).stream().filter(DefaultExposureTest::up)
        .flatMap(NetworkInterface::inetAddresses)
        .filter(a -> !a.isLoopbackAddress() && !(a instanceof Inet6Address && a.isLinkLocalAddress()))
        .toList();
  }

  private static boolean up(NetworkInterface i) {
    try {
      return i.isUp() && !i.isLoopback();
    } catch (SocketException e) {
      return false;
    }
  }
}
