package dev.leaderboard.bench;

import io.vertx.core.json.JsonObject;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What a load run measured: answers by status, events applied, the run's wall time and the
 * latency of every answer and of the successful ones (µs). Results of several runs of one target
 * merge into one.
 */
public final class LoadResult {
  private static final long MAX_MICROS = 120_000_000L;

  private final Histogram latency = new Histogram(MAX_MICROS, 3);
  /** Latency of the successful answers only (a shed request's quick 503 is not among them). */
  private final Histogram served = new Histogram(MAX_MICROS, 3);
  private final Map<String, Long> statuses = new TreeMap<>();
  /** CPU ticks of the run as {@link CpuMeter#sample} counts them; filled in by the parent. */
  private final long[] cpu = new long[4];
  private long ok;
  private long events;
  private long nanos;
  private String sampleError;

  /** One answer: its status ({@code "200"}, {@code "500"}, or a failure name) and its latency. */
  public void record(String status, boolean success, long events, long micros) {
    long value = Math.min(MAX_MICROS, Math.max(0, micros));
    latency.recordValue(value);
    statuses.merge(status, 1L, Long::sum);
    if (success) {
      served.recordValue(value);
      ok++;
      this.events += events;
    }
  }

  public void error(String sample) {
    if (sampleError == null) {
      sampleError = sample;
    }
  }

  public void addNanos(long n) {
    nanos += n;
  }

  public LoadResult merge(LoadResult other) {
    latency.add(other.latency);
    served.add(other.served);
    other.statuses.forEach((k, v) -> statuses.merge(k, v, Long::sum));
    for (int i = 0; i < cpu.length; i++) {
      cpu[i] += other.cpu[i];
    }
    ok += other.ok;
    events += other.events;
    nanos += other.nanos;
    if (sampleError == null) {
      sampleError = other.sampleError;
    }
    return this;
  }

  /** Successful answers per second of wall time. */
  public double perSecond() {
    return nanos == 0 ? 0 : ok / (nanos / 1e9);
  }

  /** Events applied per second of wall time (for batches; one per successful answer otherwise). */
  public double eventsPerSecond() {
    return nanos == 0 ? 0 : events / (nanos / 1e9);
  }

  /** Latency at {@code percentile} (0..100) in ms. */
  public double ms(double percentile) {
    return latency.getValueAtPercentile(percentile) / 1000.0;
  }

  /** Latency of the successful answers at {@code percentile} (0..100) in ms; 100 is the slowest. */
  public double servedMs(double percentile) {
    return (percentile >= 100 ? served.getMaxValue() : served.getValueAtPercentile(percentile)) / 1000.0;
  }

  /** The share (0..1) of all answers that had this status, e.g. {@code "503"}. */
  public double share(String status) {
    return total() == 0 ? 0 : statuses.getOrDefault(status, 0L) / (double) total();
  }

  public long[] cpu() {
    return cpu;
  }

  public long events() {
    return events;
  }

  public long ok() {
    return ok;
  }

  public long total() {
    return latency.getTotalCount();
  }

  public long errors() {
    return total() - ok;
  }

  /** Answers by status, and a sample error, when there were errors. */
  public String errorSummary() {
    return errors() == 0 ? "" : statuses + (sampleError == null ? "" : " e.g. " + sampleError);
  }

  public JsonObject toJson() {
    JsonObject s = new JsonObject();
    statuses.forEach(s::put);
    return new JsonObject().put("ok", ok).put("events", events).put("nanos", nanos).put("statuses", s)
        .put("sampleError", sampleError).put("latency", encode(latency)).put("served", encode(served));
  }

  private static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    byte[] bytes = new byte[n];
    buf.flip();
    buf.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  private static Histogram decode(String text) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), MAX_MICROS);
    } catch (DataFormatException e) {
      throw new IllegalStateException("unreadable latency histogram from the load generator", e);
    }
  }

  public static LoadResult fromJson(JsonObject j) {
    LoadResult r = new LoadResult();
    r.latency.add(decode(j.getString("latency")));
    r.served.add(decode(j.getString("served")));
    j.getJsonObject("statuses").forEach(e -> r.statuses.put(e.getKey(), ((Number) e.getValue()).longValue()));
    r.ok = j.getLong("ok");
    r.events = j.getLong("events");
    r.nanos = j.getLong("nanos");
    r.sampleError = j.getString("sampleError");
    return r;
  }
}
