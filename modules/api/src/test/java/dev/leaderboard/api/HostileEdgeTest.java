package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.leaderboard.embedded.Await;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a hostile client sends over a plain socket, one row each: connections that never finish
 * their request, one connection too many, ambiguous framing (request smuggling), paths the router
 * would resolve into another resource, JSON that parsers read differently, closes of periods the
 * board never had, bodies of another type than JSON, and calls from a page of another site (also
 * those a browser sends without asking first: a form, a POST without a body), and HTTP/2 in clear
 * text (with prior knowledge, or as an upgrade). Each is answered with its 4xx and error code (or the
 * connection is closed, when there is no request to answer; an HTTP/2 client is told in HTTP/2's
 * terms to use HTTP/1.1), and changes nothing a reader can see.
 */
class HostileEdgeTest extends ApiTestSupport {
  private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration BODY_TIMEOUT = Duration.ofSeconds(1);
  private static final int MAX_CONNECTIONS = 8;
  /** How much later than its deadline a timed-out connection may close. */
  private static final Duration SLACK = Duration.ofSeconds(3);
  private static final String[] USERS = {"alice", "bob"};
  private static final String EVENT = "{\"userId\": \"alice\", \"value\": 1}";
  private static final String SCORES_UNTYPED = "POST /v1/boards/$BOARD/scores HTTP/1.1\r\nHost: localhost\r\n";
  private static final String SCORES = SCORES_UNTYPED + "Content-Type: application/json\r\n";
  private static final String CROSS_SITE = "Origin: https://elsewhere.example\r\n";
  /** What an HTTP/2 client with prior knowledge opens with: the preface, then its SETTINGS frame (empty). */
  private static final String HTTP2_PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + "\0\0\0\4\0\0\0\0\0";
  /** The headers of a cleartext upgrade to HTTP/2 (the settings as curl sends them). */
  private static final String H2C_UPGRADE = "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
      + "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n";
  private static final int HTTP2_SETTINGS = 0x4;
  private static final int HTTP2_GOAWAY = 0x7;

  /** How a row's request goes out. */
  enum Send {
    /** all at once */
    AT_ONCE,
    /** a byte at a time, from the first */
    TRICKLED,
    /** the head at once, the body a byte at a time */
    BODY_TRICKLED,
    /** as one connection more than the node keeps open */
    OVER_LIMIT
  }

  /**
   * @param head the request line and headers, with {@code $BOARD} (an all-time board where alice has
   *     10 and bob 20) and {@code $DAILY} (a daily board), without the blank line ending the head
   * @param body sent after the head
   * @param contentLength whether to add {@code Content-Length} of the body and the blank line
   */
  record Request(String head, byte[] body, boolean contentLength) {
    /** The same request with another HTTP version in its request line. */
    Request withVersion(String version) {
      return new Request(head.replaceFirst(" HTTP/1\\.1\r\n", " " + version + "\r\n"), body, contentLength);
    }

    /**
     * The head, with the test admin key after a whole request line, so that only the edge refuses
     * (not after HTTP/2's preface, which is exactly as a client sends it).
     */
    byte[] headBytes(String board, String daily) {
      String h = head.replace("$BOARD", board).replace("$DAILY", daily);
      if (!h.startsWith(HTTP2_PREFACE)) {
        h = h.replaceFirst("\r\n", "\r\nAuthorization: Bearer " + ADMIN_KEY.value() + "\r\n");
      }
      if (contentLength) {
        h += "Content-Length: " + body.length + "\r\n\r\n";
      }
      return h.getBytes(StandardCharsets.ISO_8859_1);
    }
  }

  /**
   * @param status 0 for a connection closed without an answer; for {@code http2}, the GOAWAY's error code
   * @param closes whether the server closes the connection after answering
   * @param http2 the answer is HTTP/2 frames: the server's SETTINGS, then GOAWAY with {@code status}
   *     (named {@code code}) and no stream processed, its debug data naming {@code mentions}; then the close
   */
  record Expect(int status, String code, boolean closes, boolean http2, String... mentions) {
    @Override
    public String toString() {
      return http2 ? "GOAWAY " + code : status == 0 ? "closed" : status + " " + code;
    }
  }

  @Override
  EdgeLimits edgeLimits() {
    return new EdgeLimits(Duration.ofSeconds(5), HEADER_TIMEOUT, BODY_TIMEOUT, MAX_CONNECTIONS);
  }

  @BeforeEach
  void clientClosesIdleConnectionsBeforeTheServerDoes() {
    client = asAdmin(WebClient.create(vertx, new WebClientOptions().setKeepAliveTimeout(1)));
  }

  private static Request raw(String head) {
    return new Request(head, new byte[0], false);
  }

  private static Request raw(String head, String body) {
    return new Request(head, body.getBytes(StandardCharsets.ISO_8859_1), false);
  }

  private static Request withBody(String head, byte[] body) {
    return new Request(head, body, true);
  }

  private static Request request(String method, String path) {
    return raw(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
  }

  private static Expect closed() {
    return new Expect(0, null, true, false);
  }

  private static Expect refused(int status, String code, String... mentions) {
    return new Expect(status, code, false, false, mentions);
  }

  private static Expect refusedAndClosed(int status, String code, String... mentions) {
    return new Expect(status, code, true, false, mentions);
  }

  /** HTTP/2's own refusal: GOAWAY with HTTP_1_1_REQUIRED (0xd) before any stream. */
  private static Expect toldToUseHttp11() {
    return new Expect(0xd, "HTTP_1_1_REQUIRED", true, true, "HTTP/1.1");
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A request for {@code path} refused before routing, naming {@code mention}; the path is the row's name. */
  private static Arguments badPath(String method, String path, String mention) {
    return arguments(method + " " + path, Send.AT_ONCE, request(method, path), refused(400, "invalid_path", mention));
  }

  private static Arguments badJson(String name, String body, String... mentions) {
    return badJson(name, utf8(body), mentions);
  }

  /** A submit whose body is refused as JSON. */
  private static Arguments badJson(String name, byte[] body, String... mentions) {
    return arguments(name, Send.AT_ONCE, withBody(SCORES, body), refused(400, "invalid_json", mentions));
  }

  /** A body of another type than JSON, sent to {@code head}: refused, naming what it got. */
  private static Arguments badType(String name, String head, String body, String mention) {
    return arguments(name, Send.AT_ONCE, withBody(head, utf8(body)),
        refused(415, "unsupported_media_type", "application/json", mention));
  }

  private static byte[] utf16(String s, boolean bigEndian) {
    return s.getBytes(bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
  }

  static Stream<Arguments> hostileRequests() {
    String chunkedEvent = Integer.toHexString(EVENT.length()) + "\r\n" + EVENT + "\r\n0\r\n\r\n";
    String padding = "X-Padding: " + "p".repeat(200) + "\r\n";
    return Stream.of(
        // 1. slow clients
        arguments("nothing sent", Send.AT_ONCE, raw(""), closed()),
        arguments("half a request line", Send.AT_ONCE, raw("GET /v1/boa"), closed()),
        arguments("headers never finished", Send.AT_ONCE, raw("GET /health/live HTTP/1.1\r\nHost: localhost\r\n"), closed()),
        arguments("headers trickled", Send.TRICKLED, raw("GET /health/live HTTP/1.1\r\nHost: localhost\r\n" + padding + "\r\n"),
            closed()),
        arguments("body stalls", Send.AT_ONCE, raw(SCORES + "Content-Length: 100\r\n\r\n", "{\"userId\": \"alice\", "),
            refusedAndClosed(408, "request_timeout", "body", "1000 ms")),
        arguments("chunked body stalls", Send.AT_ONCE, raw(SCORES + "Transfer-Encoding: chunked\r\n\r\n", "5\r\n{\"use\r\n"),
            refusedAndClosed(408, "request_timeout", "body")),
        arguments("body trickled", Send.BODY_TRICKLED,
            withBody(SCORES, utf8("{\"userId\": \"alice\", \"value\": 1, \"eventId\": \"" + "e".repeat(100) + "\"}")),
            refusedAndClosed(408, "request_timeout", "body")),
        arguments("one connection over the limit", Send.OVER_LIMIT, request("GET", "/health/live"), closed()),
        // 2. framing that a proxy in front could read differently (request smuggling)
        arguments("Content-Length and Transfer-Encoding", Send.AT_ONCE,
            raw(SCORES + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "Content-Length", "Transfer-Encoding")),
        arguments("Transfer-Encoding and Content-Length", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: chunked\r\nContent-Length: " + chunkedEvent.length() + "\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "Content-Length", "Transfer-Encoding")),
        arguments("Transfer-Encoding xchunked with Content-Length", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: xchunked\r\nContent-Length: " + EVENT.length() + "\r\n\r\n", EVENT),
            refusedAndClosed(400, "bad_request", "Transfer-Encoding")),
        arguments("Transfer-Encoding gzip, chunked", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: gzip, chunked\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "Transfer-Encoding", "chunked")),
        arguments("Transfer-Encoding twice", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "Transfer-Encoding")),
        arguments("HTTP/1.0 with Transfer-Encoding", Send.AT_ONCE,
            raw(SCORES.replace("HTTP/1.1", "HTTP/1.0") + "Transfer-Encoding: chunked\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "HTTP/1.0", "Transfer-Encoding")),
        arguments("two different Content-Lengths", Send.AT_ONCE,
            raw(SCORES + "Content-Length: " + EVENT.length() + "\r\nContent-Length: 5\r\n\r\n", EVENT),
            refusedAndClosed(400, "bad_request", "Content-Length")),
        arguments("invalid chunk size", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: chunked\r\n\r\n", "zz\r\n" + EVENT + "\r\n0\r\n\r\n"),
            refusedAndClosed(400, "bad_request", "chunked")),
        arguments("chunk longer than its size", Send.AT_ONCE,
            raw(SCORES + "Transfer-Encoding: chunked\r\n\r\n", "3\r\n" + EVENT + "\r\n0\r\n\r\n"),
            refusedAndClosed(400, "bad_request", "chunked")),
        // 3. paths the router would resolve into another resource
        badPath("DELETE", "/v1/boards/$BOARD/users/%2e%2e", "%2e%2e"),
        badPath("DELETE", "/v1/boards/$BOARD/users/%2E%2E", "%2E%2E"),
        badPath("DELETE", "/v1/boards/$BOARD/users/.%2e", ".%2e"),
        badPath("DELETE", "/v1/boards/$BOARD/users/..", ".."),
        badPath("DELETE", "/v1/boards/$BOARD/users/%2e%2e/", "%2e%2e"),
        badPath("PUT", "/v1/boards/%2e", "%2e"),
        badPath("GET", "/v1/boards/$BOARD/users/al%2Fice", "al%2Fice"),
        badPath("DELETE", "/v1/boards/$BOARD/users/x%2f..%2f..%2f", "%2f"),
        badPath("GET", "/v1/boards/$BOARD/users/al%5Cice", "%5C"),
        arguments("double-encoded dot segment stays a name", Send.AT_ONCE,
            request("GET", "/v1/boards/$BOARD/users/%252e%252e"), refused(400, "invalid_field", "userId")),
        // 4. JSON that parsers read differently
        badJson("duplicate key", "{\"userId\": \"alice\", \"value\": 1, \"value\": 900}", "Duplicate", "value"),
        badJson("block comment", "{\"userId\": \"alice\", /* why */ \"value\": 1}", "body"),
        badJson("line comment", "{\"userId\": \"alice\", // why\n \"value\": 1}", "body"),
        badJson("hash comment", "{\"userId\": \"alice\", # why\n \"value\": 1}", "body"),
        badJson("single quotes", "{'userId': 'alice', 'value': 1}", "body"),
        badJson("a second value after the object", EVENT + " {\"value\": 900}", "body"),
        badJson("UTF-8 byte-order mark", concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, utf8(EVENT)),
            "byte-order mark"),
        badJson("UTF-16LE with its byte-order mark", concat(new byte[] {(byte) 0xff, (byte) 0xfe}, utf16(EVENT, false)),
            "byte-order mark", "UTF-8"),
        badJson("UTF-16BE without a byte-order mark", utf16(EVENT, true), "UTF-8"),
        badJson("invalid UTF-8 in a string", concat(utf8("{\"userId\": \"al"), new byte[] {(byte) 0xc3, (byte) 0x28},
            utf8("\", \"value\": 1}")), "UTF-8"),
        // 5. closing periods the board never had
        arguments("close 9999-12-31", Send.AT_ONCE, request("POST", "/v1/boards/$DAILY/periods/9999-12-31/close"),
            refused(409, "period_not_started", "9999-12-31")),
        arguments("close tomorrow", Send.AT_ONCE, request("POST", "/v1/boards/$DAILY/periods/2025-04-16/close"),
            refused(409, "period_not_started", "2025-04-16")),
        arguments("close 1900-01-01", Send.AT_ONCE, request("POST", "/v1/boards/$DAILY/periods/1900-01-01/close"),
            refused(409, "period_not_retained", "1900-01-01")),
        // 6. bodies of another type than JSON: not read as JSON, whatever they hold
        badType("text/plain body", SCORES_UNTYPED + "Content-Type: text/plain\r\n", EVENT, "text/plain"),
        badType("form body", SCORES_UNTYPED + "Content-Type: application/x-www-form-urlencoded\r\n",
            "userId=alice&value=900", "x-www-form-urlencoded"),
        badType("multipart body", SCORES_UNTYPED + "Content-Type: multipart/form-data; boundary=b\r\n",
            "--b\r\nContent-Disposition: form-data; name=\"userId\"\r\n\r\nalice\r\n--b--\r\n", "multipart"),
        badType("text/plain board update", "PUT /v1/boards/$BOARD HTTP/1.1\r\nHost: localhost\r\n"
            + "Content-Type: text/plain\r\n", "{\"maxScore\": 1}", "text/plain"),
        badType("no Content-Type", SCORES_UNTYPED, EVENT, "none"),
        badType("JSON labelled UTF-16", SCORES_UNTYPED + "Content-Type: application/json; charset=utf-16\r\n", EVENT,
            "utf-16"),
        badType("JSON under another type", SCORES_UNTYPED + "Content-Type: application/jsonp\r\n", EVENT, "jsonp"),
        // 7. calls from a page of another site (CORS is off): refused before any route, even those a
        // browser sends without a preflight
        arguments("cross-site text/plain submit", Send.AT_ONCE, withBody(SCORES_UNTYPED + CROSS_SITE
            + "Content-Type: text/plain\r\n", utf8(EVENT)), refused(403, "origin_not_allowed", "CORS is off")),
        arguments("cross-site JSON submit", Send.AT_ONCE, withBody(SCORES + CROSS_SITE, utf8(EVENT)),
            refused(403, "origin_not_allowed")),
        arguments("cross-site period close without a body", Send.AT_ONCE,
            raw("POST /v1/boards/$DAILY/periods/2025-04-15/close HTTP/1.1\r\nHost: localhost\r\n" + CROSS_SITE
                + "Content-Length: 0\r\n\r\n"), refused(403, "origin_not_allowed")),
        arguments("cross-site board delete", Send.AT_ONCE,
            raw("DELETE /v1/boards/$BOARD HTTP/1.1\r\nHost: localhost\r\n" + CROSS_SITE + "\r\n"),
            refused(403, "origin_not_allowed")),
        // 8. HTTP/2 in clear text: not served, so none of the rules above can be bypassed by it. The
        // preface is the whole request (no key is added to it); an upgrade is answered over HTTP/1.1
        arguments("HTTP/2 with prior knowledge", Send.AT_ONCE, raw(HTTP2_PREFACE), toldToUseHttp11()),
        arguments("HTTP/2 preface with a request after it", Send.AT_ONCE, raw(HTTP2_PREFACE
            + "DELETE /v1/boards/$BOARD HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + ADMIN_KEY.value()
            + "\r\n\r\n"), toldToUseHttp11()),
        arguments("another HTTP version", Send.AT_ONCE, request("DELETE", "/v1/boards/$BOARD").withVersion("HTTP/3.0"),
            refusedAndClosed(400, "bad_request", "HTTP/3.0", "HTTP/1.1")),
        arguments("h2c upgrade of a cross-site submit", Send.AT_ONCE, withBody(SCORES + CROSS_SITE + H2C_UPGRADE,
            utf8(EVENT)), refused(403, "origin_not_allowed")),
        arguments("h2c upgrade with Content-Length and Transfer-Encoding", Send.AT_ONCE,
            raw(SCORES + H2C_UPGRADE + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", chunkedEvent),
            refusedAndClosed(400, "bad_request", "Content-Length", "Transfer-Encoding")),
        arguments("h2c upgrade of a bad path", Send.AT_ONCE,
            raw("DELETE /v1/boards/$BOARD/users/%2e%2e HTTP/1.1\r\nHost: localhost\r\n" + H2C_UPGRADE + "\r\n"),
            refused(400, "invalid_path", "%2e%2e")));
  }

  @ParameterizedTest(name = "{0}: {3}")
  @MethodSource("hostileRequests")
  void hostileRequestIsRefusedAndChangesNothing(String name, Send send, Request request, Expect expect) throws IOException {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "incr"));
    submit(board, "alice", 10);
    submit(board, "bob", 20);
    String daily = randomBoard();
    createBoard(daily, new JsonObject().put("period", "daily").put("timezone", "UTC"));
    submit(daily, "alice", 5);
    JsonObject before = seen(board, daily);

    byte[] head = request.headBytes(board, daily);
    if (expect.http2()) {
      assertHttp2Refusal(concat(head, request.body()), expect);
      assertThat(seen(board, daily)).isEqualTo(before);
      return;
    }
    RawHttp.Answer answer = send == Send.OVER_LIMIT ? overTheLimit(head) : send(send, head, request.body(), expect);

    if (expect.status() == 0) {
      assertThat(answer.closedWithoutAnswer()).as("closed without an answer; got %s", answer).isTrue();
    } else {
      assertError(answer.status(), answer.header("Content-Type"), answer.body(), expect.status(), expect.code(),
          expect.mentions());
    }
    if (send == Send.OVER_LIMIT) {
      awaitConnectionsBelowTheLimit();
    }
    assertThat(seen(board, daily)).isEqualTo(before);
  }

  @Test
  void jsonIsTakenWhateverTheCaseOfItsTypeAndWithItsCharset() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    for (String type : List.of("Application/JSON", "application/json; charset=\"UTF-8\"", "application/json;charset=utf-8")) {
      HttpResponse<Buffer> r = await(client.post(port, "localhost", "/v1/boards/" + board + "/scores")
          .putHeader("Content-Type", type).sendBuffer(Buffer.buffer(EVENT)));
      assertThat(r.statusCode()).as("%s: %s", type, r.bodyAsString()).isEqualTo(200);
    }
  }

  @Test
  void corsIsOffByDefault() {
    HttpResponse<Buffer> r = await(client.get(port, "localhost", "/v1/boards").putHeader("Origin", "https://elsewhere.example").send());
    assertError(r, 403, "origin_not_allowed", "CORS is off");
    HttpResponse<Buffer> preflight = await(client.request(HttpMethod.OPTIONS, port, "localhost", "/v1/boards/x/scores")
        .putHeader("Origin", "https://elsewhere.example").putHeader("Access-Control-Request-Method", "POST")
        .putHeader("Access-Control-Request-Headers", "content-type").send());
    assertError(preflight, 403, "origin_not_allowed");
    for (HttpResponse<Buffer> answer : List.of(r, preflight)) {
      assertThat(answer.headers().names()).noneMatch(h -> h.toLowerCase(Locale.ROOT).startsWith("access-control-"));
    }
    // clients that are not browsers send no Origin
    assertThat(get("/v1/boards").statusCode()).isEqualTo(200);
  }

  @Test
  void theNodeListensOnEveryInterfaceByDefault() throws IOException {
    // every 127/8 address is loopback on Linux; a server bound to one address would refuse this one
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.2", port), 2000);
    }
  }

  /** The frames the node answers {@code bytes} with, up to its close: SETTINGS, then the expected GOAWAY. */
  private void assertHttp2Refusal(byte[] bytes, Expect expect) throws IOException {
    byte[] frames;
    try (RawHttp http = new RawHttp(port, Duration.ofSeconds(TIMEOUT_SECONDS))) {
      frames = http.untilClosed(bytes);
    }
    ByteBuffer in = ByteBuffer.wrap(frames);
    List<Integer> types = new ArrayList<>();
    Integer lastStream = null;
    Integer error = null;
    String debug = null;
    while (in.remaining() >= 9) {
      int length = (in.getShort() & 0xffff) << 8 | in.get() & 0xff;
      int type = in.get() & 0xff;
      in.get();
      assertThat(in.getInt() & 0x7fffffff).as("stream of frame type %s", type).isZero();
      byte[] payload = new byte[length];
      in.get(payload);
      types.add(type);
      if (type == HTTP2_GOAWAY) {
        ByteBuffer goAway = ByteBuffer.wrap(payload);
        lastStream = goAway.getInt() & 0x7fffffff;
        error = goAway.getInt();
        debug = StandardCharsets.US_ASCII.decode(goAway).toString();
      }
    }
    assertThat(in.remaining()).as("bytes after the last whole frame").isZero();
    assertThat(types).as("frame types, up to the close").containsExactly(HTTP2_SETTINGS, HTTP2_GOAWAY);
    assertThat(lastStream).as("last stream processed").isZero();
    assertThat(error).as("GOAWAY error code (%s)", expect.code()).isEqualTo(expect.status());
    assertThat(debug).contains(expect.mentions());
  }

  @Test
  void anHttp2ClientWithPriorKnowledgeIsToldToUseHttp11AndNothingIsApplied() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "incr"));
    submit(board, "alice", 10);
    JsonObject before = snapshot(board, USERS);
    WebClient http2 = asAdmin(WebClient.create(vertx, new WebClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
        .setHttp2ClearTextUpgrade(false)));
    Future<HttpResponse<Buffer>> submit = http2.post(port, "localhost", "/v1/boards/" + board + "/scores")
        .sendJsonObject(new JsonObject(EVENT));
    HttpClosedException closed = catchThrowableOfType(HttpClosedException.class, () -> await(submit));
    assertThat(closed).as("how a submit over HTTP/2 with prior knowledge ends").isNotNull();
    // the client releases the GOAWAY's debug data before goAway() copies it, so its message is what is
    // left to read; the table's rows read the frames themselves
    assertThat(closed).hasMessageContaining("GOAWAY error code = " + 0xd);
    assertThat(snapshot(board, USERS)).isEqualTo(before);
  }

  @Test
  void http2sPrefaceLaterOnAnHttp11ConnectionIsABadRequest() throws IOException {
    try (RawHttp http = new RawHttp(port, Duration.ofSeconds(TIMEOUT_SECONDS))) {
      assertThat(http.exchange(request("GET", "/health/live").headBytes("", ""), new byte[0]).status()).isEqualTo(200);
      RawHttp.Answer answer = http.exchange("PRI * HTTP/2.0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), new byte[0]);
      assertError(answer.status(), answer.header("Content-Type"), answer.body(), 400, "bad_request", "HTTP/2.0");
      assertThat(http.closedByServer()).as("the connection closes after the refusal").isTrue();
    }
  }

  @Test
  void anH2cUpgradeIsAnsweredAndServedOverHttp11() {
    String board = randomBoard();
    createBoard(board, new JsonObject().put("operator", "incr"));
    submit(board, "alice", 10);
    WebClient upgrading = asAdmin(WebClient.create(vertx, new WebClientOptions().setProtocolVersion(HttpVersion.HTTP_2)));
    HttpResponse<Buffer> r = await(upgrading.post(port, "localhost", "/v1/boards/" + board + "/scores")
        .sendJsonObject(new JsonObject(EVENT)));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    assertThat(r.version()).as("the protocol of the answer").isEqualTo(HttpVersion.HTTP_1_1);
    assertThat(ok(get("/v1/boards/" + board + "/users/alice"), 200).getLong("score")).isEqualTo(11);
  }

  private RawHttp.Answer send(Send send, byte[] head, byte[] body, Expect expect) throws IOException {
    Duration deadline = send == Send.AT_ONCE && body.length == 0 ? HEADER_TIMEOUT : BODY_TIMEOUT;
    try (RawHttp http = new RawHttp(port, Duration.ofSeconds(TIMEOUT_SECONDS))) {
      RawHttp.Answer answer = switch (send) {
        case TRICKLED -> http.exchange(new byte[0], concat(head, body));
        case BODY_TRICKLED -> http.exchange(head, body);
        default -> http.exchange(concat(head, body), new byte[0]);
      };
      if (expect.closes()) {
        assertThat(answer.after()).as("time until the answer or the close").isLessThan(deadline.plus(SLACK));
        assertThat(answer.closedWithoutAnswer() || http.closedByServer()).as("connection closed after %s", answer).isTrue();
      }
      return answer;
    }
  }

  /**
   * Opens connections, each asking for {@code request}, until one is closed without an answer while
   * the others stay open; answers that one's fate. Every connection that was kept must have been
   * answered 200, and no more than the limit may be kept.
   */
  private RawHttp.Answer overTheLimit(byte[] request) throws IOException {
    List<RawHttp> open = new ArrayList<>();
    try {
      for (int i = 0; i <= MAX_CONNECTIONS; i++) {
        RawHttp http = new RawHttp(port, Duration.ofSeconds(TIMEOUT_SECONDS));
        open.add(http);
        RawHttp.Answer answer = http.exchange(request, new byte[0]);
        if (answer.closedWithoutAnswer()) {
          assertThat(open).as("connections kept before one was refused").hasSizeLessThanOrEqualTo(MAX_CONNECTIONS + 1);
          return answer;
        }
        assertThat(answer.status()).as("answer on kept connection %s", i).isEqualTo(200);
      }
      return new RawHttp.Answer(200, Map.of(), "", Duration.ZERO);
    } finally {
      for (RawHttp http : open) {
        http.close();
      }
    }
  }

  /** Once its connections are closed the node answers again (the server counts a close when it sees it). */
  private void awaitConnectionsBelowTheLimit() {
    Await.until("the node answers again after its connections closed", Duration.ofSeconds(TIMEOUT_SECONDS), () -> {
      try (RawHttp http = new RawHttp(port, Duration.ofSeconds(TIMEOUT_SECONDS))) {
        return !http.exchange(request("GET", "/health/live").headBytes("", ""), new byte[0]).closedWithoutAnswer();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** The boards as a reader sees them: the all-time board's entries and users, the daily board's periods. */
  private JsonObject seen(String board, String daily) {
    return new JsonObject()
        .put("board", snapshot(board, USERS))
        .put("daily", snapshot(daily, USERS))
        .put("periods", ok(get("/v1/boards/" + daily + "/periods"), 200))
        .put("boards", ok(get("/v1/boards"), 200).getJsonArray("boards").stream()
            .map(b -> ((JsonObject) b).getString("board")).filter(n -> n.equals(board) || n.equals(daily)).sorted().toList());
  }
}
