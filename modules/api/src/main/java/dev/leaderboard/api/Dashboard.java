package dev.leaderboard.api;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.CSPHandler;
import io.vertx.ext.web.handler.StaticHandler;
import io.vertx.ext.web.handler.XFrameHandler;
import java.util.Map;

/**
 * The operator's web page, static files from the classpath folder {@code webroot}. It calls only the
 * public {@code /v1} API with the key the operator types in, so it is served to anyone and holds no
 * data of its own. Files carry a strict Content-Security-Policy (same origin only, nothing inline,
 * Trusted Types) and are revalidated after {@link #MAX_AGE_SECONDS}, so a new page spreads in minutes.
 */
final class Dashboard {
  static final String WEBROOT = "webroot";
  static final long MAX_AGE_SECONDS = 300;
  static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
      + " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none';"
      + " require-trusted-types-for 'script'";

  private Dashboard() {
  }

  static void mount(Router router) {
    CSPHandler csp = CSPHandler.create();
    for (String directive : CSP.split(";")) {
      String[] parts = directive.strip().split(" ", 2);
      csp.setDirective(parts[0], parts[1]);
    }
    XFrameHandler frames = XFrameHandler.create(XFrameHandler.DENY);
    Handler<RoutingContext> noSniff = ctx -> {
      ctx.response().putHeader("X-Content-Type-Options", "nosniff").putHeader("Referrer-Policy", "no-referrer");
      ctx.next();
    };
    // a wildcard route hands its handler the path after the prefix: /ui/app.js is webroot/ui/app.js
    Map<Route, String> routes = Map.of(router.route("/"), WEBROOT, router.route("/ui/*"), WEBROOT + "/ui");
    routes.forEach((route, root) -> route.method(HttpMethod.GET).method(HttpMethod.HEAD)
        .handler(csp).handler(frames).handler(noSniff).handler(files(root)));
  }

  private static StaticHandler files(String root) {
    return StaticHandler.create(root).setMaxAgeSeconds(MAX_AGE_SECONDS).setDirectoryListing(false)
        .setIncludeHidden(false).setIndexPage("index.html");
  }
}
