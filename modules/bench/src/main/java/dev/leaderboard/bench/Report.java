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

  /** One row comparing a case of ours with its baseline: throughput, p50 and p99 side by side. */
  void compare(String name, LoadResult ours, LoadResult base, double target) {
    double ratio = ours.perSecond() / base.perSecond();
    line("| %-34s | %,9.0f | %7.2f | %7.2f | %,9.0f | %7.2f | %7.2f | %5.2fx | >= %.1fx %s |%s", name,
        ours.perSecond(), ours.ms(50), ours.ms(99), base.perSecond(), base.ms(50), base.ms(99), ratio, target,
        ratio >= target ? "met" : "NOT met", errors(ours, base));
  }

  void compareHeader(String baseline) {
    line("| %-34s | %9s | %7s | %7s | %9s | %7s | %7s | %6s | %s |", "case", "ours r/s", "p50 ms", "p99 ms",
        baseline + " r/s", "p50 ms", "p99 ms", "ratio", "target");
    line("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  }

  static String errors(LoadResult... results) {
    StringBuilder s = new StringBuilder();
    for (LoadResult r : results) {
      if (r.errors() > 0) {
        s.append(" errors: ").append(r.errors()).append(' ').append(r.errorSummary());
      }
    }
    return s.toString();
  }

  String text() {
    return all.toString();
  }
}
