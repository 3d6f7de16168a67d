package dev.leaderboard.store.dispatch;

import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;

/** Shards that hand every call to other shards; a subclass changes what it needs (waits, counts, placement). */
public abstract class ForwardingShards implements Shards {
  private final Shards inner;

  protected ForwardingShards(Shards inner) {
    this.inner = inner;
  }

  /** The shards this one hands its calls to. */
  public Shards inner() {
    return inner;
  }

  @Override
  public Future<List<Reply>> dispatchEach(List<Call> calls) {
    return inner.dispatchEach(calls);
  }

  @Override
  public int keySetOf(int partition) {
    return inner.keySetOf(partition);
  }

  @Override
  public String keySetLayout() {
    return inner.keySetLayout();
  }

  @Override
  public List<List<Route>> scriptGroups(List<Route> routes) {
    return inner.scriptGroups(routes);
  }

  @Override
  public boolean resendsWrites() {
    return inner.resendsWrites();
  }

  @Override
  public Future<Void> loadScripts(Collection<Script> scripts) {
    return inner.loadScripts(scripts);
  }

  @Override
  public Future<List<EndpointHealth>> health(long timeoutMillis) {
    return inner.health(timeoutMillis);
  }

  @Override
  public void close() {
    inner.close();
  }
}
