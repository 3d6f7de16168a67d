package dev.leaderboard.api.stream;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.access.StreamTickets;
import dev.leaderboard.store.access.Grant;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Clock;
import io.vertx.core.shareddata.Shareable;

/** The node's live streams, shared by its HTTP verticle instances and offered by its {@link StreamVerticle}. */
public final class NodeStreams implements Shareable {
  private static final String MAP = "leaderboard.streams";
  private volatile Running running;

  private NodeStreams() {
  }

  public static NodeStreams of(Vertx vertx) {
    return vertx.sharedData().<String, NodeStreams>getLocalMap(MAP).computeIfAbsent("streams", k -> new NodeStreams());
  }

  /** What runs, or a 503 {@link LeaderboardException} while no {@link StreamVerticle} runs on this node. */
  Running require() {
    Running r = running;
    if (r == null) {
      throw Refusal.SERVICE_UNAVAILABLE.exception("the live stream service");
    }
    return r;
  }

  /** The node's stream counters, or {@code null} while no {@link StreamVerticle} runs. */
  public StreamMeters meters() {
    Running r = running;
    return r == null ? null : r.meters();
  }

  /** A ticket for {@code board} and the caller ({@link Grant}); see {@link StreamTickets#issue}. */
  public Future<StreamTickets.Issued> issue(String board, String kind, String id, long tokenExpiresAt) {
    Running r = require();
    long ttl = r.settings().ticketTtl().toMillis();
    return r.tickets().issue(new Grant(board, kind, id, tokenExpiresAt, r.clock().millis() + ttl), ttl);
  }

  /** The grant of a ticket, consumed; {@code null} when it is unknown, used or past its time. */
  public Future<Grant> redeem(String ticket) {
    Running r = require();
    return r.tickets().redeem(ticket, r.clock().millis());
  }

  /** {@code false}, with nothing written, when the node has as many streams as it takes. */
  public boolean open(HttpServerRequest request, StreamSpec spec, Board b) {
    Running r = require();
    if (!r.acquire()) {
      return false;
    }
    HttpServerResponse response = request.response();
    response.setStatusCode(200).setChunked(true)
        .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
        .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
        // proxies such as nginx would otherwise hold events back
        .putHeader("X-Accel-Buffering", "no")
        .setWriteQueueMaxSize(r.settings().writeQueueBytes());
    EventStream s = new EventStream(Vertx.currentContext(), response, spec, r.meters());
    s.onClose(() -> {
      r.release();
      r.hub().leave(s);
    });
    response.closeHandler(v -> s.closed());
    request.connection().shutdownHandler(v -> s.end());
    // the headers go out now, with the client's reconnection delay
    response.write("retry: 1000\n\n");
    r.hub().join(s, b);
    return true;
  }

  void offer(Running r) {
    running = r;
  }

  synchronized void withdraw(Running r) {
    if (running == r) {
      running = null;
    }
  }

  record Running(StreamHub hub, StreamTickets tickets, Clock clock, StreamSettings settings, StreamMeters meters) {
    /** Takes a place for one more stream; {@code false} at the node's bound. */
    boolean acquire() {
      if (meters.open.incrementAndGet() > settings.maxStreams()) {
        meters.open.decrementAndGet();
        meters.refused.incrementAndGet();
        return false;
      }
      return true;
    }

    void release() {
      meters.open.decrementAndGet();
    }
  }
}
