package dev.leaderboard.api.limit;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One token bucket's setting: {@code perSecond} tokens flow in a second, up to {@code burst}.
 * Written {@code <n>/s}, {@code <n>/min} or {@code <n>/h}, optionally followed by
 * {@code ,burst=<b>} (default: {@code n}); e.g. {@code 1000/s,burst=2000}.
 */
public record Rate(double perSecond, int burst) {
  private static final Pattern TEXT = Pattern.compile("([0-9]{1,9})/(s|min|h)(?:,burst=([0-9]{1,9}))?");

  public Rate {
    if (!(perSecond > 0) || burst < 1) {
      throw new IllegalArgumentException("a rate needs tokens per second > 0 and a burst >= 1 (got " + perSecond
          + "/s, burst " + burst + ")");
    }
  }

  /** The rate {@code text} means, or {@code null} for {@code off}; an {@link IllegalArgumentException} otherwise. */
  public static Rate parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
    if (t.equals("off")) {
      return null;
    }
    Matcher m = TEXT.matcher(t);
    if (!m.matches() || Long.parseLong(m.group(1)) == 0 || (m.group(3) != null && Long.parseLong(m.group(3)) == 0)) {
      throw new IllegalArgumentException("must be off or <n>/s, <n>/min or <n>/h with n >= 1, optionally followed by "
          + ",burst=<b> with b >= 1 (e.g. 1000/s,burst=2000; got '" + text + "')");
    }
    int n = Integer.parseInt(m.group(1));
    int seconds = switch (m.group(2)) {
      case "s" -> 1;
      case "min" -> 60;
      default -> 3600;
    };
    return new Rate((double) n / seconds, m.group(3) == null ? n : Integer.parseInt(m.group(3)));
  }

  /** How long an empty bucket takes to fill up, in nanoseconds. */
  long refillNanos() {
    return (long) Math.ceil(burst / perSecond * 1e9);
  }

  /** {@code 1000/s, burst 2000}. */
  @Override
  public String toString() {
    String count = perSecond >= 1 && perSecond == Math.rint(perSecond) ? (long) perSecond + "/s"
        : perSecond * 60 == Math.rint(perSecond * 60) ? Math.round(perSecond * 60) + "/min"
        : Math.round(perSecond * 3600) + "/h";
    return count + ", burst " + burst;
  }
}
