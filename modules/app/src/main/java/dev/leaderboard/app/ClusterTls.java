package dev.leaderboard.app;

import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Mutual TLS on the clustered event bus, from PEM files ({@code LB_CLUSTER_TLS_*}): a node talks only
 * to peers whose certificate the cluster's CA signed. Host names are not checked (peers announce pod
 * IPs that change), so the CA must sign nothing but the cluster's own certificates.
 *
 * @param cert this node's certificate (PEM; its chain may follow it)
 * @param key its private key (PEM, PKCS#8 or PKCS#1); only its path is ever logged
 * @param ca the cluster CA's certificate (PEM), the only one peers are trusted by
 */
record ClusterTls(Path cert, Path key, Path ca) {

  /** Sets the options; fails, naming the variable and path, when a file cannot be read. */
  void apply(EventBusOptions bus) {
    readable("LB_CLUSTER_TLS_CERT", cert);
    readable("LB_CLUSTER_TLS_KEY", key);
    readable("LB_CLUSTER_TLS_CA", ca);
    bus.setSsl(true)
        .setKeyCertOptions(new PemKeyCertOptions().setCertPath(cert.toString()).setKeyPath(key.toString()))
        .setTrustOptions(new PemTrustOptions().addCertPath(ca.toString()))
        // the event bus trusts every server certificate unless told otherwise
        .setTrustAll(false)
        .setClientAuth(ClientAuth.REQUIRED);
  }

  private static void readable(String variable, Path file) {
    if (!Files.isReadable(file)) {
      throw new IllegalArgumentException(variable + ": " + file + " is not a readable file");
    }
  }
}
