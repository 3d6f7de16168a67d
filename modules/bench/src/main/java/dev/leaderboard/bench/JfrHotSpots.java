package dev.leaderboard.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The hot spots of a JFR recording from its {@code jdk.ExecutionSample} events: per package (first
 * four name parts) and per method, the share of samples with it anywhere on the stack (inclusive),
 * and per method the share with it on top (self); also the share of samples per thread group, and
 * the native methods threads were sampled in ({@code jdk.NativeMethodSample}: waiting or in a
 * system call, which execution samples do not see).
 * Usage: {@code java -cp bench.jar dev.leaderboard.bench.JfrHotSpots recording.jfr [top]}.
 */
public final class JfrHotSpots {
  private JfrHotSpots() {
  }

  public static void main(String[] args) throws IOException {
    System.out.print(summarize(Path.of(args[0]), args.length > 1 ? Integer.parseInt(args[1]) : 20));
  }

  public static String summarize(Path recording, int top) throws IOException {
    Map<String, Integer> packages = new HashMap<>();
    Map<String, Integer> inclusive = new HashMap<>();
    Map<String, Integer> self = new HashMap<>();
    Map<String, Integer> threads = new HashMap<>();
    Map<String, Integer> natives = new HashMap<>();
    int nativeSamples = 0;
    long gcPauseNanos = 0;
    int gcs = 0;
    int samples = 0;
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        String type = e.getEventType().getName();
        if (type.equals("jdk.GarbageCollection")) {
          gcs++;
          gcPauseNanos += e.getDuration("sumOfPauses").toNanos();
        }
        if (type.equals("jdk.NativeMethodSample") && e.getStackTrace() != null
            && !e.getStackTrace().getFrames().isEmpty()) {
          nativeSamples++;
          natives.merge(name(e.getStackTrace().getFrames().get(0)), 1, Integer::sum);
        }
        if (!type.equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
          continue;
        }
        samples++;
        String thread = e.getThread("sampledThread") == null ? "?" : e.getThread("sampledThread").getJavaName();
        threads.merge(thread == null ? "?" : thread.replaceAll("-?\\d+$", ""), 1, Integer::sum);
        List<RecordedFrame> frames = e.getStackTrace().getFrames();
        Set<String> seenPackages = new HashSet<>();
        Set<String> seenMethods = new HashSet<>();
        for (RecordedFrame f : frames) {
          String cls = f.getMethod().getType().getName();
          seenPackages.add(packageOf(cls));
          seenMethods.add(name(f));
        }
        seenPackages.forEach(p -> packages.merge(p, 1, Integer::sum));
        seenMethods.forEach(m -> inclusive.merge(m, 1, Integer::sum));
        if (!frames.isEmpty()) {
          self.merge(name(frames.get(0)), 1, Integer::sum);
        }
      }
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%,d execution samples; %d GCs, %.0f ms of pauses%n", samples, gcs,
        gcPauseNanos / 1e6));
    table(out, "threads (share of samples)", threads, samples, top);
    table(out, "packages, inclusive (on the stack)", packages, samples, top);
    table(out, "methods, self (top of the stack)", self, samples, top);
    table(out, "methods, inclusive", inclusive, samples, top);
    out.append(String.format(Locale.ROOT, "%,d samples of threads in native code (waiting or in a system call)%n",
        nativeSamples));
    table(out, "native methods (top of the stack)", natives, nativeSamples, Math.min(top, 8));
    return out.toString();
  }

  private static void table(StringBuilder out, String title, Map<String, Integer> counts, int samples, int top) {
    out.append(title).append('\n');
    counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(top)
        .forEach(e -> out.append(String.format(Locale.ROOT, "  %5.1f %%  %s%n", 100.0 * e.getValue() / samples,
            e.getKey())));
  }

  private static String name(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName();
  }

  private static String packageOf(String className) {
    int end = className.lastIndexOf('.');
    String pkg = end < 0 ? "(default)" : className.substring(0, end);
    String[] parts = pkg.split("\\.");
    return parts.length <= 4 ? pkg : String.join(".", List.of(parts).subList(0, 4));
  }
}
