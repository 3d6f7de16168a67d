package dev.leaderboard.api;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.TooLongFrameException;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.core.shareddata.LocalMap;
import io.vertx.core.shareddata.Shareable;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the HTTP server does before the router: the connection limit, a {@link StrictRequestDecoder}
 * on every connection, {@link RawPaths}, and JSON errors for requests the decoder refused. Vert.x
 * offers no hook for its request decoder, so it is swapped in each new connection's Netty pipeline.
 * One instance per verticle instance, so its connections are all served on one event loop.
 */
final class HttpEdge {
  private static final Logger LOG = LoggerFactory.getLogger(HttpEdge.class);
  private static final String DECODER = "httpDecoder";

  private final EdgeLimits limits;
  private final HttpServerOptions options;
  private final OpenConnections open;
  /** The verticle's context: its server's connections are served there. */
  private final Context context;
  private final Map<HttpConnection, Guard> guards = new HashMap<>();

  private HttpEdge(Vertx vertx, EdgeLimits limits) {
    this.limits = limits;
    this.options = limits.serverOptions();
    this.open = OpenConnections.of(vertx);
    this.context = vertx.getOrCreateContext();
  }

  /** An HTTP server with these limits in front of {@code router}; create it on the verticle's context. */
  static HttpServer server(Vertx vertx, EdgeLimits limits, Handler<HttpServerRequest> router) {
    HttpEdge edge = new HttpEdge(vertx, limits);
    return vertx.createHttpServer(edge.options)
        .connectionHandler(edge::opened)
        .invalidRequestHandler(HttpEdge::invalidRequest)
        .requestHandler(request -> edge.route(request, router));
  }

  private void opened(HttpConnection connection) {
    int now = open.count.incrementAndGet();
    connection.closeHandler(v -> {
      open.count.decrementAndGet();
      guards.remove(connection);
    });
    if (now > limits.maxConnections()) {
      LOG.debug("refusing a connection from {}: {} open, at most {}", connection.remoteAddress(), now - 1,
          limits.maxConnections());
      connection.close();
      return;
    }
    Guard guard = new Guard(connection);
    guards.put(connection, guard);
    if (connection instanceof ConnectionBase base) {
      ChannelPipeline pipeline = base.channel().pipeline();
      ChannelHandler decoder = pipeline.get(DECODER);
      if (decoder instanceof VertxHttpRequestDecoder) {
        pipeline.replace(DECODER, DECODER,
            new StrictRequestDecoder(options, limits.headerTimeout(), limits.bodyTimeout(), guard));
        return;
      }
    }
    LOG.warn("connection {} has no HTTP/1.x request decoder to replace; it is served without the edge checks",
        connection.getClass().getName());
  }

  private void route(HttpServerRequest request, Handler<HttpServerRequest> router) {
    Guard guard = guards.get(request.connection());
    if (guard != null) {
      guard.current = request;
    }
    String problem = RawPaths.problem(request.path());
    if (problem != null) {
      EdgeReplies.refuse(request, Refusal.INVALID_PATH.exception(problem));
      return;
    }
    router.handle(request);
  }

  /** Requests the decoder refused still get a JSON error; Vert.x closes their connection after it. */
  private static void invalidRequest(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    if (cause instanceof TooLongFrameException) {
      boolean header = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT).contains("header");
      EdgeReplies.refuseAndClose(request, (header ? Refusal.HEADERS_TOO_LARGE : Refusal.URI_TOO_LONG).exception());
    } else if (cause instanceof StrictRequestDecoder.AmbiguousFraming
        || cause instanceof StrictRequestDecoder.UnsupportedVersion) {
      EdgeReplies.refuseAndClose(request, Refusal.BAD_REQUEST.exception(cause.getMessage()));
    } else {
      EdgeReplies.refuseAndClose(request, Refusal.BAD_REQUEST.exception("the request could not be read as HTTP"
          + (cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")")));
    }
  }

  /** A connection's answers to bodies its decoder could not read; then the connection is closed. */
  private final class Guard implements StrictRequestDecoder.Refusals {
    private final HttpConnection connection;
    /** The request whose body is being read, if the router has it yet. */
    private HttpServerRequest current;

    Guard(HttpConnection connection) {
      this.connection = connection;
    }

    @Override
    public void bodyLate() {
      context.runOnContext(v -> refuse(Refusal.REQUEST_TIMEOUT.exception(limits.bodyTimeout().toMillis())));
    }

    @Override
    public void bodyMalformed(String problem) {
      context.runOnContext(v -> refuse(Refusal.BAD_REQUEST.exception("the chunked request body is malformed ("
          + problem + "); send chunks as <hex size>CRLF<data>CRLF, ending with 0CRLF CRLF")));
    }

    private void refuse(LeaderboardException refusal) {
      HttpServerRequest request = current;
      if (request == null || request.isEnded() || request.response().headWritten()) {
        connection.close();
      } else {
        EdgeReplies.refuseAndClose(request, refusal).onComplete(done -> connection.close());
      }
    }
  }

  /** The node's open HTTP connections, shared by every verticle instance of one Vert.x. */
  private static final class OpenConnections implements Shareable {
    private static final String SHARED = "leaderboard.http.edge";
    private final AtomicInteger count = new AtomicInteger();

    static OpenConnections of(Vertx vertx) {
      LocalMap<String, OpenConnections> shared = vertx.sharedData().getLocalMap(SHARED);
      OpenConnections fresh = new OpenConnections();
      OpenConnections existing = shared.putIfAbsent("open", fresh);
      return existing == null ? fresh : existing;
    }
  }
}
