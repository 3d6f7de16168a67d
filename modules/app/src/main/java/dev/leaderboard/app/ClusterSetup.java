package dev.leaderboard.app;

import com.hazelcast.config.ClassFilter;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a clustered node meets the others: Hazelcast keeps the membership and the event bus's address
 * book; the event bus carries service calls and notices. Both listen on {@code LB_CLUSTER_HOST} only,
 * never on every interface. Only the event bus can be authenticated ({@link ClusterTls}, required
 * unless {@code LB_CLUSTER_TLS=off}, which is warned about at every start): open-source
 * Hazelcast has no TLS or member authentication, so its port is guarded by the bind address and the
 * network (the NetworkPolicy in {@code deploy/}; see docs/design.md).
 */
final class ClusterSetup {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterSetup.class);
  static final String CLUSTER_NAME = "leaderboard";
  /** Logged at every start of a node with {@code LB_CLUSTER_TLS=off}, and shown by its readiness check. */
  static final String PLAINTEXT_WARNING = "the clustered event bus runs without TLS (LB_CLUSTER_TLS=off): any process"
      + " that joins the cluster can call every service, deleteBoard and closePeriod included";

  private ClusterSetup() {
  }

  /** The event bus's listen address and port, and its TLS unless {@code LB_CLUSTER_TLS=off}. */
  static void eventBus(EventBusOptions bus, AppConfig c) {
    if (c.clusterHost() != null) {
      // the address the event bus listens on and other nodes reach it at
      bus.setHost(c.clusterHost());
    }
    bus.setPort(c.clusterBusPort());
    if (c.clusterTls() != null) {
      c.clusterTls().apply(bus);
    } else {
      LOG.warn(PLAINTEXT_WARNING);
    }
  }

  /** What readiness shows about the cluster's safety: {@code null} unless the event bus runs in the clear. */
  static String warning(AppConfig c) {
    return c.cluster() && c.clusterTls() == null ? PLAINTEXT_WARNING : null;
  }

  static Config hazelcast(AppConfig c) {
    Config hz = ConfigUtil.loadConfig();
    hz.setClusterName(CLUSTER_NAME);
    // Hazelcast binds 0.0.0.0 whatever its interfaces say unless bind-any is off
    hz.setProperty("hazelcast.socket.bind.any", "false");
    hz.setProperty("hazelcast.socket.server.bind.any", "false");
    hz.setProperty("hazelcast.socket.client.bind.any", "false");
    hz.getNetworkConfig().setPort(c.clusterPort()).setPortAutoIncrement(false);
    if (c.clusterHost() != null) {
      hz.getNetworkConfig().setPublicAddress(c.clusterHost() + ":" + c.clusterPort());
      hz.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(c.clusterHost());
    }
    // a member may send any Java-serialized object: resolve only Hazelcast's, the JDK's and Vert.x's
    // classes (Hazelcast's default allow-list plus io.vertx), never a gadget from another library
    hz.getSerializationConfig().setJavaSerializationFilterConfig(new JavaSerializationFilterConfig()
        .setWhitelist(new ClassFilter().addPrefixes("io.vertx.")));
    JoinConfig join = hz.getNetworkConfig().getJoin();
    if (!c.clusterMembers().isEmpty()) {
      join.getMulticastConfig().setEnabled(false);
      join.getTcpIpConfig().setEnabled(true).setMembers(c.clusterMembers());
    } else if (c.clusterDns() != null) {
      // Kubernetes: the members are the addresses behind a headless service
      join.getMulticastConfig().setEnabled(false);
      join.getKubernetesConfig().setEnabled(true).setProperty("service-dns", c.clusterDns())
          .setProperty("service-port", String.valueOf(c.clusterPort()));
    }
    LOG.info("joining cluster on {}:{} ({}), event bus port {}{}",
        c.clusterHost() != null ? c.clusterHost() : "the address Hazelcast picks", c.clusterPort(),
        !c.clusterMembers().isEmpty() ? "members " + c.clusterMembers()
            : c.clusterDns() != null ? "Kubernetes service " + c.clusterDns() : "multicast discovery",
        c.clusterBusPort() == 0 ? "any free" : c.clusterBusPort(),
        c.clusterTls() != null ? ", event bus with mutual TLS" : "");
    return hz;
  }
}
