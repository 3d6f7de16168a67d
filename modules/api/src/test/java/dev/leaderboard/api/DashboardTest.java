package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The operator's page and its files: served without a key, from the jar, each with the strict
 * Content-Security-Policy, nosniff, no framing and caching headers; the page's own calls (same
 * origin, with an {@code Origin} header) reach the API while CORS stays off; a node with the
 * dashboard off serves neither.
 */
class DashboardTest extends ApiTestSupport {
  private static final List<String> FILES = List.of("/ui/app.js", "/ui/api.js", "/ui/dom.js", "/ui/live.js",
      "/ui/chart.js", "/ui/boards.js", "/ui/user.js", "/ui/periods.js", "/ui/rewards.js", "/ui/overview.js", "/ui/metrics.js",
      "/ui/distribution.js", "/ui/deliveries.js", "/ui/participants.js", "/ui/players.js", "/ui/keys.js", "/ui/audit.js",
      "/ui/every.js", "/ui/leagues.js", "/ui/dashboard.css");

  @Test
  void thePageIsServedWithoutAKeyUnderAStrictPolicy() {
    HttpResponse<Buffer> page = callWith(null, HttpMethod.GET, "/", null);
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.getHeader("Content-Type")).startsWith("text/html");
    assertThat(page.bodyAsString()).contains("<script type=\"module\" src=\"/ui/app.js\"></script>")
        .doesNotContain("<script>").doesNotContain("style=").doesNotContainPattern("\\son[a-z]+=");
    assertSecured(page);
    for (String file : FILES) {
      HttpResponse<Buffer> r = callWith(null, HttpMethod.GET, file, null);
      assertThat(r.statusCode()).as(file).isEqualTo(200);
      assertThat(r.getHeader("Content-Type")).as(file).startsWith(file.endsWith(".css") ? "text/css" : "text/javascript");
      assertSecured(r);
      // no HTML is ever parsed from strings (the policy's Trusted Types would refuse it anyway)
      assertThat(r.bodyAsString()).as(file).doesNotContain("innerHTML").doesNotContain("outerHTML")
          .doesNotContain("insertAdjacentHTML").doesNotContain("document.write").doesNotContain("eval(");
    }
  }

  @Test
  void aBrowserRevalidatesAFileItHolds() {
    HttpResponse<Buffer> first = callWith(null, HttpMethod.GET, "/ui/app.js", null);
    HttpResponse<Buffer> again = await(anonymous.get(port, "localhost", "/ui/app.js")
        .putHeader("If-Modified-Since", first.getHeader("Last-Modified")).send());
    assertThat(again.statusCode()).isEqualTo(304);
  }

  @Test
  void unknownFilesAreTheApisJson404() {
    assertError(callWith(null, HttpMethod.GET, "/ui/nothing.js", null), 404, "not_found");
    assertError(callWith(null, HttpMethod.GET, "/ui/../openapi.yaml", null), 400, "invalid_path");
    assertThat(callWith(null, HttpMethod.POST, "/", "{}").statusCode()).isIn(404, 405);
  }

  @Test
  void thePagesOwnCallsAreServedAndOtherOriginsStillRefused() {
    String board = "/v1/boards/" + randomBoard();
    HttpResponse<Buffer> created = await(client.put(port, "localhost", board)
        .putHeader("Origin", "http://localhost:" + port).putHeader("Content-Type", "application/json")
        .sendBuffer(Buffer.buffer("{}")));
    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.getHeader("Access-Control-Allow-Origin")).isNull();
    assertError(await(client.delete(port, "localhost", board).putHeader("Origin", "http://localhost:" + (port + 1))
        .send()), 403, "origin_not_allowed");
    assertError(await(client.delete(port, "localhost", board).putHeader("Origin", "http://evil.example").send()),
        403, "origin_not_allowed");
  }

  @Test
  void aNodeWithTheDashboardOffServesNoPage() {
    HttpApiVerticle off = new HttpApiVerticle(HttpApiVerticle.Options.of(0).withLimits(EdgeLimits.DEFAULTS).withExposure(new HttpExposure("127.0.0.1", List.of(), false)));
    await(vertx.deployVerticle(off));
    for (String uri : List.of("/", "/ui/app.js")) {
      HttpResponse<Buffer> r = await(anonymous.get(off.actualPort(), "localhost", uri).send());
      assertError(r, 404, "not_found");
    }
  }

  private static void assertSecured(HttpResponse<Buffer> r) {
    assertThat(r.getHeader("Content-Security-Policy")).startsWith("default-src 'self'").contains("script-src 'self'")
        .contains("frame-ancestors 'none'").contains("object-src 'none'").doesNotContain("unsafe");
    assertThat(r.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(r.getHeader("X-Frame-Options")).isEqualTo("DENY");
    assertThat(r.getHeader("Cache-Control")).contains("max-age=" + Dashboard.MAX_AGE_SECONDS);
    assertThat(r.getHeader("Last-Modified")).isNotBlank();
  }
}
