package dev.leaderboard.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Moves slots of a {@link LocalRedisCluster} between masters as an operator does, keys and
 * ownership, whole or step by step so that a test can hold a slot half moved. Blocking: never call
 * from an event loop.
 */
public final class SlotMoves {
  private static final String HOST = LocalProcesses.HOST;
  private static final int MIGRATE_BATCH = 100;
  private static final int MIGRATE_TIMEOUT_MILLIS = 5_000;

  private final LocalRedisCluster cluster;
  /** Slot → {source, target} of the moves begun and not finished. */
  private final Map<Integer, int[]> moving = new HashMap<>();

  SlotMoves(LocalRedisCluster cluster) {
    this.cluster = cluster;
  }

  /** Moves every given slot (keys and ownership) to {@code target}, one slot after the other. */
  public void move(Collection<Integer> slots, int target) throws IOException {
    for (int slot : slots) {
      begin(slot, target);
      finish(slot);
    }
  }

  /**
   * Starts moving {@code slot} to {@code target}: {@code IMPORTING} on the target, {@code MIGRATING}
   * on its master. From now on the master answers {@code ASK} for the slot's keys it no longer has,
   * and {@code TRYAGAIN} for a command on several keys of the slot of which only some are there.
   */
  public synchronized void begin(int slot, int target) throws IOException {
    int source = cluster.masterOf(slot);
    if (source == target) {
      throw new IllegalArgumentException("node " + target + " already serves slot " + slot);
    }
    cluster.call(target, "CLUSTER", "SETSLOT", Integer.toString(slot), "IMPORTING", cluster.nodeId(source));
    cluster.call(source, "CLUSTER", "SETSLOT", Integer.toString(slot), "MIGRATING", cluster.nodeId(target));
    moving.put(slot, new int[] {source, target});
  }

  /** Moves these keys of a slot being moved ({@link #begin}) to its target ({@code MIGRATE ... KEYS}). */
  public synchronized void migrateKeys(int slot, List<String> keys) throws IOException {
    int[] move = moving(slot);
    if (keys.isEmpty()) {
      return;
    }
    List<String> migrate = new ArrayList<>(List.of("MIGRATE", HOST, Integer.toString(cluster.port(move[1])), "", "0",
        Integer.toString(MIGRATE_TIMEOUT_MILLIS), "AUTH", cluster.password(), "KEYS"));
    migrate.addAll(keys);
    cluster.call(move[0], migrate);
  }

  /**
   * Finishes moving {@code slot}: migrates the keys still on the source, then gives the slot to the
   * target ({@code SETSLOT NODE} on the target, the source and every other master).
   */
  public synchronized void finish(int slot) throws IOException {
    int[] move = moving(slot);
    for (List<String> keys = cluster.keysInSlot(move[0], slot, MIGRATE_BATCH); !keys.isEmpty();
        keys = cluster.keysInSlot(move[0], slot, MIGRATE_BATCH)) {
      migrateKeys(slot, keys);
    }
    String owner = cluster.nodeId(move[1]);
    cluster.call(move[1], "CLUSTER", "SETSLOT", Integer.toString(slot), "NODE", owner);
    cluster.call(move[0], "CLUSTER", "SETSLOT", Integer.toString(slot), "NODE", owner);
    for (int n = 0; n < cluster.size(); n++) {
      if (n != move[0] && n != move[1] && cluster.alive(n) && cluster.isMaster(n)) {
        cluster.call(n, "CLUSTER", "SETSLOT", Integer.toString(slot), "NODE", owner);
      }
    }
    moving.remove(slot);
    LocalRedisCluster.await("every node sees slot " + slot + " on node " + move[1],
        () -> cluster.everyLiveNode(n -> cluster.masterSeenBy(n, slot) == move[1]));
  }

  private int[] moving(int slot) {
    int[] move = moving.get(slot);
    if (move == null) {
      throw new IllegalStateException("slot " + slot + " is not being moved (begin first)");
    }
    return move;
  }
}
