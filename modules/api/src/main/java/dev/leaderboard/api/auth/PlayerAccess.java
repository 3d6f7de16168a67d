package dev.leaderboard.api.auth;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;

/**
 * What a verified player may do, by the operation's {@link PlayerRule}.
 *
 * @param boards a board's definition (failed, e.g. 404, when there is none)
 * @param body the request's body as the operation's handler reads it (or the 400 it answers)
 */
record PlayerAccess(Function<String, Future<Board>> boards, Function<RoutingContext, JsonObject> body) {
  /** Succeeds when {@code player} may make the request; fails with a 403 (or the body's 400) otherwise. */
  Future<Void> check(Access access, RoutingContext ctx, Player player) {
    if (!access.forPlayers()) {
      return refuse(access.operationId() + " is not for players: it needs an API key with the '"
          + access.scope().wireName() + "' scope");
    }
    return switch (access.player()) {
      case ANY -> Future.succeededFuture();
      case OWN_USER -> ownUser(access, ctx.pathParam("userId"), player);
      case OWN_EVENT -> ownEvent(access, ctx, player);
      case OWN_JOIN -> ownJoin(access, ctx, player);
    };
  }

  private static Future<Void> ownUser(Access access, String userId, Player player) {
    return player.userId().equals(userId) ? Future.succeededFuture()
        : refuse("a player may call " + access.operationId() + " only with its own user ID '" + player.userId()
            + "' (the token's sub) in the path, not '" + userId + "'");
  }

  private Future<Void> ownEvent(Access access, RoutingContext ctx, Player player) {
    String refused = notOwn(ctx, player, "submits only its own scores: the event's userId");
    if (refused != null) {
      return refused.isEmpty() ? Future.failedFuture(bodyRefusal(ctx)) : refuse(refused);
    }
    String board = ctx.pathParam("board");
    return boards.apply(board).compose(b -> b.clientWrites() ? Future.succeededFuture()
        : refuse("board '" + board + "' takes scores from servers only (its clientWrites is off): " + access.operationId()
            + " needs an API key with the 'submit' scope"));
  }

  /** A player joins only itself, and only a board that requires joining (others join on their first submit). */
  private Future<Void> ownJoin(Access access, RoutingContext ctx, Player player) {
    String refused = notOwn(ctx, player, "joins only itself: the body's userId");
    if (refused != null) {
      return refused.isEmpty() ? Future.failedFuture(bodyRefusal(ctx)) : refuse(refused);
    }
    String board = ctx.pathParam("board");
    return boards.apply(board).compose(b -> b.competition().joinRequired() ? Future.succeededFuture()
        : refuse("board '" + board + "' does not require joining (its joinRequired is off): " + access.operationId()
            + " needs an API key with the 'submit' scope"));
  }

  /**
   * {@code null} when the body's {@code userId} is the player's; {@code ""} when the body is refused
   * ({@link #bodyRefusal}); else the refusal's message.
   */
  private String notOwn(RoutingContext ctx, Player player, String what) {
    JsonObject json;
    try {
      json = body.apply(ctx);
    } catch (LeaderboardException e) {
      return "";
    }
    Object userId = json.getValue("userId");
    return player.userId().equals(userId) ? null : "a player " + what + " must be '" + player.userId()
        + "' (the token's sub), not " + (userId == null ? "missing" : "'" + userId + "'");
  }

  private LeaderboardException bodyRefusal(RoutingContext ctx) {
    try {
      body.apply(ctx);
      return Refusal.INVALID_JSON.exception("the body could not be read");
    } catch (LeaderboardException e) {
      return e;
    }
  }

  private static Future<Void> refuse(String message) {
    return Future.failedFuture(Refusal.FORBIDDEN.exception(message));
  }
}
