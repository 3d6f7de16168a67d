package dev.leaderboard.store.dispatch;

import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which master serves each hash slot, as one node answered {@code CLUSTER SLOTS}. Masters are
 * numbered by the first slot they serve, so the numbers name them in errors and health answers
 * without an address.
 *
 * @param masters the masters, in order of their first slot
 * @param owner slot → index in {@code masters}, {@code -1} where no master serves the slot
 * @param replicated every master lists at least one replica that is not failed
 */
record SlotMap(List<Node> masters, int[] owner, boolean replicated) {

  /**
   * A master.
   *
   * @param address {@code host:port}
   * @param id the cluster node ID (not an address: it may appear in metrics)
   */
  record Node(String address, String id) {
    /** The first characters of the node ID, enough to tell nodes apart in metrics. */
    String shortId() {
      return id.length() > 8 ? id.substring(0, 8) : id;
    }
  }

  /** The map {@code CLUSTER SLOTS} describes; {@code askedHost} stands in for a node that did not name its host. */
  static SlotMap parse(Response slots, String askedHost) {
    Map<String, Node> byAddress = new LinkedHashMap<>();
    Map<String, Integer> firstSlot = new LinkedHashMap<>();
    List<int[]> ranges = new ArrayList<>();
    List<String> rangeOwner = new ArrayList<>();
    boolean replicated = true;
    for (Response range : slots) {
      // a range lists its master, then its replicas (CLUSTER SLOTS leaves failed replicas out)
      replicated &= range.size() > 3;
      int from = range.get(0).toInteger();
      int to = range.get(1).toInteger();
      Response master = range.get(2);
      String host = master.get(0) == null ? "" : master.get(0).toString();
      if (host.isEmpty() || "?".equals(host)) {
        host = askedHost;
      }
      String address = host + ":" + master.get(1).toInteger();
      String id = master.size() > 2 && master.get(2) != null ? master.get(2).toString() : address;
      byAddress.putIfAbsent(address, new Node(address, id));
      firstSlot.merge(address, from, Math::min);
      ranges.add(new int[] {from, to});
      rangeOwner.add(address);
    }
    List<Node> masters = new ArrayList<>(byAddress.values());
    masters.sort(Comparator.comparingInt(n -> firstSlot.get(n.address())));
    Map<String, Integer> index = new LinkedHashMap<>();
    for (int i = 0; i < masters.size(); i++) {
      index.put(masters.get(i).address(), i);
    }
    int[] owner = new int[HashSlots.SLOTS];
    Arrays.fill(owner, -1);
    for (int r = 0; r < ranges.size(); r++) {
      Arrays.fill(owner, ranges.get(r)[0], ranges.get(r)[1] + 1, index.get(rangeOwner.get(r)));
    }
    return new SlotMap(List.copyOf(masters), owner, replicated && !masters.isEmpty());
  }

  /** The index of the master serving {@code route}, or {@code -1} when none does. */
  int masterOf(Route route) {
    return owner[HashSlots.of(route.tag())];
  }
}
