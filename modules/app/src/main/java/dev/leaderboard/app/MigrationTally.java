package dev.leaderboard.app;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What a migration saw: keys and sizes per type on both sides, per source endpoint, and the keys that differ. */
final class MigrationTally {
  private static final int SHOWN = 20;
  /** type → {source keys, source size, cluster keys, cluster size}. */
  private final Map<String, long[]> byType = new TreeMap<>();
  private final List<String> endpoints = new ArrayList<>();
  private final List<String> differing = new ArrayList<>();
  private long differences;
  private long vanished;
  private long copied;
  private long split;
  private long rebuilt;

  void endpoint(String label, long keys) {
    endpoints.add(label + ": " + keys + " keys");
  }

  /** One key: its state on the source and on the cluster (after the copy, if any). */
  void key(String key, KeyState source, KeyState cluster) {
    add(source.type(), 0, source.size());
    if (cluster.exists()) {
      add(cluster.type(), 2, cluster.size());
    }
    if (!source.matches(cluster)) {
      differs(key + ": source " + source + ", cluster " + cluster);
    }
  }

  /** A key of a key set split into its partitions' keys: the source's state, and the partitions' summed. */
  void split(String key, KeyState source, KeyState partitions) {
    key(key, source, partitions);
    split++;
  }

  /**
   * A key of a key set's dense index, rebuilt per partition from the scores rather than copied, and
   * how the partitions' keys differ from a recomputation ({@code null}: they do not).
   */
  void rebuilt(String key, String problem) {
    rebuilt++;
    if (problem != null) {
      differs(key + ": " + problem);
    }
  }

  private void differs(String what) {
    differences++;
    if (differing.size() < SHOWN) {
      differing.add(what);
    }
  }

  void vanished() {
    vanished++;
  }

  void copied(int keys) {
    copied += keys;
  }

  long differences() {
    return differences;
  }

  long copied() {
    return copied;
  }

  private void add(String type, int at, long size) {
    long[] row = byType.computeIfAbsent(type, t -> new long[4]);
    row[at]++;
    row[at + 1] += Math.max(size, 0);
  }

  void print(PrintStream out, boolean dryRun) {
    endpoints.forEach(e -> out.println("  " + e));
    out.printf("  %-8s %12s %14s %12s %14s%n", "type", "source keys", "source size", "cluster keys", "cluster size");
    byType.forEach((type, row) -> out.printf("  %-8s %12d %14d %12d %14d%n", type, row[0], row[1], row[2], row[3]));
    out.println("  (size: members of sorted sets, hashes, sets and lists; bytes of strings)");
    if (vanished > 0) {
      out.println("  " + vanished + " keys were gone before they were read (expired leases)");
    }
    out.println(dryRun ? "dry run: nothing written; " + differences + " keys differ on the cluster now"
        : "copied " + copied + " keys (DUMP/RESTORE REPLACE, expiry kept)");
    if (split > 0 || rebuilt > 0) {
      out.println((dryRun ? "would split " : "split ") + split + " keys of key sets into their partitions' keys; "
          + rebuilt + " keys of dense indexes " + (dryRun ? "would be " : "") + "rebuilt per partition from its scores");
    }
    if (!dryRun) {
      out.println((differences == 0 ? "verified: every key is on the cluster with its type, size and expiry"
          : "NOT VERIFIED: " + differences + " keys differ on the cluster")
          + (split > 0 ? " (a split key: its partitions' keys summed; a dense index: as recomputed from the scores)" : ""));
    }
    differing.forEach(d -> out.println("  differs: " + d));
    if (differences > differing.size()) {
      out.println("  ... and " + (differences - differing.size()) + " more");
    }
  }
}
