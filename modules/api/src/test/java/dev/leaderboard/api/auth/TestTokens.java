package dev.leaderboard.api.auth;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs JWTs the way a game's login service would, with the JDK only (no JWT library, so the
 * verifier under test is checked against an independent signer), and makes keys and JWK Sets.
 */
public final class TestTokens {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  private TestTokens() {
  }

  /** Seconds since the epoch, now (token times are checked against the real clock). */
  // Wall clock on purpose: the JWT library checks exp/nbf against it. Tokens are only ever relative
  // to now (valid ten minutes, or expired a minute ago), never tied to a date or a board period, so
  // a run across midnight or a period boundary sees the same outcomes.
  public static long now() {
    return System.currentTimeMillis() / 1000;
  }

  /** Claims of a token for {@code sub} that expires in ten minutes. */
  public static JsonObject claims(String sub) {
    return new JsonObject().put("sub", sub).put("iat", now()).put("exp", now() + 600);
  }

  public static byte[] secret(SecureRandom random) {
    byte[] secret = new byte[48];
    random.nextBytes(secret);
    return B64.encode(secret);
  }

  public static KeyPair rsa() {
    return pair("RSA", null);
  }

  public static KeyPair ec() {
    return pair("EC", new ECGenParameterSpec("secp256r1"));
  }

  private static KeyPair pair(String type, ECGenParameterSpec spec) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(type);
      if (spec != null) {
        generator.initialize(spec);
      } else {
        generator.initialize(2048);
      }
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A JWK Set of the public keys: an RSA key (RS256) and/or an EC P-256 key (ES256). */
  public static JsonObject jwks(KeyPair... pairs) {
    JsonArray keys = new JsonArray();
    for (int i = 0; i < pairs.length; i++) {
      if (pairs[i].getPublic() instanceof RSAPublicKey rsa) {
        keys.add(new JsonObject().put("kty", "RSA").put("alg", "RS256").put("use", "sig").put("kid", "k" + i)
            .put("n", unsigned(rsa.getModulus(), 0)).put("e", unsigned(rsa.getPublicExponent(), 0)));
      } else {
        ECPublicKey ec = (ECPublicKey) pairs[i].getPublic();
        keys.add(new JsonObject().put("kty", "EC").put("alg", "ES256").put("crv", "P-256").put("kid", "k" + i)
            .put("x", unsigned(ec.getW().getAffineX(), 32)).put("y", unsigned(ec.getW().getAffineY(), 32)));
      }
    }
    return new JsonObject().put("keys", keys);
  }

  private static String unsigned(BigInteger value, int length) {
    byte[] bytes = value.toByteArray();
    if (bytes.length > 1 && bytes[0] == 0) {
      bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
    }
    if (bytes.length < length) {
      byte[] padded = new byte[length];
      System.arraycopy(bytes, 0, padded, length - bytes.length, bytes.length);
      bytes = padded;
    }
    return B64.encodeToString(bytes);
  }

  public static String hs256(byte[] secret, JsonObject claims) {
    String input = input("HS256", claims);
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return input + "." + B64.encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String rs256(PrivateKey key, JsonObject claims) {
    return signed("RS256", "SHA256withRSA", key, claims);
  }

  public static String es256(PrivateKey key, JsonObject claims) {
    return signed("ES256", "SHA256withECDSAinP1363Format", key, claims);
  }

  /** {@code alg: none} with {@code signature} as the third part (empty: an unsecured JWT). */
  public static String unsigned(JsonObject claims, String signature) {
    return input("none", claims) + "." + signature;
  }

  private static String signed(String alg, String jdkAlgorithm, PrivateKey key, JsonObject claims) {
    String input = input(alg, claims);
    try {
      Signature signature = Signature.getInstance(jdkAlgorithm);
      signature.initSign(key);
      signature.update(input.getBytes(StandardCharsets.US_ASCII));
      return input + "." + B64.encodeToString(signature.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String input(String alg, JsonObject claims) {
    JsonObject header = new JsonObject().put("alg", alg).put("typ", "JWT");
    return B64.encodeToString(header.encode().getBytes(StandardCharsets.UTF_8)) + "."
        + B64.encodeToString(claims.encode().getBytes(StandardCharsets.UTF_8));
  }
}
