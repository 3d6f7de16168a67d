package dev.leaderboard.client;

import java.util.concurrent.Flow;
import java.util.function.Supplier;

/**
 * A board's live stream as a {@link Flow.Publisher}: each subscriber gets a connection of its own,
 * read on a daemon thread, that reconnects (with {@code Last-Event-ID}) whenever it ends, until the
 * subscriber cancels. A refusal that a retry cannot mend (401, 403, 404, 400) ends it with
 * {@code onError(ApiException)}; it never completes on its own.
 */
public final class LiveStream implements Flow.Publisher<StreamEvent> {
  private final Transport transport;
  private final Supplier<Call> call;
  private final ReconnectPolicy reconnect;
  private final String name;

  LiveStream(Transport transport, Supplier<Call> call, ReconnectPolicy reconnect, String name) {
    this.transport = transport;
    this.call = call;
    this.reconnect = reconnect;
    this.name = name;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super StreamEvent> subscriber) {
    StreamSubscription subscription = new StreamSubscription(transport, call, reconnect, subscriber);
    subscriber.onSubscribe(subscription);
    Thread reader = new Thread(subscription, "leaderboard-stream-" + name);
    reader.setDaemon(true);
    reader.start();
  }
}
