package dev.leaderboard.api;

import dev.leaderboard.service.Leaderboards;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * HTTP routes of moderation (scope {@code admin}): remove an entry, ban and lift, a user's view,
 * erasure. The work is the node's {@link Leaderboards} service; being admin actions, the changes are audited
 * by the router's {@link AuditTrail} like every other.
 */
final class ModerationRoutes {
  private final Supplier<Leaderboards> moderation;

  private ModerationRoutes(Supplier<Leaderboards> moderation) {
    this.moderation = moderation;
  }

  /** @param moderation this node's moderation, or a 503 when its service is not running */
  static void mount(ContractRouter router, Supplier<Leaderboards> moderation) {
    ModerationRoutes routes = new ModerationRoutes(moderation);
    router.handle("removeEntry", routes::removeEntry);
    router.handle("banUser", routes::ban);
    router.handle("liftBan", routes::lift);
    router.handle("moderatedUser", routes::user);
    router.handle("eraseUser", routes::erase);
  }

  private void removeEntry(RoutingContext ctx) {
    Replies.json(ctx, moderation.get().removeEntry(ctx.pathParam("board"), ctx.pathParam("userId"),
        Params.of(ctx).string("period")));
  }

  private void ban(RoutingContext ctx) {
    Replies.json(ctx, moderation.get().ban(ctx.pathParam("userId"), Params.body(ctx)));
  }

  private void lift(RoutingContext ctx) {
    Replies.json(ctx, moderation.get().lift(ctx.pathParam("userId")));
  }

  private void user(RoutingContext ctx) {
    Replies.json(ctx, moderation.get().moderatedUser(ctx.pathParam("userId")));
  }

  private void erase(RoutingContext ctx) {
    Replies.json(ctx, moderation.get().erase(ctx.pathParam("userId")));
  }

}
