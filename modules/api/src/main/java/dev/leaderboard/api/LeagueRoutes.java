package dev.leaderboard.api;

import dev.leaderboard.api.auth.AccessGate;
import dev.leaderboard.api.auth.ApiKey;
import dev.leaderboard.api.auth.Scope;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueDefinition;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/** HTTP routes of leagues: definitions, members, scores, a member's standing, tiers, cohorts and moves. */
record LeagueRoutes(Supplier<LeaderboardService> service) {
  /** @param service this node's service, or a 503 when it is not running */
  static void mount(ContractRouter router, Supplier<LeaderboardService> service) {
    LeagueRoutes routes = new LeagueRoutes(service);
    router.handle("listLeagues", routes::list);
    router.handle("putLeague", routes::put);
    router.handle("getLeague", routes::get);
    router.handle("deleteLeague", routes::delete);
    router.handle("joinLeague", routes::join);
    router.handle("submitLeague", routes::submit);
    router.handle("submitLeagueBatch", routes::submitBatch);
    router.handle("leagueUser", routes::user);
    router.handle("closeLeague", routes::close);
    router.handle("leagueHistory", routes::history);
    router.handle("leagueTiers", routes::tiers);
    router.handle("leagueCohort", routes::cohort);
    router.handle("leaguePeriods", routes::periods);
    router.handle("leagueMoves", routes::moves);
  }

  private void list(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().listLeagues());
  }

  private void put(RoutingContext ctx) {
    Replies.created(ctx, service.get().putLeague(ctx.pathParam("league"), Params.body(ctx)), LeagueDefinition::created,
        LeagueDefinition::definition);
  }

  private void get(RoutingContext ctx) {
    Replies.json(ctx, service.get().getLeague(ctx.pathParam("league")), LeagueDefinition::definition);
  }

  private void delete(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().deleteLeague(ctx.pathParam("league")));
  }

  /** Only a key with the admin scope may place a member in a tier. */
  private void join(RoutingContext ctx) {
    ApiKey key = ctx.get(AccessGate.KEY);
    boolean admin = key != null && key.allows(Scope.ADMIN);
    Replies.created(ctx, service.get().joinLeague(ctx.pathParam("league"), new LeagueJoin(Params.body(ctx)), admin),
        m -> m.created(), m -> m.body().toJson());
  }

  private void submit(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().submitLeague(ctx.pathParam("league"), new ScoreEvent(Params.body(ctx))));
  }

  private void submitBatch(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().submitLeagueBatch(ctx.pathParam("league"), new ScoreBatch(Params.body(ctx))));
  }

  private void user(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().leagueUser(ctx.pathParam("league"), ctx.pathParam("userId"), q.string("period"),
        q.boolValue("globalRanks")));
  }

  private void close(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().closeLeague(ctx.pathParam("league"), ctx.pathParam("period")));
  }

  private void history(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().leagueHistory(ctx.pathParam("league"), ctx.pathParam("userId"),
        Params.of(ctx).intValue("limit")));
  }

  private void tiers(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().leagueTiers(ctx.pathParam("league"), Params.of(ctx).string("period")));
  }

  private void cohort(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().leagueCohort(ctx.pathParam("league"), ctx.pathParam("tier"),
        CompetitionRoutes.cohortId(ctx.pathParam("cohort")), Params.of(ctx).string("period")));
  }

  private void periods(RoutingContext ctx) {
    Replies.encoded(ctx, service.get().leaguePeriods(ctx.pathParam("league"), Params.of(ctx).intValue("limit")));
  }

  private void moves(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service.get().leagueMoves(ctx.pathParam("league"), ctx.pathParam("period"), q.string("movement"),
        q.longValue("offset"), q.intValue("limit"), q.string("after")));
  }
}
