package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local Redis Cluster of supervised redis-server processes, for tests and benchmarks: masters
 * with equal slot ranges and their replicas, changed as operators do (add a master, fail over,
 * kill a master; slots move through {@link #slots()}). Nodes are numbered
 * in start order: masters, then the replicas of master 0, 1, ...; later nodes follow. Every step
 * waits, polling with a deadline ({@link #SETTLE}), until all nodes agree. Blocking: never call from
 * an event loop.
 */
public final class LocalRedisCluster implements AutoCloseable {

  public static final int SLOTS = 16_384;
  /** How long a change may take to reach every node. */
  public static final Duration SETTLE = Duration.ofSeconds(30);
  private static final String HOST = LocalProcesses.HOST;

  private final Path root;
  private final RedisBinary binary;
  private final RedisConfig config;
  private final Duration nodeTimeout;
  private final List<SupervisedRedis> nodes = new CopyOnWriteArrayList<>();
  private final List<String> ids = new CopyOnWriteArrayList<>();
  private final List<String> seeds;
  private final SlotMoves slotMoves = new SlotMoves(this);
  /** The nodes that have been introduced to the cluster (node 0 founds it). */
  private final Set<Integer> joined = new ConcurrentSkipListSet<>(List.of(0));
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalRedisCluster(Path root, RedisBinary binary, RedisConfig config, Duration nodeTimeout, int masters)
      throws IOException {
    this.root = root;
    this.binary = binary;
    this.config = config;
    this.nodeTimeout = nodeTimeout;
    List<String> first = new ArrayList<>();
    try {
      for (int m = 0; m < masters; m++) {
        first.add(endpoint(startNode()));
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
    this.seeds = List.copyOf(first);
  }

  /**
   * Starts a cluster of {@code masters} masters with {@code replicasPerMaster} replicas each under
   * {@code dataDir}; a master is failed (and its replica promoted) once it has not answered for
   * {@code nodeTimeout} (redis' {@code cluster-node-timeout}; small in tests).
   */
  public static LocalRedisCluster start(Path dataDir, int masters, int replicasPerMaster, Duration nodeTimeout)
      throws IOException {
    if (masters < 1 || replicasPerMaster < 0) {
      throw new IllegalArgumentException("need at least one master and no negative replica count");
    }
    Path root = dataDir.toAbsolutePath();
    Files.createDirectories(root);
    LocalRedisCluster cluster = new LocalRedisCluster(root, RedisBinary.locate(root, null), RedisConfig.writeCluster(root),
        nodeTimeout, masters);
    try {
      for (int m = 0; m < masters; m++) {
        List<String> slots = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
        for (int s = m * SLOTS / masters; s < (m + 1) * SLOTS / masters; s++) {
          slots.add(Integer.toString(s));
        }
        cluster.call(m, slots);
      }
      for (int m = 1; m < masters; m++) {
        cluster.meet(m);
      }
      for (int m = 0; m < masters; m++) {
        for (int r = 0; r < replicasPerMaster; r++) {
          cluster.addReplica(m);
        }
      }
      cluster.awaitStable();
      return cluster;
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** The endpoints of the masters the cluster started with, as seed nodes for clients. Hold the password. */
  public List<String> seeds() {
    return seeds;
  }

  /** {@code redis://:<password>@127.0.0.1:<port>} of node {@code node}. Holds the password: never log it. */
  public String endpoint(int node) {
    return nodes.get(node).endpoint();
  }

  public int port(int node) {
    return nodes.get(node).port();
  }

  /** The password every node asks for. Never log it. */
  String password() {
    return config.password();
  }

  /** The redis-server the nodes run. */
  public RedisBinary server() {
    return binary;
  }

  /** The node's cluster ID. */
  public String nodeId(int node) {
    return ids.get(node);
  }

  /** How many nodes were started, killed ones included. */
  public int size() {
    return nodes.size();
  }

  /** One command on node {@code node}; its reply ({@link String}, {@link Long}, {@link List} or {@code null}). */
  public Object call(int node, String... args) throws IOException {
    return call(node, List.of(args));
  }

  Object call(int node, List<String> args) throws IOException {
    try (RespClient client = new RespClient(HOST, port(node), config.password())) {
      return client.call(args);
    }
  }

  /** How often the live nodes have run {@code command} (lower case, e.g. {@code wait}), from {@code INFO commandstats}. */
  public long commandCalls(String command) throws IOException {
    Pattern calls = Pattern.compile("cmdstat_" + Pattern.quote(command) + ":calls=(\\d+)");
    long sum = 0;
    for (int n = 0; n < nodes.size(); n++) {
      if (alive(n)) {
        Matcher m = calls.matcher(call(n, "INFO", "commandstats").toString());
        sum += m.find() ? Long.parseLong(m.group(1)) : 0;
      }
    }
    return sum;
  }

  /** The slot of a key, by the cluster's own hash ({@code CLUSTER KEYSLOT}). */
  public int slotOf(String key) throws IOException {
    return ((Long) call(anyLive(), "CLUSTER", "KEYSLOT", key)).intValue();
  }

  /** The node serving {@code slot} as master, as a live node sees it. */
  public int masterOf(int slot) throws IOException {
    int master = masterSeenBy(anyLive(), slot);
    if (master < 0) {
      throw new IOException("no node serves slot " + slot);
    }
    return master;
  }

  /** Whether node {@code node} runs as a master now ({@code ROLE}). */
  public boolean isMaster(int node) throws IOException {
    return "master".equals(((List<?>) call(node, "ROLE")).get(0));
  }

  /** Starts a node and joins it to the cluster as a master without slots; its index. */
  public int addMaster() throws IOException {
    int node = startNode();
    meet(node);
    awaitStable();
    return node;
  }

  /** Starts a node and joins it to the cluster as a replica of {@code master}; its index. */
  public int addReplica(int master) throws IOException {
    int node = startNode();
    meet(node);
    call(node, "CLUSTER", "REPLICATE", nodeId(master));
    String masterId = nodeId(master);
    await("node " + node + " replicates node " + master, () -> everyLiveNode(n -> nodesLine(n, node).contains(" " + masterId + " ")));
    awaitStable();
    return node;
  }

  /** Slot moves on this cluster, step by step. */
  public SlotMoves slots() {
    return slotMoves;
  }

  /** The keys of {@code slot} its master still holds, up to {@code max} ({@code CLUSTER GETKEYSINSLOT}). */
  public List<String> keysInSlot(int node, int slot, int max) throws IOException {
    return ((List<?>) call(node, "CLUSTER", "GETKEYSINSLOT", Integer.toString(slot), Integer.toString(max)))
        .stream().map(Object::toString).toList();
  }

  /**
   * A manual failover ({@code CLUSTER FAILOVER} on {@code replica}): the replica catches up with its
   * master, which stops taking writes meanwhile, so no acknowledged write is lost. Returns once the
   * replica is master and every node agrees.
   */
  public void failover(int replica) throws IOException {
    call(replica, "CLUSTER", "FAILOVER");
    await("node " + replica + " is master", () -> quietly(this::isMaster, replica));
    awaitStable();
  }

  /**
   * Kills master {@code master} with SIGKILL (it stays down until {@link #restart}) and returns once
   * one of its replicas serves its slots and the cluster is ok again; that replica's index.
   */
  public int killMaster(int master) throws IOException {
    List<Integer> replicas = replicasOf(master);
    if (replicas.isEmpty()) {
      throw new IllegalArgumentException("node " + master + " has no replica to take over");
    }
    kill(master);
    await("a replica of node " + master + " is master", () -> replicas.stream().anyMatch(r -> quietly(this::isMaster, r)));
    awaitStable();
    return replicas.stream().filter(r -> quietly(this::isMaster, r)).findFirst().orElseThrow();
  }

  /** The live replicas of {@code master}, as {@code master} itself lists them ({@code CLUSTER REPLICAS}). */
  public List<Integer> replicasOf(int master) throws IOException {
    List<Integer> out = new ArrayList<>();
    for (Object line : (List<?>) call(master, "CLUSTER", "REPLICAS", nodeId(master))) {
      String[] fields = line.toString().split(" ");
      int node = ids.indexOf(fields[0]);
      if (node >= 0 && !fields[2].contains("fail")) {
        out.add(node);
      }
    }
    return out;
  }

  /** Kills node {@code node} with SIGKILL, as a crash would; it stays down until {@link #restart}. */
  public void kill(int node) throws IOException {
    nodes.get(node).supervisor().killAndHold();
  }

  /**
   * Stops node {@code node} with SIGSTOP: it keeps its connections open and reads nothing (a replica
   * so stopped falls behind its master) until {@link #thaw(int)}.
   */
  public void freeze(int node) throws IOException {
    nodes.get(node).supervisor().signal("STOP");
  }

  /** Resumes node {@code node} after {@link #freeze(int)} (SIGCONT). */
  public void thaw(int node) throws IOException {
    nodes.get(node).supervisor().signal("CONT");
  }

  /** Starts a killed node again (same port, same data and nodes.conf) and waits until the cluster is stable. */
  public void restart(int node) throws IOException {
    nodes.get(node).supervisor().revive();
    awaitStable();
  }

  /**
   * Waits until every live node reports {@code cluster_state:ok} and the same slot map (masters and
   * their live replicas per range), and every live replica is connected to its master and listed in
   * that map (Redis 7 leaves a replica out of {@code CLUSTER SLOTS} until it has a replication offset).
   */
  public void awaitStable() {
    await("the cluster is ok and every node agrees on the slot map", () -> {
      String seen = null;
      for (int n : joined) {
        if (!alive(n)) {
          continue;
        }
        try {
          if (!call(n, "CLUSTER", "INFO").toString().contains("cluster_state:ok")) {
            return false;
          }
          String map = slotMap(n);
          if (seen != null && !seen.equals(map)) {
            return false;
          }
          seen = map;
        } catch (IOException e) {
          return false;
        }
      }
      String agreed = seen;
      return agreed == null || everyLiveNode(n -> replicaReady(n, agreed));
    });
  }

  /**
   * Whether {@code node} is a master, or a replica connected to its master and, when that master
   * serves slots, listed in {@code slotMap} ({@link #slotMap}'s form: {@code from-to:master[replicas]}).
   */
  private boolean replicaReady(int node, String slotMap) throws IOException {
    List<?> role = (List<?>) call(node, "ROLE");
    if (!"slave".equals(role.get(0))) {
      return true;
    }
    boolean servesSlots = slotMap.contains(":" + role.get(2) + "[");
    return "connected".equals(role.get(3).toString())
        && (!servesSlots || Pattern.compile("[\\[ ]" + port(node) + "[\\],]").matcher(slotMap).find());
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      nodes.forEach(SupervisedRedis::close);
    }
  }

  private int startNode() throws IOException {
    int node = nodes.size();
    Path dir = root.resolve("node-" + node);
    List<String> cluster = List.of(
        "--cluster-enabled", "yes",
        "--cluster-config-file", dir.resolve("nodes.conf").toString(),
        "--cluster-node-timeout", Long.toString(nodeTimeout.toMillis()),
        // a replica takes over however long it was cut off, and never moves to another master
        "--cluster-replica-validity-factor", "0",
        "--cluster-migration-barrier", "999",
        // replicas get an offset (and Redis 7 lists them in CLUSTER SLOTS) within a second, not ten
        "--repl-ping-replica-period", "1");
    SupervisedRedis started = SupervisedRedis.start(binary, config, dir, "redis-cluster-" + node, RestartListener.NONE,
        cluster);
    nodes.add(started);
    try {
      ids.add(call(node, "CLUSTER", "MYID").toString());
    } catch (IOException e) {
      ids.add("");
      throw e;
    }
    return node;
  }

  /** Introduces {@code node} to a node of the cluster and waits until every live member knows it. */
  private void meet(int node) throws IOException {
    int known = anyLiveExcept(node);
    call(known, "CLUSTER", "MEET", HOST, Integer.toString(port(node)));
    joined.add(node);
    await("every node knows node " + node, () -> everyLiveNode(n -> {
      String line = nodesLine(n, node);
      return !line.isEmpty() && !line.contains("handshake");
    }) && quietly(this::knowsEveryLiveNode, node));
  }

  private boolean knowsEveryLiveNode(int node) throws IOException {
    for (int n : joined) {
      if (alive(n) && nodesLine(node, n).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** The line of {@code about} in {@code node}'s {@code CLUSTER NODES}, or empty. */
  private String nodesLine(int node, int about) throws IOException {
    String id = nodeId(about);
    return call(node, "CLUSTER", "NODES").toString().lines().filter(l -> l.startsWith(id + " ")).findFirst().orElse("");
  }

  /** {@code node}'s view of the slot map: per range, the master's port and its replicas' ports. */
  private String slotMap(int node) throws IOException {
    List<String> ranges = new ArrayList<>();
    for (Object range : (List<?>) call(node, "CLUSTER", "SLOTS")) {
      List<?> r = (List<?>) range;
      StringBuilder s = new StringBuilder(r.get(0) + "-" + r.get(1) + ":");
      List<String> ports = new ArrayList<>();
      for (int i = 2; i < r.size(); i++) {
        ports.add(((List<?>) r.get(i)).get(1).toString());
      }
      s.append(ports.get(0)).append(ports.subList(1, ports.size()).stream().sorted().toList());
      ranges.add(s.toString());
    }
    ranges.sort(null);
    return String.join(",", ranges);
  }

  int masterSeenBy(int node, int slot) throws IOException {
    for (Object range : (List<?>) call(node, "CLUSTER", "SLOTS")) {
      List<?> r = (List<?>) range;
      if ((Long) r.get(0) <= slot && slot <= (Long) r.get(1)) {
        return nodeOfPort(((Long) ((List<?>) r.get(2)).get(1)).intValue());
      }
    }
    return -1;
  }

  private int nodeOfPort(int port) {
    for (int n = 0; n < size(); n++) {
      if (port(n) == port) {
        return n;
      }
    }
    throw new IllegalStateException("no node listens on port " + port);
  }

  boolean alive(int node) {
    return nodes.get(node).supervisor().process().isAlive();
  }

  private int anyLive() {
    return anyLiveExcept(-1);
  }

  private int anyLiveExcept(int except) {
    for (int n = 0; n < size(); n++) {
      if (n != except && alive(n)) {
        return n;
      }
    }
    throw new IllegalStateException("no live node");
  }

  /** A check on one node that may fail. */
  @FunctionalInterface
  interface NodeCheck {
    boolean holds(int node) throws IOException;
  }

  /** Whether {@code check} holds on every live node that has joined the cluster. */
  boolean everyLiveNode(NodeCheck check) {
    for (int node : joined) {
      if (alive(node) && !quietly(check, node)) {
        return false;
      }
    }
    return true;
  }

  /** The check's answer; {@code false} when a node did not answer (it may be restarting or failing over). */
  private static boolean quietly(NodeCheck check, int node) {
    try {
      return check.holds(node);
    } catch (IOException e) {
      return false;
    }
  }

  static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + SETTLE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new UncheckedIOException(new IOException("not within " + SETTLE.toSeconds() + " s: " + what));
      }
      try {
        LocalProcesses.pause(20, what);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public String toString() {
    return "LocalRedisCluster" + Objects.toString(nodes.stream().map(SupervisedRedis::port).toList());
  }
}
