package dev.leaderboard.app;

import static io.vertx.redis.client.Request.cmd;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Response;
import java.util.function.Consumer;

/** A large key read a page at a time, for the offline commands (blocking: never on an event loop). */
final class ChunkedReads {
  private ChunkedReads() {
  }

  /** A sorted set {@link PartitionSplit#CHUNK} members at a time (by rank): each chunk's members and scores, flat. */
  static void eachChunk(RedisConnection c, String key, Consumer<Response> chunk) {
    long card = c.send(cmd(Command.ZCARD).arg(key)).await().toLong();
    for (long from = 0; from < card; from += PartitionSplit.CHUNK) {
      chunk.accept(c.send(cmd(Command.ZRANGE).arg(key).arg(from).arg(from + PartitionSplit.CHUNK - 1).arg("WITHSCORES")).await());
    }
  }

  /** A hash ({@code HSCAN}: fields and values, flat) or set ({@code SSCAN}) about {@link PartitionSplit#CHUNK} at a time. */
  static void scan(RedisConnection c, Command command, String key, Consumer<Response> page) {
    String cursor = "0";
    do {
      Response r = c.send(cmd(command).arg(key).arg(cursor).arg("COUNT").arg(PartitionSplit.CHUNK)).await();
      cursor = r.get(0).toString();
      page.accept(r.get(1));
    } while (!cursor.equals("0"));
  }

  /** A Redis score as the integer it holds (a reply may write a large one as {@code 1.5e+15}). */
  static long number(String score) {
    try {
      return Long.parseLong(score);
    } catch (NumberFormatException e) {
      return (long) Double.parseDouble(score);
    }
  }
}
