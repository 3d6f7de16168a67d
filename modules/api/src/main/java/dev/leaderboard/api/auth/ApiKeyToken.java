package dev.leaderboard.api.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * An API key as a client holds it: {@code lb_<id>_<secret>}, a public 8-byte ID and a 256-bit
 * secret. Only the SHA-256 of the whole key is stored: a high-entropy secret needs no slow password
 * hash. {@link #toString()} never shows the secret.
 */
public final class ApiKeyToken {
  public static final String PREFIX = "lb_";
  /** "lb_" + 16 + "_" + 43. */
  public static final int LENGTH = 63;
  public static final String FORMAT = "lb_<16 hex characters>_<43 characters of A-Z, a-z, 0-9, '-' and '_'>";
  private static final int ID_BYTES = 8;
  private static final int SECRET_BYTES = 32;
  private static final int ID_END = PREFIX.length() + 2 * ID_BYTES;
  private static final HexFormat HEX = HexFormat.of();
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  });

  private final String id;
  private final String value;

  private ApiKeyToken(String id, String value) {
    this.id = id;
    this.value = value;
  }

  public static ApiKeyToken generate(SecureRandom random) {
    byte[] id = new byte[ID_BYTES];
    byte[] secret = new byte[SECRET_BYTES];
    random.nextBytes(id);
    random.nextBytes(secret);
    String hexId = HEX.formatHex(id);
    return new ApiKeyToken(hexId, PREFIX + hexId + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
  }

  /** {@code null} when {@code value} does not have the key format. */
  public static ApiKeyToken parse(String value) {
    if (value == null || value.length() != LENGTH || !value.startsWith(PREFIX) || value.charAt(ID_END) != '_') {
      return null;
    }
    for (int i = PREFIX.length(); i < ID_END; i++) {
      if (!isId(value.charAt(i))) {
        return null;
      }
    }
    for (int i = ID_END + 1; i < LENGTH; i++) {
      if (!isSecret(value.charAt(i))) {
        return null;
      }
    }
    return new ApiKeyToken(value.substring(PREFIX.length(), ID_END), value);
  }

  /** Whether {@code id} has the form of a key ID (16 lower-case hex characters). */
  public static boolean isId(String id) {
    if (id == null || id.length() != 2 * ID_BYTES) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      if (!isId(id.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isId(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  }

  private static boolean isSecret(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  }

  public String id() {
    return id;
  }

  /** The whole key, to hand to its holder once (and to write to the admin key file). */
  public String value() {
    return value;
  }

  /** SHA-256 of the whole key: what is stored, and what a presented key is compared against. */
  public byte[] hash() {
    MessageDigest sha = SHA256.get();
    sha.reset();
    return sha.digest(value.getBytes(StandardCharsets.US_ASCII));
  }

  /** Constant-time. */
  public boolean matches(byte[] storedHash) {
    return MessageDigest.isEqual(hash(), storedHash);
  }

  @Override
  public String toString() {
    return PREFIX + id + "_...";
  }
}
