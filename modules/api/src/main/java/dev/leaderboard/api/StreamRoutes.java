package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.access.Grant;
import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.AccessGate;
import dev.leaderboard.api.auth.ApiKey;
import dev.leaderboard.api.auth.Player;
import dev.leaderboard.api.auth.TicketGate;
import dev.leaderboard.api.stream.StreamSpec;
import dev.leaderboard.api.stream.NodeStreams;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.service.request.Requests;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * HTTP routes of live streams: a stream ticket for browsers, and the {@code text/event-stream}
 * itself (served by the node's {@link NodeStreams}). An open stream does not count as a request
 * in flight ({@link InFlightLimit#release}); the node's stream bound limits streams instead.
 */
record StreamRoutes(NodeStreams streams, Function<String, Future<Board>> boards) {
  static final int MAX_TOP = 100;
  static final int DEFAULT_TOP = 10;
  static final int MAX_USERS = 20;

  /** @param boards the node's board definitions (a 503 while its service is not running) */
  static void mount(ContractRouter router, NodeStreams streams, Function<String, Future<Board>> boards) {
    StreamRoutes routes = new StreamRoutes(streams, boards);
    router.handle("streamTicket", routes::ticket);
    router.handle("stream", routes::stream);
  }

  /** The stream ticket check in front of the access gate, on the stream operation; nothing on the others. */
  static Handler<RoutingContext> tickets(Access access, TicketGate gate) {
    return "stream".equals(access.operationId()) ? gate : RoutingContext::next;
  }

  /** 201 with a ticket bound to the board and to the caller the gate let through. */
  private void ticket(RoutingContext ctx) {
    String board = ctx.pathParam("board");
    ApiKey key = ctx.get(AccessGate.KEY);
    Player player = ctx.get(AccessGate.PLAYER);
    boards.apply(board)
        .compose(b -> key != null ? streams.issue(board, Grant.KEY, key.id(), 0)
            : player != null ? streams.issue(board, Grant.PLAYER, player.userId(), player.expiresAt())
            : streams.issue(board, Grant.PUBLIC, null, 0))
        .onComplete(ar -> {
          if (ar.failed()) {
            ctx.fail(ar.cause());
          } else {
            ctx.response().setStatusCode(201);
            ctx.json(new JsonObject().put("ticket", ar.result().ticket())
                .put("expiresAt", Instant.ofEpochMilli(ar.result().expiresAt()).toString()));
          }
        });
  }

  private void stream(RoutingContext ctx) {
    Params q = Params.of(ctx);
    String board = ctx.pathParam("board");
    Integer top = q.intValue("top");
    int n = top == null ? DEFAULT_TOP : top;
    if (n < 0 || n > MAX_TOP) {
      throw Refusal.invalid("top", "must be between 0 and " + MAX_TOP + " (got " + n + ")");
    }
    List<String> users = users(q.string("users"));
    String period = q.string("period");
    boards.apply(board).compose(b -> open(ctx, b, new StreamSpec(board, fixedPeriod(b, period), n, users)))
        .onFailure(ctx::fail);
  }

  private Future<Void> open(RoutingContext ctx, Board b, StreamSpec spec) {
    if (!streams.open(ctx.request(), spec, b)) {
      return Future.failedFuture(Refusal.OVERLOADED.exception("it has as many live streams open as it takes, so this one"
          + " was not opened (another node may have room)"));
    }
    InFlightLimit.release(ctx);
    return Future.succeededFuture();
  }

  /** The period asked for; {@code null} for the current one (which the stream then follows). */
  private static String fixedPeriod(Board b, String period) {
    Period named = Requests.named(b, period);
    return named == null ? null : named.id();
  }

  private static List<String> users(String list) {
    if (list == null || list.isEmpty()) {
      return List.of();
    }
    String[] ids = list.split(",", -1);
    if (ids.length > MAX_USERS) {
      throw Refusal.invalid("users", "must name at most " + MAX_USERS + " users (got " + ids.length + ")");
    }
    Set<String> unique = new LinkedHashSet<>();
    for (String id : ids) {
      unique.add(Names.id("users", id));
    }
    return new ArrayList<>(unique);
  }
}
