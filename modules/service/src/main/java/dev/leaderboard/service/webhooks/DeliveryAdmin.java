package dev.leaderboard.service.webhooks;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.result.DeliveryList;
import dev.leaderboard.store.boards.DeliveryStore;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What operators do with a board's webhook deliveries: list them, and send one again now. The
 * sending is left to the nodes' {@link WebhookDeliveries}, asked on {@link dev.leaderboard.core.BusAddresses#WEBHOOK_REDELIVER}.
 */
public record DeliveryAdmin(BoardRegistry boards, DeliveryStore store, EventBus bus) {
  /** Newest period first (a board's period IDs sort by time). */
  public Future<DeliveryList> list(String board) {
    Names.board("board", board);
    return boards.require(board).compose(b -> store.all(b).map(all -> DeliveryList.of(b.name(),
        all.entrySet().stream().sorted(Map.Entry.<String, Delivery>comparingByKey(Comparator.reverseOrder())).toList())));
  }

  /**
   * A finished delivery (delivered, cancelled) is recorded as due again; an unfinished one keeps its
   * record, which only the node holding its lease writes. Then every node hears the request: the one
   * whose sequence waits attempts at once, or one of them starts it.
   */
  public Future<DeliveryList> redeliver(String board, String period) {
    Names.board("board", board);
    Names.id("period", period);
    return boards.require(board).compose(b -> store.get(b, period).compose(d -> {
      if (d == null) {
        throw Refusal.DELIVERY_NOT_FOUND.exception(board, period);
      }
      if (b.events().webhook() == null) {
        throw Refusal.NO_WEBHOOK.exception(board);
      }
      if (d.attemptUnderWay()) {
        throw Refusal.DELIVERY_IN_PROGRESS.exception(period, board);
      }
      Delivery due = d.state().finished() ? d.again() : d;
      return (due == d ? Future.<Void>succeededFuture() : store.put(b, period, due)).map(ok -> {
        bus.publish(BusAddresses.WEBHOOK_REDELIVER, new JsonObject().put("board", b.name())
            .put("boardUid", b.uid()).put("period", period));
        return DeliveryList.of(b.name(), List.of(Map.entry(period, due)));
      });
    }));
  }
}
