package dev.leaderboard.app;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What is written to {@code System.err} (where the node logs) while it is open; still written there too. */
final class CapturedErr implements AutoCloseable {
  private final PrintStream original = System.err;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

  CapturedErr() {
    System.setErr(new PrintStream(new OutputStream() {
      @Override
      public void write(int b) {
        original.write(b);
        copy.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        original.write(b, off, len);
        copy.write(b, off, len);
      }
    }, true, StandardCharsets.UTF_8));
  }

  String text() {
    return copy.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    System.setErr(original);
  }
}
