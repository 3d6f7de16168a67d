package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.List;
import java.util.Set;

/**
 * Calls from web pages ({@link HttpExposure#corsOrigins}). An {@code Origin} the node does not allow
 * is 403 {@code origin_not_allowed} before any route runs, so another site's page cannot even send
 * a request a browser sends without a preflight (a form post). With no origins configured CORS is
 * off. The node's own origin (the {@link Dashboard}) is served like a call without {@code Origin}.
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

  /** The scheme is ignored: behind a proxy that ends TLS the page is {@code https}, the node {@code http}. */
  static boolean sameOrigin(String origin, String host) {
    int sep = origin.indexOf("://");
    return host != null && sep > 0 && origin.substring(sep + 3).equalsIgnoreCase(host);
  }

  private static void refuse(RoutingContext ctx, List<String> origins) {
    FailureHandler.error(ctx, Refusal.ORIGIN_NOT_ALLOWED.exception(origins.isEmpty()
        ? "this node takes no calls from web pages (CORS is off; LB_HTTP_CORS_ORIGINS allows origins)"
        : "pages of this origin may not call the API (allowed: " + String.join(", ", origins) + ")"));
  }
}
