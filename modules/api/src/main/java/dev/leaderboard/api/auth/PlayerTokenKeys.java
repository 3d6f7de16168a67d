package dev.leaderboard.api.auth;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads the files that hold the keys of player tokens, refusing what cannot be right. Errors name the
 * setting, the file and the rule, never the file's content.
 */
final class PlayerTokenKeys {
  /** RFC 7518 3.2: an HS256 key must be at least as long as the hash (256 bits). */
  static final int MIN_SECRET_BYTES = 32;
  /** Public-key algorithms a JWKS key may have, with the curve an EC key of each must be on. */
  private static final Map<String, String> ALGORITHMS = Map.of("RS256", "", "RS384", "", "RS512", "",
      "ES256", "P-256", "ES384", "P-384", "ES512", "P-521");

  private PlayerTokenKeys() {
  }

  /** The file's bytes without one final line break (as {@code echo} writes it): the HMAC key. */
  static byte[] hs256Secret(Path file) {
    byte[] bytes = read("LB_JWT_HS256_SECRET_FILE", file);
    int end = bytes.length;
    if (end > 0 && bytes[end - 1] == '\n') {
      end--;
      if (end > 0 && bytes[end - 1] == '\r') {
        end--;
      }
    }
    if (end < MIN_SECRET_BYTES) {
      throw new IllegalArgumentException("LB_JWT_HS256_SECRET_FILE " + file + " holds " + end + " bytes; an HS256 "
          + "secret needs at least " + MIN_SECRET_BYTES + " (256 bits), e.g. from 'openssl rand -base64 48'");
    }
    return Arrays.copyOf(bytes, end);
  }

  /** The public keys of a JWK Set file ({@code {"keys": [...]}}), each with its {@code alg}. */
  static List<JsonObject> jwks(Path file) {
    String where = "LB_JWT_JWKS_FILE " + file;
    JsonObject set;
    try {
      set = new JsonObject(new String(read("LB_JWT_JWKS_FILE", file), StandardCharsets.UTF_8));
    } catch (DecodeException e) {
      throw new IllegalArgumentException(where + " is not a JSON object (a JWK Set: {\"keys\": [...]})");
    }
    if (!(set.getValue("keys") instanceof JsonArray keys) || keys.isEmpty()) {
      throw new IllegalArgumentException(where + " has no keys (a JWK Set: {\"keys\": [...]}, at least one)");
    }
    List<JsonObject> out = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      if (!(keys.getValue(i) instanceof JsonObject key)) {
        throw new IllegalArgumentException(where + ": keys[" + i + "] is not a JSON object");
      }
      out.add(checked(where + ": keys[" + i + "]", key));
    }
    return out;
  }

  private static JsonObject checked(String where, JsonObject key) {
    String alg = key.getString("alg");
    if (alg == null || !ALGORITHMS.containsKey(alg)) {
      throw new IllegalArgumentException(where + " needs an 'alg' of " + ALGORITHMS.keySet().stream().sorted().toList()
          + " (got " + alg + ")");
    }
    if (key.containsKey("d") || key.containsKey("k")) {
      throw new IllegalArgumentException(where + " holds private or secret key material; the file must hold public "
          + "keys only (the login service keeps the private ones)");
    }
    if (key.containsKey("use") && !"sig".equals(key.getValue("use"))) {
      throw new IllegalArgumentException(where + " has 'use' " + key.getValue("use") + "; player token keys are 'sig'");
    }
    String curve = ALGORITHMS.get(alg);
    List<String> members = curve.isEmpty() ? List.of("n", "e") : List.of("crv", "x", "y");
    String kty = curve.isEmpty() ? "RSA" : "EC";
    if (!kty.equals(key.getValue("kty")) || !members.stream().allMatch(m -> key.getValue(m) instanceof String)) {
      throw new IllegalArgumentException(where + " (" + alg + ") must have 'kty' " + kty + " and " + members);
    }
    if (!curve.isEmpty() && !curve.equals(key.getString("crv"))) {
      throw new IllegalArgumentException(where + " (" + alg + ") must be on the curve " + curve + " (got "
          + key.getString("crv") + ")");
    }
    return key;
  }

  private static byte[] read(String setting, Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(setting + " " + file + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }
}
