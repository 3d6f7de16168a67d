package dev.leaderboard.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway CA and certificates for one test run, made with the JDK's {@code keytool} (EC P-256,
 * valid for two days from now) in a temp directory: nothing here is committed or usable elsewhere.
 * Private keys are written as PKCS#8 PEM, owner-only.
 */
final class TestCertificates {
  private static final String PASSWORD = "test-only";
  private final Path dir;
  private final Path caStore;
  private final Path caCert;

  /** The files of one party, in the shape of the {@code LB_CLUSTER_TLS_*} settings. */
  record Tls(Path cert, Path key, Path ca) {
    Map<String, String> env() {
      return Map.of("LB_CLUSTER_TLS_CERT", cert.toString(), "LB_CLUSTER_TLS_KEY", key.toString(),
          "LB_CLUSTER_TLS_CA", ca.toString());
    }
  }

  private TestCertificates(Path dir) {
    this.dir = dir;
    this.caStore = dir.resolve("ca.p12");
    this.caCert = dir.resolve("ca.pem");
  }

  /** Blocking: a new CA in {@code dir}. */
  static TestCertificates create(Path dir) throws IOException {
    TestCertificates certs = new TestCertificates(dir);
    keytool("-genkeypair", "-alias", "ca", "-dname", "CN=leaderboard test cluster CA", "-ext", "bc:c",
        "-ext", "ku:c=keyCertSign,cRLSign", "-keystore", certs.caStore.toString());
    writePem(certs.caCert, "CERTIFICATE", certificate(certs.caStore, "ca"));
    return certs;
  }

  /** A certificate of the cluster CA, for a node (TLS server and client). */
  Tls signed(String name) throws IOException {
    Path store = keyPair(name);
    Path request = dir.resolve(name + ".csr");
    keytool("-certreq", "-alias", name, "-keystore", store.toString(), "-file", request.toString());
    Path cert = dir.resolve(name + ".pem");
    keytool("-gencert", "-alias", "ca", "-keystore", caStore.toString(), "-infile", request.toString(),
        "-outfile", cert.toString(), "-rfc", "-validity", "2", "-ext", "ku:c=digitalSignature",
        "-ext", "eku=serverAuth,clientAuth");
    return new Tls(cert, privateKey(store, name), caCert);
  }

  /** A self-signed certificate (no CA vouches for it) that trusts the cluster CA: a stranger's. */
  Tls selfSigned(String name) throws IOException {
    Path store = keyPair(name);
    Path cert = dir.resolve(name + ".pem");
    writePem(cert, "CERTIFICATE", certificate(store, name));
    return new Tls(cert, privateKey(store, name), caCert);
  }

  private Path keyPair(String name) throws IOException {
    Path store = dir.resolve(name + ".p12");
    keytool("-genkeypair", "-alias", name, "-dname", "CN=" + name, "-ext", "eku=serverAuth,clientAuth",
        "-keystore", store.toString());
    return store;
  }

  private Path privateKey(Path store, String name) throws IOException {
    Path key = dir.resolve(name + ".key");
    try {
      writePem(key, "PRIVATE KEY", load(store).getKey(name, PASSWORD.toCharArray()).getEncoded());
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    return key;
  }

  private static byte[] certificate(Path store, String name) throws IOException {
    try {
      return load(store).getCertificate(name).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  private static KeyStore load(Path store) throws IOException {
    try (InputStream in = Files.newInputStream(store)) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, PASSWORD.toCharArray());
      return ks;
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  private static void writePem(Path file, String type, byte[] der) throws IOException {
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n",
        StandardCharsets.US_ASCII);
  }

  /** keytool with an EC P-256 key, PKCS#12 stores and this class's password; fails with its output. */
  private static void keytool(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-J-XX:TieredStopAtLevel=1"));
    command.addAll(List.of(args));
    if (args[0].equals("-genkeypair")) {
      command.addAll(List.of("-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2", "-storetype", "PKCS12"));
    }
    command.addAll(List.of("-storepass", PASSWORD, "-keypass", PASSWORD, "-noprompt"));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException("keytool " + String.join(" ", args) + " failed:\n" + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
