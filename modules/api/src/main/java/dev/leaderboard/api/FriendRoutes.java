package dev.leaderboard.api;

import dev.leaderboard.service.result.FriendChange;
import dev.leaderboard.service.request.FriendIds;
import dev.leaderboard.service.FriendRankService;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * Friend routes: the answer of {@link FriendRankService} is written unchanged, so HTTP and
 * event-bus callers get the same documents.
 */
record FriendRoutes(Supplier<FriendRankService> friends) {
  /** @param friends this node's friend service, or a 503 when it is not running */
  static void mount(ContractRouter router, Supplier<FriendRankService> friends) {
    FriendRoutes routes = new FriendRoutes(friends);
    router.handle("addFriend", routes::add);
    router.handle("removeFriend", routes::remove);
    router.handle("friends", routes::list);
    router.handle("importFriends", routes::importFriends);
    router.handle("friendBoard", routes::board);
  }

  /** 201 when the friendship is new, 200 when it existed already; the body says which either way. */
  private void add(RoutingContext ctx) {
    Replies.created(ctx, friends.get().addFriend(ctx.pathParam("userId"), ctx.pathParam("friendId")),
        FriendChange::added, FriendChange::toJson);
  }

  private void remove(RoutingContext ctx) {
    Replies.encoded(ctx, friends.get().removeFriend(ctx.pathParam("userId"), ctx.pathParam("friendId")));
  }

  private void list(RoutingContext ctx) {
    Replies.encoded(ctx, friends.get().friends(ctx.pathParam("userId")));
  }

  /** A body of the wrong shape throws its 400 here, which the router hands to the failure handler. */
  private void importFriends(RoutingContext ctx) {
    Replies.encoded(ctx, friends.get().importFriends(ctx.pathParam("userId"), new FriendIds(Params.body(ctx))));
  }

  private void board(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Boolean meta = q.boolValue("meta");
    Replies.json(ctx, friends.get().friendBoard(ctx.pathParam("board"), ctx.pathParam("userId"), q.string("period"),
        q.longValue("offset"), q.intValue("limit"), q.string("rankMode"), q.boolValue("globalRanks")),
        board -> Boolean.FALSE.equals(meta) ? withoutMeta(board.toJson()) : board.toJson());
  }

  /** The board without its entries' metadata ({@code meta=false}). */
  private static JsonObject withoutMeta(JsonObject board) {
    JsonArray entries = board.getJsonArray("entries");
    for (int i = 0; i < entries.size(); i++) {
      entries.getJsonObject(i).remove("meta");
    }
    return board;
  }

}
