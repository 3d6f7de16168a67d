package dev.leaderboard.service.impl;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceBinder;

/**
 * A service bound on its clustered address, for event-bus callers anywhere in the cluster, with the
 * codecs that send its {@link LeaderboardException}s as service exceptions (status and code).
 */
public final class ServiceBindings {
  private final MessageConsumer<JsonObject> consumer;

  private ServiceBindings(MessageConsumer<JsonObject> consumer) {
    this.consumer = consumer;
  }

  public static <T> Future<ServiceBindings> bind(Vertx vertx, Class<T> type, T service, String address) {
    LeaderboardException.registerCodecs(vertx.eventBus());
    MessageConsumer<JsonObject> consumer = new ServiceBinder(vertx).setAddress(address).register(type, service);
    return consumer.completion().map(ok -> new ServiceBindings(consumer));
  }

  public Future<Void> unbind() {
    return consumer.unregister();
  }
}
