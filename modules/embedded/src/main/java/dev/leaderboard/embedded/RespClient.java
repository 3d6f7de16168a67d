package dev.leaderboard.embedded;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A blocking RESP2 connection to one local redis-server, for the fixtures' administrative commands
 * (cluster setup, slot moves, failovers); never on an event loop. Replies are {@link String} (simple
 * and bulk strings), {@link Long}, {@link List} or {@code null}; an error reply throws {@link ErrorReply}.
 */
final class RespClient implements AutoCloseable {

  private static final int TIMEOUT_MILLIS = 10_000;

  /** An error reply; the message is the reply's text, e.g. {@code ERR ...} or {@code MOVED ...}. */
  static final class ErrorReply extends IOException {
    ErrorReply(String message) {
      super(message);
    }
  }

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  /** Connects to {@code host:port} and authenticates with {@code password}. */
  RespClient(String host, int port, String password) throws IOException {
    socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      out = socket.getOutputStream();
      in = new BufferedInputStream(socket.getInputStream());
      call("AUTH", password);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  /** Sends one command and reads its reply. */
  Object call(String... args) throws IOException {
    return call(List.of(args));
  }

  Object call(List<String> args) throws IOException {
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (String arg : args) {
      byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
      request.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      request.writeBytes(bytes);
      request.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    out.write(request.toByteArray());
    out.flush();
    Object reply = read();
    if (reply instanceof ErrorReply e) {
      throw new ErrorReply(e.getMessage());
    }
    return reply;
  }

  private Object read() throws IOException {
    int type = in.read();
    String line = line();
    return switch (type) {
      case '+' -> line;
      case '-' -> new ErrorReply(line);
      case ':' -> Long.parseLong(line);
      case '$' -> {
        int length = Integer.parseInt(line);
        if (length < 0) {
          yield null;
        }
        byte[] bytes = in.readNBytes(length + 2);
        if (bytes.length < length + 2) {
          throw new EOFException("redis closed the connection");
        }
        yield new String(bytes, 0, length, StandardCharsets.UTF_8);
      }
      case '*' -> {
        int count = Integer.parseInt(line);
        if (count < 0) {
          yield null;
        }
        List<Object> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
          items.add(read());
        }
        yield items;
      }
      case -1 -> throw new EOFException("redis closed the connection");
      default -> throw new IOException("unexpected RESP type " + (char) type);
    };
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != '\r') {
      if (c == -1) {
        throw new EOFException("redis closed the connection");
      }
      line.write(c);
    }
    in.read();
    return line.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
