package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.request.JoinRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/** HTTP routes of competitions: joining, participants, cohorts, a user's boards. */
record CompetitionRoutes(Supplier<LeaderboardService> service) {
  /** @param service this node's service, or a 503 when it is not running */
  static void mount(ContractRouter router, Supplier<LeaderboardService> service) {
    CompetitionRoutes routes = new CompetitionRoutes(service);
    router.handle("join", routes::join);
    router.handle("participants", routes::participants);
    router.handle("userCohort", routes::userCohort);
    router.handle("cohort", routes::cohort);
    router.handle("userBoards", routes::userBoards);
  }

  /** 201 for a first join, 200 with the same body when the user had joined before. */
  private void join(RoutingContext ctx) {
    Replies.created(ctx, service.get().join(ctx.pathParam("board"), new JoinRequest(Params.body(ctx))),
        r -> r.created(), r -> r.body().toJson());
  }

  private void participants(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().participants(ctx.pathParam("board"), q.string("period"), q.longValue("offset"),
        q.intValue("limit")));
  }

  private void userCohort(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().userCohort(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.string("rankMode"), q.boolValue("meta")));
  }

  private void cohort(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().cohort(ctx.pathParam("board"), cohortId(ctx.pathParam("cohort")),
        q.string("period"), q.string("rankMode"), q.boolValue("meta")));
  }

  static Long cohortId(String raw) {
    try {
      return Long.parseLong(raw);
    } catch (NumberFormatException e) {
      throw Refusal.invalid("cohort", "must be a cohort ID, a whole number from 1 (got '" + raw + "')");
    }
  }

  private void userBoards(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().userBoards(ctx.pathParam("userId")));
  }
}
