package dev.leaderboard.api;

import dev.leaderboard.service.LeaderboardService;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * HTTP routes of rewards: a user's rewards and claiming one, a period's rewards, and a user's
 * standing across a board's periods. The work is the node's {@link LeaderboardService}.
 */
record RewardRoutes(Supplier<LeaderboardService> service) {
  /** @param service this node's service, or a 503 when it is not running */
  static void mount(ContractRouter router, Supplier<LeaderboardService> service) {
    RewardRoutes routes = new RewardRoutes(service);
    router.handle("userRewards", routes::user);
    router.handle("claimReward", routes::claim);
    router.handle("periodRewards", routes::period);
    router.handle("history", routes::history);
  }

  private void user(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().rewards(ctx.pathParam("userId"), q.string("state"), q.intValue("limit")));
  }

  private void claim(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().claimReward(ctx.pathParam("userId"), Params.of(ctx).pathLong("rewardId")));
  }

  private void period(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().periodRewards(ctx.pathParam("board"), ctx.pathParam("period"),
        q.longValue("offset"), q.intValue("limit")));
  }

  private void history(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().history(ctx.pathParam("board"), ctx.pathParam("userId"),
        Params.of(ctx).intValue("limit")));
  }
}
