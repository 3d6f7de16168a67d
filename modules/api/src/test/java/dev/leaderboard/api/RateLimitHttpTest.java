package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.auth.TestTokens;
import dev.leaderboard.api.limit.Rate;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.api.limit.RateLimits;
import dev.leaderboard.service.TestClock;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rate limits over HTTP, on a clock the test moves: a key beyond its submit burst is answered 429
 * with Retry-After and changes nothing, other keys go on, and it recovers once a token is there;
 * reads without a key are limited per client address the same way, and players per player.
 */
class RateLimitHttpTest extends ApiTestSupport {
  private final TestClock rateClock = new TestClock(CLOCK.instant());

  @Override
  RateLimiter rateLimiter() {
    // one token a second, bursts of two; reads with a key and admin actions unlimited
    return RateLimiter.create(new RateLimits(Map.of("submit", new Rate(1, 2), RateLimits.PUBLIC, new Rate(1, 2)),
        1000), rateClock, null);
  }

  @Test
  void aKeyBeyondItsSubmitLimitIsRefusedUntilATokenIsThere() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    String bearer = "Bearer " + ok(post("/v1/keys", new JsonObject().put("name", "game " + board)
        .put("scopes", new JsonArray().add("submit")).encode()), 201).getString("key");
    String event = new JsonObject().put("userId", "alice").put("value", 1).encode();
    String uri = "/v1/boards/" + board + "/scores";
    for (int i = 0; i < 2; i++) {
      assertThat(callWith(bearer, HttpMethod.POST, uri, event).statusCode()).isEqualTo(200);
    }
    HttpResponse<Buffer> refused = callWith(bearer, HttpMethod.POST, uri, event);
    assertRateLimited(refused, "submit", "API key");
    assertThat(score(board, "alice")).as("the refused event was not applied").isEqualTo(2);
    // another key has a bucket of its own
    assertThat(post(uri, event).statusCode()).isEqualTo(200);
    assertThat(score(board, "alice")).isEqualTo(3);

    rateClock.set(rateClock.instant().plusMillis(999));
    assertRateLimited(callWith(bearer, HttpMethod.POST, uri, event), "submit", "API key");
    rateClock.set(rateClock.instant().plusMillis(1));
    assertThat(callWith(bearer, HttpMethod.POST, uri, event).statusCode()).isEqualTo(200);
    assertRateLimited(callWith(bearer, HttpMethod.POST, uri, event), "submit", "API key");
    assertThat(score(board, "alice")).isEqualTo(4);
  }

  @Test
  void publicReadsAreLimitedPerClientAddress() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("publicReads", true));
    String uri = "/v1/boards/" + board + "/entries";
    for (int i = 0; i < 2; i++) {
      assertThat(callWith(null, HttpMethod.GET, uri, null).statusCode()).isEqualTo(200);
    }
    assertRateLimited(callWith(null, HttpMethod.GET, uri, null), "public", "client address");
    // a reader with a key is not limited by the address's bucket
    assertThat(get(uri).statusCode()).isEqualTo(200);
    rateClock.set(rateClock.instant().plusSeconds(1));
    assertThat(callWith(null, HttpMethod.GET, uri, null).statusCode()).isEqualTo(200);
    assertRateLimited(callWith(null, HttpMethod.GET, uri, null), "public", "client address");
    // health checks are never limited
    for (int i = 0; i < 5; i++) {
      assertThat(callWith(null, HttpMethod.GET, "/health/live", null).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void aPlayerHasABucketOfItsOwn(@TempDir Path dir) throws Exception {
    byte[] secret = TestTokens.secret(RANDOM);
    NodeKeys.of(vertx).offerPlayers(PlayerTokens.load(vertx,
        new PlayerTokenSettings(Files.write(dir.resolve("jwt.secret"), secret), null, null, null)));
    String board = randomBoard();
    createBoard(board, new JsonObject().put("clientWrites", true));
    String uri = "/v1/boards/" + board + "/scores";
    String alice = "Bearer " + TestTokens.hs256(secret, TestTokens.claims("alice"));
    String event = new JsonObject().put("userId", "alice").put("value", 1).encode();
    for (int i = 0; i < 2; i++) {
      assertThat(callWith(alice, HttpMethod.POST, uri, event).statusCode()).isEqualTo(200);
    }
    assertRateLimited(callWith(alice, HttpMethod.POST, uri, event), "submit", "player");
    assertThat(score(board, "alice")).as("the refused event was not applied").isEqualTo(2);
    String bob = "Bearer " + TestTokens.hs256(secret, TestTokens.claims("bob"));
    assertThat(callWith(bob, HttpMethod.POST, uri, new JsonObject().put("userId", "bob").put("value", 1).encode())
        .statusCode()).as("another player's bucket").isEqualTo(200);
  }

  private long score(String board, String user) {
    return ok(get("/v1/boards/" + board + "/users/" + user), 200).getLong("score");
  }

  private static void assertRateLimited(HttpResponse<Buffer> r, String limit, String per) {
    assertThat(r.statusCode()).as("status; body %s", r.bodyAsString()).isEqualTo(429);
    assertThat(r.getHeader("Retry-After")).isEqualTo("1");
    assertThat(r.getHeader("Content-Type")).startsWith("application/json");
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.fieldNames()).containsExactlyInAnyOrder("error", "message", "limit");
    assertThat(body.getString("error")).isEqualTo("rate_limited");
    assertThat(body.getString("limit")).isEqualTo(limit);
    assertThat(body.getString("message")).contains("'" + limit + "'", "1/s, burst 2", per, "retry after 1 s");
  }
}
