package dev.leaderboard.api;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Vert.x's HTTP/1.x request decoder made strict (installed on every connection by {@link HttpEdge}).
 * An ambiguous body length ({@code Content-Length} with {@code Transfer-Encoding}, a coding other
 * than {@code chunked}, or any on HTTP/1.0) is a 400 before anything is served, since a proxy in
 * front may frame it differently (request smuggling). A malformed chunked body goes to
 * {@link Refusals}. Headers must arrive within {@code headerTimeout} and the body within
 * {@code bodyTimeout}; trickling bytes extend neither, which the idle timeout alone would not catch.
 * A request of another HTTP version than 1.0 or 1.1 is a 400; the HTTP/2 connection preface of a
 * client with prior knowledge is told to use HTTP/1.1 in HTTP/2's own terms ({@link Http2Refusal}).
 */
final class StrictRequestDecoder extends VertxHttpRequestDecoder {
  /** What the connection does when a request's body cannot be read. Called on the event loop. */
  interface Refusals {
    /** The body did not arrive in time. */
    void bodyLate();

    /** The chunked body is malformed ({@code problem} says how). */
    void bodyMalformed(String problem);
  }

  /** A request whose framing headers leave its length ambiguous. */
  static final class AmbiguousFraming extends IllegalArgumentException {
    AmbiguousFraming(String message) {
      super(message);
    }
  }

  /** A request line naming an HTTP version this decoder does not speak. */
  static final class UnsupportedVersion extends IllegalArgumentException {
    UnsupportedVersion(String message) {
      super(message);
    }
  }

  /** What the connection waits for. */
  private enum Phase { IDLE, HEADERS, BODY }

  private final long headerNanos;
  private final long bodyNanos;
  private final Refusals refusals;
  private ChannelHandlerContext ctx;
  private Phase phase = Phase.IDLE;
  /** The phase the running deadline is for, {@code null} when none runs. */
  private Phase armed;
  private ScheduledFuture<?> deadline;
  private long headersStarted;
  /** Whether a request was read on this connection: only its first can be HTTP/2's preface. */
  private boolean started;
  /** Set once the connection is refused as HTTP/2: what the client sends after it is not read. */
  private boolean http2;

  StrictRequestDecoder(HttpServerOptions options, Duration headerTimeout, Duration bodyTimeout, Refusals refusals) {
    super(options);
    this.headerNanos = headerTimeout.toNanos();
    this.bodyNanos = bodyTimeout.toNanos();
    this.refusals = refusals;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    super.handlerAdded(ctx);
    this.ctx = ctx;
    // the first request's headers are due counted from the connection's opening
    phase = Phase.HEADERS;
    headersStarted = System.nanoTime();
    settle();
  }

  /** A deadline is set only for a phase still unfinished, so a request that arrives whole costs no timer. */
  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
    if (http2) {
      buffer.skipBytes(buffer.readableBytes());
      return;
    }
    if (phase == Phase.IDLE && buffer.isReadable()) {
      phase = Phase.HEADERS;
      headersStarted = System.nanoTime();
    }
    int first = out.size();
    super.decode(ctx, buffer, out);
    for (int i = first; i < out.size(); i++) {
      Object decoded = out.get(i);
      if (decoded instanceof HttpRequest request) {
        phase = Phase.BODY;
        if (!started && Http2Refusal.isPreface(request)) {
          // the preface's request line, and the empty content that ends it
          out.subList(i, out.size()).forEach(ReferenceCountUtil::release);
          out.subList(i, out.size()).clear();
          buffer.skipBytes(buffer.readableBytes());
          http2 = true;
          disarm();
          Http2Refusal.refuse(ctx);
          return;
        }
        started = true;
        checkVersion(request);
      }
      if (decoded instanceof HttpContent content && !(decoded instanceof HttpRequest)
          && content.decoderResult().isFailure()) {
        out.remove(i--);
        ReferenceCountUtil.release(content);
        phase = Phase.IDLE;
        refusals.bodyMalformed(String.valueOf(content.decoderResult().cause().getMessage()));
      } else if (decoded instanceof LastHttpContent) {
        phase = Phase.IDLE;
      }
    }
    settle();
  }

  /** The one place that sees {@code Content-Length} and {@code Transfer-Encoding} side by side. */
  @Override
  protected boolean isContentAlwaysEmpty(HttpMessage msg) {
    List<String> codings = msg.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
    if (!codings.isEmpty()) {
      if (msg.headers().contains(HttpHeaderNames.CONTENT_LENGTH)) {
        throw new AmbiguousFraming("the request has both Content-Length and Transfer-Encoding; send exactly one of them");
      }
      if (msg.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
        throw new AmbiguousFraming("an HTTP/1.0 request cannot have a Transfer-Encoding; send Content-Length");
      }
      if (codings.size() > 1 || !codings.get(0).trim().toLowerCase(Locale.ROOT).equals("chunked")) {
        throw new AmbiguousFraming("Transfer-Encoding must be exactly 'chunked' (got '"
            + String.join(", ", codings) + "')");
      }
    }
    return super.isContentAlwaysEmpty(msg);
  }

  /** Vert.x would answer 501 to another version: it is the client's error, so a 400 naming the version. */
  private static void checkVersion(HttpRequest request) {
    HttpVersion version = request.protocolVersion();
    if (request.decoderResult().isSuccess() && !version.equals(HttpVersion.HTTP_1_1)
        && !version.equals(HttpVersion.HTTP_1_0)) {
      request.setDecoderResult(DecoderResult.failure(new UnsupportedVersion("this node speaks"
          + " HTTP/1.1 (and HTTP/1.0), not " + version.text())));
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    disarm();
    super.channelInactive(ctx);
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) throws Exception {
    disarm();
    super.handlerRemoved0(ctx);
  }

  /** Runs the deadline of the current phase, unless it runs already. */
  private void settle() {
    if (phase == armed) {
      return;
    }
    disarm();
    if (phase == Phase.HEADERS) {
      long left = headerNanos - (System.nanoTime() - headersStarted);
      deadline = ctx.executor().schedule(() -> ctx.close(), Math.max(0, left), TimeUnit.NANOSECONDS);
    } else if (phase == Phase.BODY) {
      deadline = ctx.executor().schedule(refusals::bodyLate, bodyNanos, TimeUnit.NANOSECONDS);
    }
    armed = deadline == null ? null : phase;
  }

  private void disarm() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
    armed = null;
  }
}
