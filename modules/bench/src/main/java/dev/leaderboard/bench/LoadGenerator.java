package dev.leaderboard.bench;

import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The HTTP load generator, in its own JVM so it shares no event loops with the service: reads one
 * {@link LoadSpec} per line on stdin, runs it against 127.0.0.1 as closed loops (one per connection,
 * on {@value #EVENT_LOOPS} event loops, 30 s idle timeout) and answers {@value #MARK}{@code <LoadResult JSON>};
 * {@code {"op":"quit"}} or the end of input stops it.
 */
public final class LoadGenerator {
  static final String MARK = "LOAD-RESULT ";
  private static final int EVENT_LOOPS = 2;

  private LoadGenerator() {
  }

  public static void main(String[] args) throws Exception {
    Vertx vertx = Vertx.vertx();
    List<Context> loops = eventLoops(vertx);
    HttpClientAgent client = vertx.httpClientBuilder()
        .with(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true)).build();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonObject message = new JsonObject(line);
        if ("quit".equals(message.getString("op"))) {
          break;
        }
        LoadResult result = run(vertx, client, loops, LoadSpec.fromJson(message));
        System.out.println(MARK + result.toJson().encode());
        System.out.flush();
      }
    } finally {
      client.close().await();
      vertx.close().await();
    }
  }

  /** One context per event loop: connections opened on a context stay on its loop. */
  private static List<Context> eventLoops(Vertx vertx) {
    List<Context> contexts = new CopyOnWriteArrayList<>();
    vertx.deployVerticle(() -> new VerticleBase() {
      @Override
      public Future<?> start() {
        contexts.add(context);
        return Future.succeededFuture();
      }
    }, new DeploymentOptions().setInstances(EVENT_LOOPS)).await();
    return contexts;
  }

  private static LoadResult run(Vertx vertx, HttpClientAgent client, List<Context> loops, LoadSpec spec) {
    long start = System.nanoTime();
    long deadline = start + (long) (spec.seconds() * 1e9);
    List<Future<LoadResult>> connections = new ArrayList<>();
    for (int i = 0; i < spec.connections(); i++) {
      Promise<LoadResult> done = Promise.promise();
      connections.add(done.future());
      int index = i;
      loops.get(i % loops.size())
          .runOnContext(v -> new LoadConnection(vertx, client, spec, index, deadline, done).start());
    }
    LoadResult all = new LoadResult();
    for (Future<LoadResult> c : connections) {
      all.merge(c.await());
    }
    all.addNanos(System.nanoTime() - start);
    return all;
  }
}
