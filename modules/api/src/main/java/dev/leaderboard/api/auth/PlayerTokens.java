package dev.leaderboard.api.auth;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Verifies player tokens (JWTs from the game's login service) with only the node's keys
 * ({@link PlayerTokenKeys}), so another algorithm or {@code alg: none} is refused. {@code exp} is
 * required; {@code iss} and {@code aud} are checked when configured; {@code sub} is the user ID.
 *
 * <p>A check costs ~10 us (HS256) to ~1.5 ms (ES256), so it runs on a worker thread and a verified
 * token is remembered up to {@value #CACHE_MILLIS} ms (never past its expiry). Tokens never appear
 * in messages or logs.
 */
public final class PlayerTokens {
  /** Clock skew allowed on {@code exp}, {@code nbf} and {@code iat}. */
  public static final int LEEWAY_SECONDS = 30;
  static final long CACHE_MILLIS = 60_000;
  static final int MAX_CACHED = 10_000;
  /**
   * Beyond this many checks at once, 503 {@code overloaded}: a flood of forged tokens takes a bounded
   * share of the workers and does not hold up cached players.
   */
  static final int MAX_VERIFYING = 64;
  private static final String INVALID = "the player token is not valid: ";

  private final Vertx vertx;
  private final JWTAuth auth;
  private final String description;
  private final Map<String, Verified> verified = new ConcurrentHashMap<>();
  /** Tokens being verified on worker threads now (see {@link #MAX_VERIFYING}). */
  private final AtomicInteger verifying = new AtomicInteger();

  private record Verified(Player player, long untilMillis) {
  }

  private PlayerTokens(Vertx vertx, JWTAuth auth, String description) {
    this.vertx = vertx;
    this.auth = auth;
    this.description = description;
  }

  /**
   * Blocking (reads files): call off the event loop. Throws {@link IllegalArgumentException} naming
   * the setting (never a file's content) when a file cannot be used.
   */
  public static PlayerTokens load(Vertx vertx, PlayerTokenSettings settings) {
    if (!settings.enabled()) {
      throw new IllegalArgumentException("no player token keys configured (LB_JWT_HS256_SECRET_FILE, LB_JWT_JWKS_FILE)");
    }
    JWTOptions claims = new JWTOptions().setLeeway(LEEWAY_SECONDS);
    List<String> what = new ArrayList<>();
    if (settings.issuer() != null) {
      claims.setIssuer(settings.issuer());
    }
    if (settings.audience() != null) {
      claims.addAudience(settings.audience());
    }
    JWTAuthOptions options = new JWTAuthOptions().setJWTOptions(claims);
    if (settings.hs256SecretFile() != null) {
      byte[] secret = PlayerTokenKeys.hs256Secret(settings.hs256SecretFile());
      options.addPubSecKey(new PubSecKeyOptions().setAlgorithm("HS256").setBuffer(Buffer.buffer(secret)));
      what.add("an HS256 secret from " + settings.hs256SecretFile());
    }
    if (settings.jwksFile() != null) {
      List<JsonObject> keys = PlayerTokenKeys.jwks(settings.jwksFile());
      keys.forEach(options::addJwk);
      what.add(keys.size() + " public key(s) " + keys.stream().map(k -> k.getString("alg")).distinct().toList()
          + " from " + settings.jwksFile());
    }
    what.add("issuer " + (settings.issuer() == null ? "not checked" : settings.issuer()));
    what.add("audience " + (settings.audience() == null ? "not checked" : settings.audience()));
    return new PlayerTokens(vertx, JWTAuth.create(vertx, options), String.join(", ", what));
  }

  /** Whether {@code credential} has the shape of a JWT: three non-empty dot-separated Base64url parts. */
  public static boolean shaped(String credential) {
    int parts = 1;
    int partLength = 0;
    for (int i = 0; i < credential.length(); i++) {
      char c = credential.charAt(i);
      if (c == '.') {
        if (partLength == 0) {
          return false;
        }
        parts++;
        partLength = 0;
      } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
        partLength++;
      } else {
        return false;
      }
    }
    return parts == 3 && partLength > 0;
  }

  /**
   * The player of a valid {@code token}; a failed future with a 401 {@code unauthenticated}
   * {@link LeaderboardException} saying why it is not valid (never containing the token) otherwise.
   */
  public Future<Player> verify(String token) {
    long now = System.currentTimeMillis();
    Verified known = verified.get(token);
    if (known != null) {
      if (now < known.untilMillis()) {
        return Future.succeededFuture(known.player());
      }
      verified.remove(token, known);
    }
    if (verifying.incrementAndGet() > MAX_VERIFYING) {
      verifying.decrementAndGet();
      return Future.failedFuture(OverloadedException.tokenChecks());
    }
    Future<Future<User>> checked = vertx.executeBlocking(() -> auth.authenticate(new TokenCredentials(token)), false);
    return checked.compose(user -> user).onComplete(done -> verifying.decrementAndGet()).transform(ar -> {
      if (ar.failed()) {
        return Future.failedFuture(unauthenticated(reason(ar.cause(), token)));
      }
      try {
        Player player = player(ar.result());
        remember(token, player, now);
        return Future.succeededFuture(player);
      } catch (LeaderboardException e) {
        return Future.failedFuture(e);
      }
    });
  }

  private static Player player(User user) {
    JsonObject claims = user.attributes().getJsonObject("accessToken", new JsonObject());
    if (!(claims.getValue("sub") instanceof String sub) || sub.isBlank()) {
      throw unauthenticated("it has no 'sub' (the player's user ID)");
    }
    if (!(claims.getValue("exp") instanceof Number exp)) {
      throw unauthenticated("it has no 'exp' (player tokens must expire)");
    }
    return new Player(sub, exp.longValue());
  }

  private void remember(String token, Player player, long now) {
    long until = Math.min(now + CACHE_MILLIS, (player.expiresAt() + LEEWAY_SECONDS) * 1000);
    if (until <= now) {
      return;
    }
    if (verified.size() >= MAX_CACHED) {
      verified.clear();
    }
    verified.put(token, new Verified(player, until));
  }

  /** The library's reason when it is short and holds nothing of the token, else a general one. */
  private static String reason(Throwable failure, String token) {
    String message = failure.getMessage();
    if (message == null || message.isBlank() || message.length() > 120 || message.contains("{")) {
      return "its signature, algorithm or claims could not be verified";
    }
    for (String part : token.split("\\.")) {
      if (message.contains(part)) {
        return "its signature, algorithm or claims could not be verified";
      }
    }
    return message;
  }

  private static LeaderboardException unauthenticated(String why) {
    return Refusal.UNAUTHENTICATED.exception(INVALID + why);
  }

  /** How the node verifies tokens (files, algorithms, claims checked); never a secret. */
  @Override
  public String toString() {
    return description;
  }
}
