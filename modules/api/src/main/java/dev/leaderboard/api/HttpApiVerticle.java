package dev.leaderboard.api;

import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.AccessGate;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.TicketGate;
import dev.leaderboard.api.stream.NodeStreams;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.request.MetaUpdate;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.NodeServices;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP API v1: one short handler per operation of {@code openapi.yaml}, calling this node's
 * {@link dev.leaderboard.service.LeaderboardService} in process and writing its typed answer. Every
 * route first passes {@link AccessGate}, {@link RateGate} and, for admin actions, {@link AuditTrail};
 * {@link dev.leaderboard.api.auth.KeysVerticle} and {@link dev.leaderboard.api.audit.AuditVerticle}
 * must be deployed before this verticle.
 */
public class HttpApiVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(HttpApiVerticle.class);
  /** Large enough for a batch of 1,000 events with long IDs. */
  public static final long BODY_LIMIT = 1024 * 1024;

  private final Options options;
  private NodeServices node;
  private ShedMeter shed;
  private HttpServer server;
  private Router router;

  /**
   * How a node serves HTTP.
   *
   * @param clusterJoined whether this node is a member of its cluster now (a readiness check);
   *     {@code null} for a node that runs without a cluster
   * @param clusterWarning what readiness says, in its cluster check, is unsafe about this node's
   *     cluster (e.g. an event bus without TLS); {@code null} when nothing is
   * @param limits timeouts for slow clients, the most connections the node keeps open and the most
   *     requests it serves at once
   * @param open whether metrics and the OpenAPI document are served without a credential
   * @param exposure the address to listen on and the origins browsers may call from
   * @param rates the node's rate limits, one limiter shared by every instance of the node
   * @param guarded {@code false} lets every request through without a credential: only for measuring
   *     what the access check costs (the HTTP benchmark); the launcher never does
   */
  public record Options(int port, BooleanSupplier clusterJoined, String clusterWarning, EdgeLimits limits,
      OpenOperations open, HttpExposure exposure, RateLimiter rates, boolean guarded) {
    /** A node without a cluster, with the default limits and exposure, without rate limits. */
    public static Options of(int port) {
      return new Options(port, null, null, EdgeLimits.DEFAULTS, OpenOperations.DEFAULTS, HttpExposure.DEFAULTS,
          RateLimiter.OFF, true);
    }

    public Options withClusterJoined(BooleanSupplier joined) {
      return new Options(port, joined, clusterWarning, limits, open, exposure, rates, guarded);
    }

    public Options withClusterWarning(String warning) {
      return new Options(port, clusterJoined, warning, limits, open, exposure, rates, guarded);
    }

    public Options withLimits(EdgeLimits l) {
      return new Options(port, clusterJoined, clusterWarning, l, open, exposure, rates, guarded);
    }

    public Options withOpen(OpenOperations o) {
      return new Options(port, clusterJoined, clusterWarning, limits, o, exposure, rates, guarded);
    }

    public Options withExposure(HttpExposure e) {
      return new Options(port, clusterJoined, clusterWarning, limits, open, e, rates, guarded);
    }

    public Options withRates(RateLimiter r) {
      return new Options(port, clusterJoined, clusterWarning, limits, open, exposure, r, guarded);
    }

    public Options withoutCredentials() {
      return new Options(port, clusterJoined, clusterWarning, limits, open, exposure, rates, false);
    }
  }

  public HttpApiVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    node = NodeServices.of(vertx);
    shed = ShedMeter.create();
    ContractRouter routes = new ContractRouter()
        .handle("listBoards", this::listBoards)
        .handle("putBoard", this::putBoard)
        .handle("getBoard", this::getBoard)
        .handle("deleteBoard", this::deleteBoard)
        .handle("submit", this::submit)
        .handle("submitBatch", this::submitBatch)
        .handle("entries", this::entries)
        .handle("user", this::user)
        .handle("updateMeta", this::updateMeta)
        .handle("around", this::around)
        .handle("ranks", this::ranks)
        .handle("histogram", this::histogram)
        .handle("scoreAtRank", this::scoreAtRank)
        .handle("rankOfScore", this::rankOfScore)
        .handle("periods", this::periods)
        .handle("closePeriod", this::closePeriod)
        .handle("deliveries", this::deliveries)
        .handle("redeliver", this::redeliver);
    CompetitionRoutes.mount(routes, this::service);
    FriendRoutes.mount(routes, () -> NodeServices.running(node.friends()));
    ModerationRoutes.mount(routes, this::service, NodeAudit.of(vertx));
    ProfileRoutes.mount(routes, this::service);
    RewardRoutes.mount(routes, this::service);
    LeagueRoutes.mount(routes, this::service);
    OperationRoutes.mount(routes, vertx, node.readiness(), options.clusterJoined(), options.clusterWarning());
    NodeKeys keys = NodeKeys.of(vertx);
    KeyRoutes.mount(routes, keys);
    NodeAudit audit = NodeAudit.of(vertx);
    AuditRoutes.mount(routes, audit);
    Set<String> opened = options.open().operationIds();
    boolean guarded = options.guarded();
    AccessGate gate = new AccessGate(keys, node::board, Params::body,
        operationId -> !guarded || opened.contains(operationId));
    NodeStreams streams = NodeStreams.of(vertx);
    StreamRoutes.mount(routes, streams, node::board);
    TicketGate tickets = new TicketGate(keys, streams, node::board);
    RateGate rateGate = new RateGate(options.rates(), opened);
    AuditTrail trail = new AuditTrail(audit);
    return routes.createRouter(vertx, BodyHandler.create(false).setBodyLimit(BODY_LIMIT), access -> guarded
            ? List.of(StreamRoutes.tickets(access, tickets), gate.handler(access), rateGate.handler(access),
                trail.handler(access))
            : List.of(gate.handler(access)))
        .compose(this::serve);
  }

  private Future<HttpServer> serve(Router contractRouter) {
    router = contractRouter;
    // before every other route, the body handler included: a shed request is not read any further
    router.route().order(-1)
        .handler(new InFlightLimit(InFlightLimit.share(options.limits().maxInFlight(), context.getInstanceCount()),
            options.limits().targetWait().toMillis(), shed));
    CorsPolicy.mount(router, options.exposure().corsOrigins());
    if (options.exposure().dashboard()) {
      Dashboard.mount(router);
    }
    FailureHandler.mount(router, shed);

    return HttpEdge.server(vertx, options.limits(), router).listen(options.port(), options.exposure().host())
        .onSuccess(s -> {
      server = s;
      LOG.info("HTTP API listening on {}:{}", options.exposure().host(), s.actualPort());
    });
  }

  /** The routes, for the OpenAPI contract test. */
  Router router() {
    return router;
  }

  /** Stops accepting connections and lets the requests in flight finish (up to 20 s). */
  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.shutdown(20, TimeUnit.SECONDS);
  }

  /** The port actually bound (useful when configured as 0). */
  public int actualPort() {
    return server.actualPort();
  }

  private LeaderboardService service() {
    return NodeServices.running(node.leaderboards());
  }

  private void listBoards(RoutingContext ctx) {
    Replies.encoded(ctx, service().listBoards());
  }

  private void putBoard(RoutingContext ctx) {
    Replies.created(ctx, service().putBoard(ctx.pathParam("board"), Params.body(ctx)),
        d -> Boolean.TRUE.equals(d.created()), BoardDefinition::definition);
  }

  private void getBoard(RoutingContext ctx) {
    Replies.encoded(ctx, service().getBoard(ctx.pathParam("board")));
  }

  private void deleteBoard(RoutingContext ctx) {
    Replies.encoded(ctx, service().deleteBoard(ctx.pathParam("board")));
  }

  private void submit(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().submit(ctx.pathParam("board"), new ScoreEvent(Params.body(ctx)),
        q.boolValue("rank")));
  }

  private void submitBatch(RoutingContext ctx) {
    Replies.encoded(ctx, service().submitBatch(ctx.pathParam("board"), new ScoreBatch(Params.body(ctx))));
  }

  private void entries(RoutingContext ctx) {
    Params q = Params.of(ctx);
    // a round's identical pages share one answer, encoded once
    Replies.encoded(ctx, service().entries(ctx.pathParam("board"), q.string("period"), q.longValue("offset"),
        q.intValue("limit"), q.string("rankMode"), q.boolValue("meta")));
  }

  private void user(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().user(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.string("rankMode"), q.boolValue("meta")));
  }

  private void updateMeta(RoutingContext ctx) {
    Replies.encoded(ctx, service().updateMeta(ctx.pathParam("board"), ctx.pathParam("userId"),
        Params.of(ctx).string("period"), new MetaUpdate(Params.body(ctx))));
  }

  private void around(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().around(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.intValue("limit"), q.string("rankMode"), q.boolValue("meta")));
  }

  private void ranks(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().ranks(ctx.pathParam("board"), new UserIds(Params.body(ctx)), q.string("period"),
        q.string("rankMode"), q.boolValue("meta")));
  }

  private void histogram(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().histogram(ctx.pathParam("board"), q.string("period"), q.intValue("buckets")));
  }

  private void scoreAtRank(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().scoreAtRank(ctx.pathParam("board"), q.pathLong("rank"), q.string("period"),
        q.string("rankMode"), q.string("userId")));
  }

  private void rankOfScore(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.encoded(ctx, service().rankOfScore(ctx.pathParam("board"), q.longValue("score"), q.string("period"),
        q.string("rankMode"), q.string("userId")));
  }

  private void periods(RoutingContext ctx) {
    Replies.encoded(ctx, service().periods(ctx.pathParam("board")));
  }

  private void deliveries(RoutingContext ctx) {
    Replies.encoded(ctx, service().deliveries(ctx.pathParam("board")));
  }

  private void redeliver(RoutingContext ctx) {
    service().redeliver(ctx.pathParam("board"), ctx.pathParam("period")).onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().setStatusCode(202);
        ctx.json(ar.result().deliveries().get(0).toJson());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }

  private void closePeriod(RoutingContext ctx) {
    Replies.encoded(ctx, service().closePeriod(ctx.pathParam("board"), ctx.pathParam("period")));
  }

}
