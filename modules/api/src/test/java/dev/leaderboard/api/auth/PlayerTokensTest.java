package dev.leaderboard.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.OverloadedException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Player tokens against an HS256 configuration and a JWKS (RS256 + ES256) one, with keys made
 * here with the JDK and tokens signed independently of the verifier ({@link TestTokens}): valid
 * tokens pass, forged ones ({@code alg: none}, another key, another algorithm, expired, another
 * issuer or audience, no {@code exp} or {@code sub}) are 401 without the token in the message.
 */
class PlayerTokensTest {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ISSUER = "https://login.example.com";
  private static final String AUDIENCE = "leaderboard";

  @TempDir
  Path dir;
  private Vertx vertx;
  private byte[] secret;
  private KeyPair rsa;
  private KeyPair ec;

  @BeforeEach
  void keys() {
    vertx = Vertx.vertx();
    secret = TestTokens.secret(RANDOM);
    rsa = TestTokens.rsa();
    ec = TestTokens.ec();
  }

  @AfterEach
  void close() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void hs256ConfigurationTakesItsOwnTokensOnly() throws Exception {
    PlayerTokens tokens = hs256(null, null);
    JsonObject claims = TestTokens.claims("alice");
    Player alice = accepted(tokens, TestTokens.hs256(secret, claims));
    assertThat(alice).isEqualTo(new Player("alice", claims.getLong("exp")));
    assertThat(accepted(tokens, TestTokens.hs256(secret, claims))).as("again, from the cache").isEqualTo(alice);

    refused(tokens, TestTokens.unsigned(claims, "c2ln"), "none");
    refused(tokens, TestTokens.hs256(TestTokens.secret(RANDOM), claims), null);
    refused(tokens, TestTokens.rs256(rsa.getPrivate(), claims), null);
    refused(tokens, TestTokens.es256(ec.getPrivate(), claims), null);
    long now = TestTokens.now();
    refused(tokens, TestTokens.hs256(secret, claims.copy().put("exp", now - PlayerTokens.LEEWAY_SECONDS - 60)), "expired");
    refused(tokens, TestTokens.hs256(secret, claims.copy().put("nbf", now + PlayerTokens.LEEWAY_SECONDS + 60)), null);
    JsonObject noExp = claims.copy();
    noExp.remove("exp");
    refused(tokens, TestTokens.hs256(secret, noExp), "no 'exp'");
    JsonObject noSub = claims.copy();
    noSub.remove("sub");
    refused(tokens, TestTokens.hs256(secret, noSub), "no 'sub'");
    // within the leeway an expired token still passes
    accepted(tokens, TestTokens.hs256(secret, claims.copy().put("exp", now - 5)));
  }

  @Test
  void issuerAndAudienceAreCheckedWhenSet() throws Exception {
    PlayerTokens tokens = hs256(ISSUER, AUDIENCE);
    JsonObject claims = TestTokens.claims("bob").put("iss", ISSUER).put("aud", AUDIENCE);
    accepted(tokens, TestTokens.hs256(secret, claims));
    accepted(tokens, TestTokens.hs256(secret, claims.copy().put("aud", new io.vertx.core.json.JsonArray().add("x").add(AUDIENCE))));
    refused(tokens, TestTokens.hs256(secret, claims.copy().put("iss", "https://evil.example.com")), "issuer");
    JsonObject noIssuer = claims.copy();
    noIssuer.remove("iss");
    refused(tokens, TestTokens.hs256(secret, noIssuer), "issuer");
    refused(tokens, TestTokens.hs256(secret, claims.copy().put("aud", "another-service")), null);
    JsonObject noAudience = claims.copy();
    noAudience.remove("aud");
    refused(tokens, TestTokens.hs256(secret, noAudience), null);
  }

  @Test
  void jwksConfigurationTakesRs256AndEs256TokensOfItsKeysOnly() throws Exception {
    Path file = dir.resolve("jwks.json");
    Files.writeString(file, TestTokens.jwks(rsa, ec).encode());
    PlayerTokens tokens = PlayerTokens.load(vertx, new PlayerTokenSettings(null, file, null, null));
    assertThat(tokens.toString()).contains("2 public key(s) [RS256, ES256]");
    JsonObject claims = TestTokens.claims("carol");
    assertThat(accepted(tokens, TestTokens.rs256(rsa.getPrivate(), claims)).userId()).isEqualTo("carol");
    assertThat(accepted(tokens, TestTokens.es256(ec.getPrivate(), claims)).userId()).isEqualTo("carol");

    refused(tokens, TestTokens.rs256(TestTokens.rsa().getPrivate(), claims), null);
    refused(tokens, TestTokens.es256(TestTokens.ec().getPrivate(), claims), null);
    refused(tokens, TestTokens.hs256(secret, claims), null);
    // the classic confusion: HS256 with the RSA public key as the HMAC secret
    refused(tokens, TestTokens.hs256(rsa.getPublic().getEncoded(), claims), null);
    refused(tokens, TestTokens.unsigned(claims, "c2ln"), null);
    refused(tokens, TestTokens.rs256(rsa.getPrivate(), claims.copy().put("exp", TestTokens.now() - 3600)), "expired");
  }

  @Test
  void unusableKeyFilesAreRefusedNamingTheSettingNotTheContent() throws Exception {
    Path shortSecret = dir.resolve("short");
    Files.writeString(shortSecret, "not-long-enough\n");
    assertThatThrownBy(() -> PlayerTokens.load(vertx, new PlayerTokenSettings(shortSecret, null, null, null)))
        .hasMessageContaining("LB_JWT_HS256_SECRET_FILE").hasMessageContaining("holds 15 bytes")
        .hasMessageNotContaining("not-long-enough");
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> PlayerTokens.load(vertx, new PlayerTokenSettings(null, missing, null, null)))
        .hasMessageContaining("LB_JWT_JWKS_FILE " + missing + " cannot be read");
    Path privateKey = dir.resolve("private.json");
    JsonObject set = TestTokens.jwks(rsa);
    set.getJsonArray("keys").getJsonObject(0).put("d", "secret-part");
    Files.writeString(privateKey, set.encode());
    assertThatThrownBy(() -> PlayerTokens.load(vertx, new PlayerTokenSettings(null, privateKey, null, null)))
        .hasMessageContaining("keys[0] holds private or secret key material").hasMessageNotContaining("secret-part");
    Path noAlg = dir.resolve("noalg.json");
    set = TestTokens.jwks(ec);
    set.getJsonArray("keys").getJsonObject(0).put("alg", "HS256");
    Files.writeString(noAlg, set.encode());
    assertThatThrownBy(() -> PlayerTokens.load(vertx, new PlayerTokenSettings(null, noAlg, null, null)))
        .hasMessageContaining("keys[0] needs an 'alg' of [ES256, ES384, ES512, RS256, RS384, RS512] (got HS256)");
  }

  @Test
  void aJwtHasThreeNonEmptyBase64urlParts() {
    assertThat(PlayerTokens.shaped("a.b.c")).isTrue();
    assertThat(PlayerTokens.shaped("eyJh-_.eyJ0.sig_-9")).isTrue();
    assertThat(PlayerTokens.shaped("a.b.")).isFalse();
    assertThat(PlayerTokens.shaped("a..c")).isFalse();
    assertThat(PlayerTokens.shaped("a.b")).isFalse();
    assertThat(PlayerTokens.shaped("a.b.c.d")).isFalse();
    assertThat(PlayerTokens.shaped("a.b.c=")).isFalse();
    assertThat(PlayerTokens.shaped("lb_0123456789abcdef_x")).isFalse();
  }

  @Test
  void tokensBeyondTheVerificationBoundAreRefusedAsOverloadedNotQueued() throws Exception {
    // one worker thread, held busy: no verification can finish (and free its place) until released
    Vertx oneWorker = Vertx.vertx(new VertxOptions().setWorkerPoolSize(1));
    CountDownLatch release = new CountDownLatch(1);
    try {
      PlayerTokens tokens = hs256(oneWorker, null, null);
      oneWorker.executeBlocking(() -> release.await(10, TimeUnit.SECONDS), false);
      int extra = 20;
      List<Future<Player>> answers = new ArrayList<>();
      for (int i = 0; i < PlayerTokens.MAX_VERIFYING + extra; i++) {
        answers.add(tokens.verify(TestTokens.hs256(secret, TestTokens.claims("player-" + i))));
      }
      List<Throwable> refused = answers.stream().filter(Future::failed).map(Future::cause).toList();
      assertThat(refused).as("refused at once, not queued").hasSize(extra)
          .allSatisfy(e -> assertThat(e).isInstanceOfSatisfying(OverloadedException.class,
              o -> assertThat(o.status()).isEqualTo(503)));
      release.countDown();
      Future.join(new ArrayList<>(answers)).transform(ar -> Future.succeededFuture()).await(10, TimeUnit.SECONDS);
      assertThat(answers.stream().filter(Future::succeeded).count()).isEqualTo(PlayerTokens.MAX_VERIFYING);
      // the places are free again: a token the node has not seen is verified
      assertThat(accepted(tokens, TestTokens.hs256(secret, TestTokens.claims("later"))).userId()).isEqualTo("later");
    } finally {
      release.countDown();
      oneWorker.close().await(10, TimeUnit.SECONDS);
    }
  }

  private PlayerTokens hs256(String issuer, String audience) throws Exception {
    return hs256(vertx, issuer, audience);
  }

  private PlayerTokens hs256(Vertx on, String issuer, String audience) throws Exception {
    Path file = dir.resolve("hs256.secret");
    Files.write(file, (new String(secret, StandardCharsets.US_ASCII) + "\n").getBytes(StandardCharsets.US_ASCII));
    return PlayerTokens.load(on, new PlayerTokenSettings(file, null, issuer, audience));
  }

  private static Player accepted(PlayerTokens tokens, String token) throws Exception {
    return tokens.verify(token).await(10, TimeUnit.SECONDS);
  }

  /** Refused with 401, the message saying {@code why} (when given) and never holding the token. */
  private static void refused(PlayerTokens tokens, String token, String why) {
    Future<Player> answer = tokens.verify(token);
    assertThatThrownBy(() -> answer.await(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(LeaderboardException.class, e -> {
      assertThat(e.status()).isEqualTo(401);
      assertThat(e.code()).isEqualTo("unauthenticated");
      assertThat(e.getMessage()).startsWith("the player token is not valid: ");
      for (String part : token.split("\\.")) {
        assertThat(e.getMessage()).doesNotContain(part);
      }
      if (why != null) {
        assertThat(e.getMessage()).containsIgnoringCase(why);
      }
    });
  }
}
