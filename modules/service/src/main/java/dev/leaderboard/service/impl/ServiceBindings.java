package dev.leaderboard.service.impl;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceBinder;

/**
 * A service bound twice: on its clustered address, for callers anywhere in the cluster, and on its
 * node-local address, which the HTTP API uses so that a request never hops to another node.
 */
public final class ServiceBindings {
  private final MessageConsumer<JsonObject> clustered;
  private final MessageConsumer<JsonObject> local;

  private ServiceBindings(MessageConsumer<JsonObject> clustered, MessageConsumer<JsonObject> local) {
    this.clustered = clustered;
    this.local = local;
  }

  public static <T> Future<ServiceBindings> bind(Vertx vertx, Class<T> type, T service, String address,
      String localAddress) {
    ServiceBinder binder = new ServiceBinder(vertx);
    MessageConsumer<JsonObject> clustered = binder.setAddress(address).register(type, service);
    MessageConsumer<JsonObject> local = binder.setAddress(localAddress).registerLocal(type, service);
    return Future.all(clustered.completion(), local.completion()).map(ok -> new ServiceBindings(clustered, local));
  }

  public Future<Void> unbind() {
    return Future.all(clustered.unregister(), local.unregister()).mapEmpty();
  }
}
