package dev.leaderboard.api;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.LiftRequest;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * HTTP routes of moderation (scope {@code admin}): remove an entry, ban and lift, a user's view,
 * erasure, and a user's data on request (also for the user's own player token). The work is the node's {@link dev.leaderboard.service.LeaderboardService} service; being admin actions, the changes are audited
 * by the router's {@link AuditTrail} like every other.
 */
record ModerationRoutes(Supplier<LeaderboardService> moderation, NodeAudit audit) {
  /**
   * @param moderation this node's moderation, or a 503 when its service is not running
   * @param audit the node's audit log, written out before an erasure so that it finds this node's entries
   */
  static void mount(ContractRouter router, Supplier<LeaderboardService> moderation, NodeAudit audit) {
    ModerationRoutes routes = new ModerationRoutes(moderation, audit);
    router.handle("removeEntry", routes::removeEntry);
    router.handle("banUser", routes::ban);
    router.handle("liftBan", routes::lift);
    router.handle("moderatedUser", routes::user);
    router.handle("eraseUser", routes::erase);
    router.handle("exportUser", routes::export);
  }

  private void removeEntry(RoutingContext ctx) {
    Replies.encoded(ctx, moderation.get().removeEntry(ctx.pathParam("board"), ctx.pathParam("userId"),
        Params.of(ctx).string("period")));
  }

  private void ban(RoutingContext ctx) {
    Replies.encoded(ctx, moderation.get().ban(ctx.pathParam("userId"), new BanRequest(Params.body(ctx))));
  }

  /** A body is optional; when sent it must be a valid {@link LiftRequest}, checked before anything is lifted. */
  private void lift(RoutingContext ctx) {
    Buffer body = ctx.body().buffer();
    if (ctx.request().getHeader(HttpHeaders.CONTENT_TYPE) != null || (body != null && body.length() > 0)) {
      new LiftRequest(Params.body(ctx)).reason();
    }
    Replies.encoded(ctx, moderation.get().lift(ctx.pathParam("userId")));
  }

  private void user(RoutingContext ctx) {
    Replies.encoded(ctx, moderation.get().moderatedUser(ctx.pathParam("userId")));
  }

  /**
   * The entries this node has queued are written first, so the erasure takes the user's name out of
   * the audit entries of actions answered here before it (another node's queued ones: a re-sent erasure).
   */
  private void erase(RoutingContext ctx) {
    LeaderboardService service = moderation.get();
    Replies.encoded(ctx, audit.require().flushed().compose(v -> service.erase(ctx.pathParam("userId"))));
  }

  /** A person's data: never kept by a cache on the way. */
  private void export(RoutingContext ctx) {
    ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    Replies.encoded(ctx, moderation.get().exportUser(ctx.pathParam("userId")));
  }

}
