package dev.leaderboard.bench;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Recorder;

/**
 * The stream benchmark's client JVM ({@link StreamBenchmark}): opens {@code subscribers} streams of a
 * board's top 10, says {@value #READY}, waits for a line on stdin, sends submits at a steady rate and
 * prints its measures after {@value #MARK}. Each submit takes the lead with the counter's next value,
 * so an event's leading score names its submit; the delay runs from the submit's answer to the event
 * on one clock (an earlier event counts 0 ms). The {@code Authorization} value comes on stdin, never on
 * a command line every local user can read.
 */
public final class StreamLoad {
  static final String READY = "READY";
  static final String MARK = "RESULT ";
  private static final int CONNECT_AT_ONCE = 200;
  private static final byte[] OK = "HTTP/1.1 200".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] TOP = "event: top".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SCORE = "\"score\":".getBytes(StandardCharsets.US_ASCII);

  private final Recorder delays = new Recorder(3);
  private final AtomicLong events = new AtomicLong();
  private final AtomicLong early = new AtomicLong();
  private final AtomicLong ended = new AtomicLong();
  private final BufferedReader in;
  private AtomicLongArray answered;

  private StreamLoad(BufferedReader in) {
    this.in = in;
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    String board = args[1];
    int subscribers = Integer.parseInt(args[2]);
    int rate = Integer.parseInt(args[3]);
    int seconds = Integer.parseInt(args[4]);
    String warmupBoard = args[5];
    int warmupSeconds = Integer.parseInt(args[6]);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String authorization = in.readLine();
    // the submits have their own event loop: a submit's answer is not read late because the loop
    // that would read it is busy reading streams (which would count the client's delay as the node's)
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
    Vertx submitting = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
    try {
      new StreamLoad(in).run(vertx, submitting, port, authorization, board, subscribers, rate, seconds, warmupBoard,
          warmupSeconds);
    } finally {
      vertx.close().await();
      submitting.close().await();
    }
  }

  private void run(Vertx vertx, Vertx submitting, int port, String authorization, String board, int subscribers, int rate, int seconds,
      String warmupBoard, int warmupSeconds) throws Exception {
    // warms this JVM's client and the node's submit path up (a cold client cannot send 2,000 a second)
    new SubmitPacer(submitting, port, authorization, warmupBoard, new AtomicLongArray(rate * warmupSeconds + 10))
        .run(rate, warmupSeconds);
    answered = new AtomicLongArray(rate * seconds + 2 * rate + 10);
    NetClient streams = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true));
    CountDownLatch open = new CountDownLatch(subscribers);
    for (int i = 0; i < subscribers; i += CONNECT_AT_ONCE) {
      List<Future<?>> batch = new ArrayList<>();
      for (int k = i; k < Math.min(subscribers, i + CONNECT_AT_ONCE); k++) {
        batch.add(subscribe(streams, port, authorization, board, open));
      }
      Future.all(batch).await(60, TimeUnit.SECONDS);
    }
    if (!open.await(120, TimeUnit.SECONDS)) {
      throw new IllegalStateException(open.getCount() + " streams sent no first event");
    }
    System.out.println(READY);
    System.out.flush();
    in.readLine();
    delays.reset();
    events.set(0);
    early.set(0);
    SubmitPacer submits = new SubmitPacer(submitting, port, authorization, board, answered);
    long cpuStart = cpuNanos();
    long start = System.nanoTime();
    submits.run(rate, seconds);
    double elapsed = (System.nanoTime() - start) / 1e9;
    double cpu = (cpuNanos() - cpuStart) / 1e9;
    var h = delays.getIntervalHistogram();
    JsonObject out = new JsonObject()
        .put("subscribers", subscribers).put("submits", submits.answered()).put("submitErrors", submits.errors())
        .put("submitsPerSecond", submits.answered() / elapsed).put("clientCpuCores", cpu / elapsed)
        .put("submitP50Ms", submits.ms(50)).put("submitP99Ms", submits.ms(99))
        .put("events", events.get()).put("early", early.get()).put("streamsEnded", ended.get())
        .put("delayP50Ms", h.getValueAtPercentile(50) / 1000.0).put("delayP99Ms", h.getValueAtPercentile(99) / 1000.0)
        .put("delayP999Ms", h.getValueAtPercentile(99.9) / 1000.0).put("delayMaxMs", h.getMaxValue() / 1000.0);
    System.out.println(MARK + out.encode());
    System.out.flush();
    in.readLine();
  }

  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * Opens one stream on a plain TCP connection and reads its bytes as they come: the client's work
   * per event is one read and a scan, not an HTTP client's chunk decoding, so the client, which
   * shares the machine's cores with the node, takes as little of them as it can. An event is written
   * by the node in one write (one chunk), so its {@code event: top} line and leading score arrive in
   * the same read.
   */
  private Future<?> subscribe(NetClient client, int port, String authorization, String board, CountDownLatch open) {
    String request = "GET /v1/boards/" + board + "/stream?top=10 HTTP/1.1\r\nHost: " + Local.HOST + "\r\n"
        + "Authorization: " + authorization + "\r\nAccept: text/event-stream\r\n\r\n";
    return client.connect(port, Local.HOST).compose(socket -> {
      boolean[] first = {true, true};
      socket.handler(bytes -> {
        if (first[0]) {
          first[0] = false;
          if (indexOf(bytes, OK, 0) != 0) {
            System.err.println("stream refused: " + bytes.getString(0, Math.min(bytes.length(), 64)));
            socket.close();
            return;
          }
        }
        if (first[1] && indexOf(bytes, TOP, 0) >= 0) {
          first[1] = false;
          open.countDown();
        }
        received(bytes);
      });
      socket.closeHandler(v -> ended.incrementAndGet());
      return socket.write(request);
    });
  }

  /**
   * Each top event in the chunk: the delay since the answer of the submit its leading score names.
   * Scans the bytes in place (no copy, no decoding): at 10,000 streams the client reads 100,000
   * events a second on the same 2 cores as the node.
   */
  private void received(Buffer chunk) {
    long now = System.nanoTime();
    int at = indexOf(chunk, TOP, 0);
    while (at >= 0) {
      int s = indexOf(chunk, SCORE, at);
      if (s < 0) {
        return;
      }
      int to = s + SCORE.length;
      long value = 0;
      for (byte b; to < chunk.length() && (b = chunk.getByte(to)) >= '0' && b <= '9'; to++) {
        value = value * 10 + (b - '0');
      }
      events.incrementAndGet();
      if (value > 0 && value < answered.length()) {
        long answer = answered.get((int) value);
        if (answer == 0 || answer > now) {
          early.incrementAndGet();
          delays.recordValue(0);
        } else {
          delays.recordValue((now - answer) / 1000);
        }
      }
      at = indexOf(chunk, TOP, to);
    }
  }

  private static int indexOf(Buffer chunk, byte[] what, int from) {
    int last = chunk.length() - what.length;
    outer:
    for (int i = from; i <= last; i++) {
      for (int k = 0; k < what.length; k++) {
        if (chunk.getByte(i + k) != what[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
