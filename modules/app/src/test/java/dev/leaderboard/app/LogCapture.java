package dev.leaderboard.app;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the node logs while it is open: slf4j-simple writes to whatever {@code System.err} is when it
 * writes, so standard error is copied here (and still shown) until closed.
 */
final class LogCapture implements AutoCloseable {
  private final PrintStream original = System.err;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

  private LogCapture() {
    OutputStream both = new OutputStream() {
      @Override
      public void write(int b) {
        original.write(b);
        synchronized (copy) {
          copy.write(b);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) {
        original.write(b, off, len);
        synchronized (copy) {
          copy.write(b, off, len);
        }
      }
    };
    System.setErr(new PrintStream(both, true, StandardCharsets.UTF_8));
  }

  static LogCapture start() {
    return new LogCapture();
  }

  String text() {
    synchronized (copy) {
      return copy.toString(StandardCharsets.UTF_8);
    }
  }

  @Override
  public void close() {
    System.setErr(original);
  }
}
