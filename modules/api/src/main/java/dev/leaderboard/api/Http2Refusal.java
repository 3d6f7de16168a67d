package dev.leaderboard.api;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Settings;
import java.nio.charset.StandardCharsets;

/**
 * The answer to a client that opens a connection with HTTP/2's preface (prior knowledge, no
 * upgrade): the server's preface (an empty SETTINGS frame), then GOAWAY with
 * {@code HTTP_1_1_REQUIRED} and no stream processed, so the client knows nothing was applied and
 * may send the same requests over HTTP/1.1; then the connection closes.
 * The API is not served over HTTP/2 because {@link StrictRequestDecoder}, the connection limit and
 * the header and body deadlines of {@link HttpEdge} work on HTTP/1.x framing (see docs/design.md).
 */
final class Http2Refusal {
  /** The request line HTTP/2's client preface reads as in HTTP/1.x ({@code PRI * HTTP/2.0}). */
  private static final String METHOD = "PRI";
  static final String MESSAGE = "this node speaks HTTP/1.1 only: send the request again over HTTP/1.1";

  private Http2Refusal() {
  }

  static boolean isPreface(HttpRequest request) {
    return METHOD.equals(request.method().name()) && "*".equals(request.uri())
        && "HTTP/2.0".equals(request.protocolVersion().text());
  }

  /** Writes the refusal below the HTTP/1.x encoder and closes the connection once it is written. */
  static void refuse(ChannelHandlerContext ctx) {
    DefaultHttp2FrameWriter frames = new DefaultHttp2FrameWriter();
    frames.writeSettings(ctx, new Http2Settings(), ctx.newPromise());
    frames.writeGoAway(ctx, 0, Http2Error.HTTP_1_1_REQUIRED.code(),
        Unpooled.copiedBuffer(MESSAGE, StandardCharsets.US_ASCII), ctx.newPromise());
    ctx.flush().close();
  }
}
