package dev.leaderboard.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A client that sends bytes exactly as given over a plain socket (optionally one at a time, as a
 * slow client does) and reads what comes back: one HTTP/1.1 answer, or the connection closing (or
 * every byte up to the close, for answers in another protocol).
 */
final class RawHttp implements AutoCloseable {
  /** Between two bytes of a trickled request. */
  static final Duration TRICKLE = Duration.ofMillis(100);
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final long deadlineNanos;

  /** An answer; {@code status} is 0 when the connection closed without one. */
  record Answer(int status, Map<String, String> headers, String body, Duration after) {
    boolean closedWithoutAnswer() {
      return status == 0;
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  /** A connection to localhost:{@code port}; nothing it waits for may take longer than {@code patience}. */
  RawHttp(int port, Duration patience) throws IOException {
    socket = new Socket("localhost", port);
    in = socket.getInputStream();
    out = socket.getOutputStream();
    deadlineNanos = System.nanoTime() + patience.toNanos();
  }

  /** Sends {@code head} at once and {@code trickled} a byte every {@link #TRICKLE}, then reads the answer. */
  Answer exchange(byte[] head, byte[] trickled) throws IOException {
    long start = System.nanoTime();
    try {
      out.write(head);
      out.flush();
      for (byte b : trickled) {
        socket.setSoTimeout((int) TRICKLE.toMillis());
        int first = readOrTimeout();
        if (first != -2) {
          return answer(first, start);
        }
        out.write(b);
        out.flush();
      }
    } catch (SocketException e) {
      // the server closed the connection while we were still sending
      return new Answer(0, Map.of(), "", Duration.ofNanos(System.nanoTime() - start));
    }
    socket.setSoTimeout(remainingMillis());
    return answer(readOrClosed(), start);
  }

  /** Sends {@code bytes} at once and reads everything that comes back until the server closes the connection. */
  byte[] untilClosed(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
    socket.setSoTimeout(remainingMillis());
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    for (int b = readOrClosed(); b != -1; b = readOrClosed()) {
      got.write(b);
    }
    return got.toByteArray();
  }

  /** Whether the server closes the connection within the patience left (no more bytes come). */
  boolean closedByServer() throws IOException {
    socket.setSoTimeout(remainingMillis());
    try {
      return readOrClosed() == -1;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  private Answer answer(int first, long start) throws IOException {
    if (first == -1) {
      return new Answer(0, Map.of(), "", Duration.ofNanos(System.nanoTime() - start));
    }
    socket.setSoTimeout(remainingMillis());
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    head.write(first);
    while (!endsWithBlankLine(head.toByteArray())) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the connection closed inside an answer's headers: " + head);
      }
      head.write(b);
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
    }
    byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8), Duration.ofNanos(System.nanoTime() - start));
  }

  /** The next byte, -1 when the connection closed (or was reset), -2 when nothing came in time. */
  private int readOrTimeout() throws IOException {
    try {
      return readOrClosed();
    } catch (SocketTimeoutException e) {
      return -2;
    }
  }

  private int readOrClosed() throws IOException {
    try {
      return in.read();
    } catch (SocketTimeoutException e) {
      throw e;
    } catch (SocketException e) {
      return -1;
    }
  }

  private int remainingMillis() {
    return (int) Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000);
  }

  private static boolean endsWithBlankLine(byte[] b) {
    int n = b.length;
    return n >= 4 && b[n - 4] == '\r' && b[n - 3] == '\n' && b[n - 2] == '\r' && b[n - 1] == '\n';
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
