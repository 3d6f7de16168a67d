package dev.leaderboard.embedded;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A JVM holding local servers, for {@link JvmDeathTest}: starts two redis shards and a PostgreSQL in
 * the directory given, prints {@code ready} and the servers' pids, then waits to be killed.
 */
public final class EmbeddedServersMain {

  private EmbeddedServersMain() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    LocalRedisShards shards = LocalRedisShards.start(dir.resolve("redis"), 2);
    LocalPostgres postgres = LocalPostgres.start(dir.resolve("pg"));
    System.out.println("ready " + Stream.concat(shards.processes().stream(), Stream.of(postgres.process()))
        .map(h -> Long.toString(h.pid())).collect(Collectors.joining(" ")));
    System.out.flush();
    new CountDownLatch(1).await();
  }
}
