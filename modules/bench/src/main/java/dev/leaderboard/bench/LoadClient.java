package dev.leaderboard.bench;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The parent's handle on the {@link LoadGenerator} child JVM: sends it one load case at a time and
 * reads back what it measured. The child shares nothing with this JVM but the machine.
 */
public final class LoadClient implements AutoCloseable {
  private final Process process;
  private final Writer toChild;
  private final BufferedReader fromChild;

  private LoadClient(Process process) {
    this.process = process;
    this.toChild = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    this.fromChild = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  /** Starts the child with this JVM's java and class path. */
  public static LoadClient start() throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-Xms512m", "-Xmx512m", "-cp", System.getProperty("java.class.path"),
        LoadGenerator.class.getName())
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    return new LoadClient(p);
  }

  /** The child's process ID. */
  public long pid() {
    return process.pid();
  }

  /** Runs one case in the child and waits for its result (the case bounds its own time). */
  public synchronized LoadResult run(LoadSpec spec) {
    try {
      toChild.write(spec.toJson().encode() + "\n");
      toChild.flush();
      for (String line = fromChild.readLine(); line != null; line = fromChild.readLine()) {
        if (line.startsWith(LoadGenerator.MARK)) {
          return LoadResult.fromJson(new JsonObject(line.substring(LoadGenerator.MARK.length())));
        }
        System.out.println("[load generator] " + line);
      }
      throw new IllegalStateException("the load generator exited (code " + process.waitFor() + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the load generator", e);
    }
  }

  @Override
  public void close() {
    try {
      toChild.write("{\"op\":\"quit\"}\n");
      toChild.flush();
    } catch (IOException e) {
      // already gone
    }
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
