package dev.leaderboard.api;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.AccessGate;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.TicketGate;
import dev.leaderboard.api.stream.NodeStreams;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.Leaderboards;
import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
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
 * HTTP API v1. Handlers parse the request, call this node's {@link Leaderboards} service in process
 * (the same service event-bus callers reach as {@link dev.leaderboard.service.LeaderboardService}),
 * and write its typed answer: the status code comes from the result, the body from its JSON.
 *
 * <p>Every route first passes the node's {@link AccessGate} (API keys from the node's
 * {@link dev.leaderboard.api.auth.KeysVerticle}, which is deployed before this verticle, and player
 * tokens when the node's {@link NodeKeys} has a verifier for them), then its rate limits
 * ({@link RateGate}) and, for admin actions, its audit trail ({@link AuditTrail}, written by the
 * node's {@link dev.leaderboard.api.audit.AuditVerticle}, deployed before this verticle too).
 *
 * <p>It holds one short handler per operation of {@code openapi.yaml}; refusals become their JSON
 * answer in {@link FailureHandler}; the mechanisms in front of
 * them live in their own classes ({@link ContractRouter}, {@link HttpEdge}, {@link InFlightLimit},
 * {@link AccessGate}, {@link RateGate}, {@link AuditTrail}). Its constructor overloads (one per
 * setting added) are the part to fold into one settings record next.
 */
public class HttpApiVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(HttpApiVerticle.class);
  /** Large enough for a batch of 1,000 events with long IDs. */
  public static final long BODY_LIMIT = 1024 * 1024;

  private final int port;
  private final BooleanSupplier clusterJoined;
  private final EdgeLimits limits;
  private final OpenOperations open;
  private final RateLimiter rates;
  private final boolean guarded;
  private final HttpExposure exposure;
  private NodeServices node;
  private ShedMeter shed;
  private HttpServer server;
  private Router router;

  /** A node without a cluster, with the default {@link EdgeLimits}. */
  public HttpApiVerticle(int port) {
    this(port, null);
  }

  /**
   * @param clusterJoined whether this node is a member of its cluster now (a readiness check);
   *     {@code null} for a node that runs without a cluster
   */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined) {
    this(port, clusterJoined, EdgeLimits.DEFAULTS);
  }

  /**
   * @param limits timeouts for slow clients, the most connections the node keeps open and the most
   *     requests it serves at once
   */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits) {
    this(port, clusterJoined, limits, OpenOperations.DEFAULTS, HttpExposure.DEFAULTS);
  }

  /** @param open whether metrics and the OpenAPI document are served without a credential */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits, OpenOperations open) {
    this(port, clusterJoined, limits, open, HttpExposure.DEFAULTS);
  }

  /** @param exposure the address to listen on and the origins browsers may call from */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits, HttpExposure exposure) {
    this(port, clusterJoined, limits, OpenOperations.DEFAULTS, exposure);
  }

  /**
   * Without rate limits.
   *
   * @param open whether metrics and the OpenAPI document are served without a credential
   * @param exposure the address to listen on and the origins browsers may call from
   */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits, OpenOperations open,
      HttpExposure exposure) {
    this(port, clusterJoined, limits, open, exposure, RateLimiter.OFF);
  }

  /** @param rates the node's rate limits, one limiter shared by every instance of the node */
  public HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits, OpenOperations open,
      HttpExposure exposure, RateLimiter rates) {
    this(port, clusterJoined, limits, open, exposure, rates, true);
  }

  private HttpApiVerticle(int port, BooleanSupplier clusterJoined, EdgeLimits limits, OpenOperations open,
      HttpExposure exposure, RateLimiter rates, boolean guarded) {
    this.port = port;
    this.clusterJoined = clusterJoined;
    this.limits = limits;
    this.open = open;
    this.exposure = exposure;
    this.rates = rates;
    this.guarded = guarded;
  }

  /**
   * The same API on this node's services, letting every request through without a credential: only
   * for measuring what the access check costs (the HTTP benchmark). The launcher never deploys it.
   */
  public static HttpApiVerticle withoutCredentials(int port) {
    return new HttpApiVerticle(port, null, EdgeLimits.DEFAULTS, OpenOperations.DEFAULTS, HttpExposure.DEFAULTS,
        RateLimiter.OFF, false);
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
        .handle("periods", this::periods)
        .handle("closePeriod", this::closePeriod);
    FriendRoutes.mount(routes, () -> running(node.friends()));
    ModerationRoutes.mount(routes, this::service);
    OperationRoutes.mount(routes, vertx, node.readiness(), clusterJoined);
    NodeKeys keys = NodeKeys.of(vertx);
    KeyRoutes.mount(routes, keys);
    NodeAudit audit = NodeAudit.of(vertx);
    AuditRoutes.mount(routes, audit);
    Set<String> opened = open.operationIds();
    AccessGate gate = new AccessGate(keys, board -> service().getBoard(board), Params::body,
        operationId -> !guarded || opened.contains(operationId));
    NodeStreams streams = NodeStreams.of(vertx);
    StreamRoutes.mount(routes, streams, this::service);
    TicketGate tickets = new TicketGate(keys, streams, board -> service().getBoard(board));
    RateGate rateGate = new RateGate(rates, opened);
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
        .handler(new InFlightLimit(InFlightLimit.share(limits.maxInFlight(), context.getInstanceCount()), shed));
    CorsPolicy.mount(router, exposure.corsOrigins());
    if (exposure.dashboard()) {
      Dashboard.mount(router);
    }
    FailureHandler.mount(router, shed);

    return HttpEdge.server(vertx, limits, router).listen(port, exposure.host()).onSuccess(s -> {
      server = s;
      LOG.info("HTTP API listening on {}:{}", exposure.host(), s.actualPort());
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

  private Leaderboards service() {
    return running(node.leaderboards());
  }

  /** A service of this node, or a 503 when it is not running here. */
  private static <T> T running(T service) {
    if (service == null) {
      throw new LeaderboardException(503, "service_unavailable",
          "the leaderboard service is not running on this node; retry");
    }
    return service;
  }

  private void listBoards(RoutingContext ctx) {
    Replies.json(ctx, service().listBoards(), BoardList::toJson);
  }

  private void putBoard(RoutingContext ctx) {
    service().putBoard(ctx.pathParam("board"), Params.body(ctx)).onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().setStatusCode(ar.result().created() ? 201 : 200);
        ctx.json(ar.result().board().toJson());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }

  private void getBoard(RoutingContext ctx) {
    Replies.json(ctx, service().getBoard(ctx.pathParam("board")), Board::toJson);
  }

  private void deleteBoard(RoutingContext ctx) {
    Replies.json(ctx, service().deleteBoard(ctx.pathParam("board")), BoardDeleted::toJson);
  }

  private void submit(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.json(ctx, service().submit(ctx.pathParam("board"), Params.body(ctx), q.boolValue("rank")),
        SubmitResult::toJson);
  }

  private void submitBatch(RoutingContext ctx) {
    Replies.json(ctx, service().submitBatch(ctx.pathParam("board"), Params.body(ctx)), BatchResult::toJson);
  }

  private void entries(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.json(ctx, service().entries(ctx.pathParam("board"), q.string("period"), q.longValue("offset"),
        q.intValue("limit"), q.string("rankMode"), q.boolValue("meta")), EntryPage::toJson);
  }

  private void user(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.json(ctx, service().user(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.string("rankMode"), q.boolValue("meta")), UserEntry::toJson);
  }

  private void updateMeta(RoutingContext ctx) {
    Replies.json(ctx, service().updateMeta(ctx.pathParam("board"), ctx.pathParam("userId"),
        Params.of(ctx).string("period"), Params.body(ctx)), UserMeta::toJson);
  }

  private void around(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.json(ctx, service().around(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.intValue("limit"), q.string("rankMode"), q.boolValue("meta")), AroundPage::toJson);
  }

  private void ranks(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Replies.json(ctx, service().ranks(ctx.pathParam("board"), Params.body(ctx), q.string("period"),
        q.string("rankMode"), q.boolValue("meta")), RankList::toJson);
  }

  private void periods(RoutingContext ctx) {
    Replies.json(ctx, service().periods(ctx.pathParam("board")), PeriodList::toJson);
  }

  private void closePeriod(RoutingContext ctx) {
    Replies.json(ctx, service().closePeriod(ctx.pathParam("board"), ctx.pathParam("period")), PeriodClosed::toJson);
  }

}
