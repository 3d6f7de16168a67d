package dev.leaderboard.api.auth;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;

/** What a verified player may do, by the operation's {@link PlayerRule}. */
final class PlayerAccess {
  private final Function<String, Future<Board>> boards;
  private final Function<RoutingContext, JsonObject> body;

  /**
   * @param boards a board's definition (failed, e.g. 404, when there is none)
   * @param body the request's body as the operation's handler reads it (or the 400 it answers)
   */
  PlayerAccess(Function<String, Future<Board>> boards, Function<RoutingContext, JsonObject> body) {
    this.boards = boards;
    this.body = body;
  }

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
    };
  }

  private static Future<Void> ownUser(Access access, String userId, Player player) {
    return player.userId().equals(userId) ? Future.succeededFuture()
        : refuse("a player may call " + access.operationId() + " only with its own user ID '" + player.userId()
            + "' (the token's sub) in the path, not '" + userId + "'");
  }

  private Future<Void> ownEvent(Access access, RoutingContext ctx, Player player) {
    JsonObject event;
    try {
      event = body.apply(ctx);
    } catch (LeaderboardException e) {
      return Future.failedFuture(e);
    }
    Object userId = event.getValue("userId");
    if (!player.userId().equals(userId)) {
      return refuse("a player submits only its own scores: the event's userId must be '" + player.userId()
          + "' (the token's sub), not " + (userId == null ? "missing" : "'" + userId + "'"));
    }
    String board = ctx.pathParam("board");
    return boards.apply(board).compose(b -> b.clientWrites() ? Future.succeededFuture()
        : refuse("board '" + board + "' takes scores from servers only (its clientWrites is off): " + access.operationId()
            + " needs an API key with the 'submit' scope"));
  }

  private static Future<Void> refuse(String message) {
    return Future.failedFuture(new LeaderboardException(403, "forbidden", message));
  }
}
