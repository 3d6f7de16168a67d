package dev.leaderboard.api;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.List;
import java.util.Set;

/**
 * Calls from web pages ({@link HttpExposure#corsOrigins}). A browser names the page's origin in an
 * {@code Origin} header on every cross-origin call it makes; one from an origin the node does not
 * allow is 403 {@code origin_not_allowed} before any route runs, so a page of another site can
 * neither read nor change anything, not even with a request a browser sends without asking first
 * (a form post, or a {@code POST} without a body such as closing a period). With no origins
 * configured (the default) CORS is off: no browser call is served and no CORS header is ever sent.
 * A call from a page of the node's own origin (the {@link Dashboard}; browsers send {@code Origin} on
 * same-origin writes too) is not a cross-origin call: its {@code Origin} names the host the request
 * was sent to ({@code Host}), and it is served like a call without one.
 * The configured origins get Vert.x's {@link CorsHandler}: preflights answered, the API's methods and
 * the {@code Content-Type} and {@code Authorization} headers allowed. Clients that are not browsers
 * send no {@code Origin} and are not affected.
 */
final class CorsPolicy {
  private CorsPolicy() {
  }

  static void mount(Router router, List<String> origins) {
    Set<String> allowed = Set.copyOf(origins);
    CorsHandler cors = origins.isEmpty() ? null : CorsHandler.create().addOrigins(origins)
        .allowedMethods(Set.of(HttpMethod.GET, HttpMethod.PUT, HttpMethod.POST, HttpMethod.PATCH, HttpMethod.DELETE))
        .allowedHeaders(Set.of("Content-Type", "Authorization"))
        .maxAgeSeconds(600);
    router.route().order(-1).handler(ctx -> {
      String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
      if (origin == null || sameOrigin(origin, ctx.request().getHeader(HttpHeaders.HOST))) {
        ctx.next();
      } else if (!allowed.contains(origin)) {
        refuse(ctx, origins);
      } else {
        cors.handle(ctx);
      }
    });
  }

  /**
   * Whether {@code origin} ({@code scheme://host[:port]}) names the host and port the request was sent
   * to. The scheme is left out: behind a proxy that ends TLS the page is {@code https} while the node
   * is reached over {@code http}.
   */
  static boolean sameOrigin(String origin, String host) {
    int sep = origin.indexOf("://");
    return host != null && sep > 0 && origin.substring(sep + 3).equalsIgnoreCase(host);
  }

  private static void refuse(RoutingContext ctx, List<String> origins) {
    FailureHandler.error(ctx, 403, "origin_not_allowed", origins.isEmpty()
        ? "this node takes no calls from web pages (CORS is off; LB_HTTP_CORS_ORIGINS allows origins)"
        : "pages of this origin may not call the API (allowed: " + String.join(", ", origins) + ")");
  }
}
