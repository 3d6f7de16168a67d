package dev.leaderboard.api;

import dev.leaderboard.service.LeaderboardService;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * HTTP routes of players' profiles: read, replace, change; and the reset of a display name (scope
 * {@code admin}, audited by the router's {@link AuditTrail} like every admin action). Which callers
 * may change which profile is the contract's ({@code x-scope}, {@code x-player: own-user}).
 */
record ProfileRoutes(Supplier<LeaderboardService> profiles) {
  /** @param profiles this node's service, or a 503 when it is not running */
  static void mount(ContractRouter router, Supplier<LeaderboardService> profiles) {
    ProfileRoutes routes = new ProfileRoutes(profiles);
    router.handle("getProfile", routes::get);
    router.handle("putProfile", routes::put);
    router.handle("patchProfile", routes::patch);
    router.handle("resetDisplayName", routes::resetName);
  }

  private void get(RoutingContext ctx) {
    Replies.encoded(ctx, profiles.get().getProfile(ctx.pathParam("userId")));
  }

  private void put(RoutingContext ctx) {
    Replies.encoded(ctx, profiles.get().putProfile(ctx.pathParam("userId"), Params.body(ctx)));
  }

  private void patch(RoutingContext ctx) {
    Replies.encoded(ctx, profiles.get().patchProfile(ctx.pathParam("userId"), Params.body(ctx)));
  }

  private void resetName(RoutingContext ctx) {
    Replies.encoded(ctx, profiles.get().resetDisplayName(ctx.pathParam("userId")));
  }
}
