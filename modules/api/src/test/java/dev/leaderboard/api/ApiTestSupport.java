package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.audit.AuditVerticle;
import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.api.auth.KeyAdmin;
import dev.leaderboard.api.auth.KeysVerticle;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.api.stream.StreamSettings;
import dev.leaderboard.api.stream.StreamVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientSession;
import io.vertx.junit5.VertxExtension;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the real service (on the shared test Redis shards) behind the real HTTP API, and gives
 * tests blocking HTTP calls. Every test uses its own random board names, so tests never share state.
 * The service runs on a fixed clock, so a periodic board's current period is the same for the whole
 * test whatever the date it runs on. Every request of {@link #client} carries {@link #ADMIN_KEY}, a key
 * with every scope on every board ({@link #asAdmin}).
 */
@ExtendWith(VertxExtension.class)
abstract class ApiTestSupport {
  static final long TIMEOUT_SECONDS = 20;
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  static final SecureRandom RANDOM = new SecureRandom();
  /** The test clients' key: every scope, every board; registered by {@link #deployKeys}. */
  static final ApiKeyToken ADMIN_KEY = ApiKeyToken.generate(RANDOM);

  Vertx vertx;
  WebClient client;
  /** A client that sends no key of its own. */
  WebClient anonymous;
  int port;

  @BeforeEach
  void deploy(Vertx vertx) {
    List<String> endpoints = endpoints();
    this.vertx = vertx;
    HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0).withLimits(edgeLimits()).withOpen(OpenOperations.DEFAULTS).withExposure(exposure()).withRates(rateLimiter()));
    deployNode(vertx, endpoints, TestPostgres.uri(), api, clock(), streamSettings());
    port = api.actualPort();
    anonymous = WebClient.create(vertx);
    client = asAdmin(anonymous);
  }

  /** The service (on a fixed clock), the node's API keys and audit log ({@link #deployKeys}), then {@code api}. */
  static void deployNode(Vertx on, List<String> endpoints, String pgUri, HttpApiVerticle api) {
    deployNode(on, endpoints, pgUri, api, CLOCK, StreamSettings.DEFAULTS);
  }

  /**
   * The service and the node's live streams on {@code clock} (score notices gathered for the streams'
   * interval), the node's API keys and audit log ({@link #deployKeys}), then {@code api}.
   */
  static void deployNode(Vertx on, List<String> endpoints, String pgUri, HttpApiVerticle api, Clock clock,
      StreamSettings streams) {
    deployNode(on, NodeStore.Options.of(endpoints, pgUri), api, clock, streams);
  }

  /** As above, on the stores {@code store} names (e.g. a Redis Cluster). */
  static void deployNode(Vertx on, NodeStore.Options store, HttpApiVerticle api, Clock clock, StreamSettings streams) {
    await(on.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(store, clock, 4)
            .withNoticeInterval(streams.interval().toMillis())))
        .compose(id -> deployKeys(on, store))
        .compose(id -> on.deployVerticle(new StreamVerticle(new StreamVerticle.Options(store, clock, streams))))
        .compose(id -> on.deployVerticle(api)));
  }

  /** The clock of the service and the streams in this test: {@link #CLOCK}. */
  Clock clock() {
    return CLOCK;
  }

  /** How the node serves live streams in this test. */
  StreamSettings streamSettings() {
    return StreamSettings.DEFAULTS;
  }

  /** {@link #deployKeys(Vertx, List, String)} with the audit log in the shared test PostgreSQL. */
  static Future<KeysVerticle> deployKeys(Vertx on, List<String> endpoints) {
    return deployKeys(on, endpoints, TestPostgres.uri());
  }

  /**
   * The node's API keys, with {@link #ADMIN_KEY} registered (once per Redis: it stays there), and
   * its audit log in {@code pgUri}.
   */
  static Future<KeysVerticle> deployKeys(Vertx on, List<String> endpoints, String pgUri) {
    return deployKeys(on, NodeStore.Options.of(endpoints, pgUri));
  }

  /** The node's API keys and audit log on the node's stores at {@code store}. */
  static Future<KeysVerticle> deployKeys(Vertx on, NodeStore.Options store) {
    KeysVerticle keys = new KeysVerticle(new KeysVerticle.Options(store, CLOCK));
    return on.deployVerticle(new AuditVerticle(new AuditVerticle.Options(store, CLOCK)))
        .compose(id -> on.deployVerticle(keys))
        .compose(id -> new KeyAdmin(keys.cache(), RANDOM).register(ADMIN_KEY, "tests"))
        .map(registration -> {
          assertThat(registration).isIn(KeyAdmin.Registration.REGISTERED, KeyAdmin.Registration.PRESENT);
          return keys;
        });
  }

  /** {@code client}, sending {@link #ADMIN_KEY} with every request. */
  static WebClient asAdmin(WebClient client) {
    return WebClientSession.create(client).addHeader("Authorization", "Bearer " + ADMIN_KEY.value());
  }

  /** The Redis endpoints the service of this test uses: the shared test shards. */
  List<String> endpoints() {
    return TestShards.endpoints();
  }

  /** The node's rate limits in this test: none. */
  RateLimiter rateLimiter() {
    return RateLimiter.OFF;
  }

  /** The HTTP server's limits of slow clients and open connections in this test. */
  EdgeLimits edgeLimits() {
    return EdgeLimits.DEFAULTS;
  }

  /** Where the HTTP server listens and the origins it allows in this test. */
  HttpExposure exposure() {
    return HttpExposure.DEFAULTS;
  }

  static <T> T await(Future<T> f) {
    try {
      return f.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("no answer within " + TIMEOUT_SECONDS + " s", e);
    }
  }

  /** A fresh board name no other test uses. */
  static String randomBoard() {
    return "t-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
  }

  // ---- HTTP

  /** Sends {@code body} verbatim (null: no body) with {@code Content-Type: application/json}. */
  HttpResponse<Buffer> call(HttpMethod method, String uri, String body) {
    return send(client.request(method, port, "localhost", uri), body);
  }

  /** {@link #call} with {@code authorization} as the only credential ({@code null}: none). */
  HttpResponse<Buffer> callWith(String authorization, HttpMethod method, String uri, String body) {
    HttpRequest<Buffer> req = anonymous.request(method, port, "localhost", uri);
    if (authorization != null) {
      req.putHeader("Authorization", authorization);
    }
    return send(req, body);
  }

  private static HttpResponse<Buffer> send(HttpRequest<Buffer> req, String body) {
    if (body == null) {
      return await(req.send());
    }
    return await(req.putHeader("Content-Type", "application/json").sendBuffer(Buffer.buffer(body)));
  }

  HttpResponse<Buffer> get(String uri) {
    return call(HttpMethod.GET, uri, null);
  }

  HttpResponse<Buffer> put(String uri, String body) {
    return call(HttpMethod.PUT, uri, body);
  }

  HttpResponse<Buffer> post(String uri, String body) {
    return call(HttpMethod.POST, uri, body);
  }

  HttpResponse<Buffer> delete(String uri) {
    return call(HttpMethod.DELETE, uri, null);
  }

  /** A 2xx answer with a JSON body; fails the test with the body otherwise. */
  static JsonObject ok(HttpResponse<Buffer> r, int status) {
    assertThat(r.statusCode()).as("status of a request that should succeed; body: %s", r.bodyAsString())
        .isEqualTo(status);
    assertThat(r.getHeader("Content-Type")).startsWith("application/json");
    return r.bodyAsJsonObject();
  }

  /**
   * Checks the error format: the given 4xx status, {@code Content-Type: application/json}, and a body of
   * exactly {@code {"error": code, "message": text}} (with {@code field}, the field the message starts
   * with, for {@code invalid_field}) whose message contains every one of {@code mentions}.
   */
  static JsonObject assertError(HttpResponse<Buffer> r, int status, String code, String... mentions) {
    return assertError(r.statusCode(), r.getHeader("Content-Type"), r.bodyAsString(), status, code, mentions);
  }

  /** {@link #assertError(HttpResponse, int, String, String...)} of an answer read some other way. */
  static JsonObject assertError(int actualStatus, String contentType, String text, int status, String code,
      String... mentions) {
    assertThat(status).isBetween(400, 499);
    assertThat(actualStatus).as("status; body: %s", text).isEqualTo(status);
    assertThat(contentType).as("Content-Type").startsWith("application/json");
    JsonObject body = new JsonObject(text);
    if ("invalid_field".equals(code)) {
      // the field the message names first, as a path
      assertThat(body.fieldNames()).as("error body %s", body).containsExactlyInAnyOrder("error", "message", "field");
      assertThat(body.getString("message")).as("message of %s", body).startsWith(body.getString("field") + " ");
    } else {
      assertThat(body.fieldNames()).as("error body %s", body).containsExactlyInAnyOrder("error", "message");
    }
    assertThat(body.getValue("error")).as("error code in %s", body).isEqualTo(code);
    assertThat(body.getValue("message")).as("message in %s", body).isInstanceOf(String.class);
    assertThat(body.getString("message")).as("message").isNotBlank();
    if (mentions.length > 0) {
      assertThat(body.getString("message")).as("message").contains(mentions);
    }
    return body;
  }

  // ---- boards and scores

  JsonObject createBoard(String board, JsonObject definition) {
    return ok(put("/v1/boards/" + board, definition.encode()), 201);
  }

  JsonObject submit(String board, JsonObject event) {
    return ok(post("/v1/boards/" + board + "/scores", event.encode()), 200);
  }

  JsonObject submit(String board, String userId, long value) {
    return submit(board, new JsonObject().put("userId", userId).put("value", value));
  }

  /**
   * What a reader can see of a board: its definition, its whole first page with the total, and
   * each of {@code users} (status and body). Equal snapshots mean nothing observable changed.
   */
  JsonObject snapshot(String board, String... users) {
    JsonObject s = new JsonObject();
    HttpResponse<Buffer> def = get("/v1/boards/" + board);
    s.put("definition", seen(def));
    HttpResponse<Buffer> entries = get("/v1/boards/" + board + "/entries?limit=1000");
    s.put("entries", seen(entries));
    for (String u : users) {
      HttpResponse<Buffer> r = get("/v1/boards/" + board + "/users/" + u);
      s.put("user " + u, seen(r));
    }
    return s;
  }

  static JsonObject seen(HttpResponse<Buffer> r) {
    return new JsonObject().put("status", r.statusCode()).put("body", new JsonObject(r.bodyAsString()));
  }
}
