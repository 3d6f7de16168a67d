package dev.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a soak watches for growth in the JVM that runs the node and in its Redis shards: the heap
 * right after a full collection (what is still referenced), the JVM's threads and open file
 * descriptors (of them sockets: HTTP, Redis and PostgreSQL connections), Redis {@code used_memory}
 * and {@code connected_clients}. Reading collects garbage, so it is read between load slices; the
 * descriptors come from Linux's {@code /proc/self/fd}.
 */
final class NodeGauges {
  /** One reading; memory in bytes. */
  record Reading(long heapAfterGc, long nonHeap, int threads, int fds, int sockets, long redisMemory,
      long redisClients) {
  }

  private final RedisNodes redis;

  NodeGauges(RedisNodes redis) {
    this.redis = redis;
  }

  Reading read() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    memory.gc();
    long heap = memory.getHeapMemoryUsage().getUsed();
    long nonHeap = memory.getNonHeapMemoryUsage().getUsed();
    int fds = 0;
    int sockets = 0;
    try (DirectoryStream<Path> open = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
      for (Path fd : open) {
        fds++;
        if (isSocket(fd)) {
          sockets++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list /proc/self/fd", e);
    }
    return new Reading(heap, nonHeap, ManagementFactory.getThreadMXBean().getThreadCount(), fds, sockets,
        redis.usedMemory(), redis.connectedClients());
  }

  private static boolean isSocket(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString().startsWith("socket:");
    } catch (IOException e) {
      // closed since it was listed
      return false;
    }
  }
}
