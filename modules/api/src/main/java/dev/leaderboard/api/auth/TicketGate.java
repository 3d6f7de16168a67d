package dev.leaderboard.api.auth;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.access.StreamTickets;
import dev.leaderboard.store.access.Grant;
import dev.leaderboard.api.stream.NodeStreams;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;

/**
 * Opens a stream by its {@code ticket} query parameter (browsers' {@code EventSource} cannot send
 * headers): in front of the {@link AccessGate} on the stream operation only. A request without a
 * ticket goes on to the gate (an {@code Authorization} header). A ticket is consumed whatever
 * follows; it admits the request as the caller it was issued to, checked again now: a key revoked,
 * expired or no longer allowed on the board since, a player token past its {@code exp}, or a board
 * that no longer has public reads is refused with 401. A ticket is never put in a message.
 */
public record TicketGate(NodeKeys keys, NodeStreams streams, Function<String, Future<Board>> boards)
    implements Handler<RoutingContext> {
  public static final String PARAMETER = "ticket";
  private static final String ASK = "ask POST /v1/boards/{board}/stream-tickets for a new one (a ticket opens one "
      + "stream, within 30 s)";

  @Override
  public void handle(RoutingContext ctx) {
    String ticket = ctx.queryParams().get(PARAMETER);
    if (ticket == null) {
      ctx.next();
      return;
    }
    if (ctx.queryParams().getAll(PARAMETER).size() > 1) {
      ctx.fail(Refusal.invalid(PARAMETER, "must be given at most once"));
      return;
    }
    if (ctx.request().headers().contains(HttpHeaders.AUTHORIZATION)) {
      ctx.fail(Refusal.invalid(PARAMETER, "send a ticket or an Authorization header, not both"));
      return;
    }
    if (!StreamTickets.shaped(ticket)) {
      ctx.fail(unauthenticated("the ticket is not one this API issues (" + StreamTickets.PREFIX + "...)"
          + (ticket.startsWith(ApiKeyToken.PREFIX) ? "; never put an API key in a URL: revoke that key" : "")
          + "; " + ASK));
      return;
    }
    String board = ctx.pathParam("board");
    streams.redeem(ticket).compose(grant -> admit(ctx, board, grant)).onComplete(ar -> {
      if (ar.failed()) {
        ctx.fail(ar.cause());
      } else {
        ctx.put(AccessGate.ADMITTED, Boolean.TRUE);
        ctx.next();
      }
    });
  }

  private Future<Void> admit(RoutingContext ctx, String board, Grant grant) {
    if (grant == null) {
      return Future.failedFuture(unauthenticated("the ticket is unknown, used or expired; " + ASK));
    }
    if (!grant.board().equals(board)) {
      return Future.failedFuture(unauthenticated("the ticket was issued for another board; " + ASK));
    }
    return switch (grant.kind()) {
      case Grant.KEY -> key(ctx, board, grant.id());
      case Grant.PLAYER -> player(ctx, grant);
      case Grant.PUBLIC -> boards.apply(board).transform(ar -> ar.succeeded() && ar.result().publicReads()
          ? Future.succeededFuture()
          : Future.failedFuture(unauthenticated("board '" + board + "' no longer has publicReads; " + ASK)));
      default -> Future.failedFuture(unauthenticated("the ticket cannot be used; " + ASK));
    };
  }

  private Future<Void> key(RoutingContext ctx, String board, String id) {
    KeyCache cache = keys.require();
    ApiKey known = cache.cached(id);
    return (known != null ? Future.succeededFuture(known) : cache.lookup(id)).compose(key -> {
      if (key == null || key.expiredAt(cache.clock().millis()) || !key.allows(Scope.READ)
          || (key.limited() && !key.covers(board))) {
        return Future.failedFuture(unauthenticated("the key the ticket was issued to is revoked, expired or no "
            + "longer reads board '" + board + "'"));
      }
      ctx.put(AccessGate.KEY, key);
      return Future.succeededFuture();
    });
  }

  private Future<Void> player(RoutingContext ctx, Grant grant) {
    if (keys.players() == null || grant.tokenExpiresAt() * 1000 <= keys.require().clock().millis()) {
      return Future.failedFuture(unauthenticated("the player token the ticket was issued to has expired"));
    }
    ctx.put(AccessGate.PLAYER, new Player(grant.id(), grant.tokenExpiresAt()));
    return Future.succeededFuture();
  }

  private static LeaderboardException unauthenticated(String message) {
    return Refusal.UNAUTHENTICATED.exception(message);
  }
}
