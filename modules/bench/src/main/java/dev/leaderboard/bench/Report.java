package dev.leaderboard.bench;

import java.util.Locale;

/** The figures of a run: printed as they come and repeated together at the end. */
final class Report {
  private final StringBuilder all = new StringBuilder();

  void line(String format, Object... args) {
    String s = String.format(Locale.ROOT, format, args);
    System.out.println(s);
    all.append(s).append('\n');
  }

  void section(String title) {
    line("");
    line("## %s", title);
  }

  String text() {
    return all.toString();
  }
}
