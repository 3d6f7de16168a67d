package dev.leaderboard.app;

import static io.vertx.redis.client.Request.cmd;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies every {@code lb:*} key of standalone endpoints into a Redis Cluster and verifies it: per
 * page of a SCAN, one pipeline of each key's {@link KeyState} and {@code DUMP}, then
 * {@code RESTORE ... REPLACE} (TTL kept) and a read-back compared. The keys of key sets holding
 * several partitions (the standalone layout) are split into their partitions' keys instead
 * ({@link PartitionSplit}) and compared with the partitions' keys summed. Running it again changes
 * nothing. Refuses, writing nothing, unless every seed reports {@code cluster_state:ok} and the
 * source is laid out for as many endpoints as {@code --from} lists. Blocking.
 */
record KeyMigration(Vertx vertx, MigrateOptions options, PrintStream out) {
  static final String PATTERN = "lb:*";
  static final int PAGE = 500;

  /** The target is not a cluster in {@code cluster_state:ok}; nothing was written. */
  static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }

  MigrationTally run() {
    String size = checkCluster();
    out.println("migrate: " + options.from().size() + " standalone endpoint(s) -> cluster (" + size + ", cluster_state:ok)"
        + (options.dryRun() ? ", dry run" : ""));
    Redis target = Redis.createClient(vertx, client(options.to(), options.toPassword()).setType(RedisClientType.CLUSTER));
    try {
      RedisConnection cluster = target.connect().await();
      MigrationTally tally = new MigrationTally();
      PartitionSplit split = layout(options.from().get(0));
      for (String endpoint : options.from()) {
        copyEndpoint(endpoint, cluster, split, tally);
      }
      if (!options.dryRun()) {
        // the cluster's copy keeps every partition in its own key set
        cluster.send(cmd(Command.SET).arg(PartitionSplit.LAYOUT).arg("partitions")).await();
      }
      cluster.close();
      return tally;
    } finally {
      target.close();
    }
  }

  /** The cluster's size as {@code CLUSTER INFO} tells it; refuses unless every seed is in {@code cluster_state:ok}. */
  private String checkCluster() {
    String size = null;
    for (String seed : options.to()) {
      Redis node = Redis.createClient(vertx, client(List.of(seed), options.toPassword()));
      String info;
      try {
        info = node.send(cmd(Command.CLUSTER).arg("INFO")).await().toString();
      } catch (Error e) {
        throw e;
      } catch (Throwable e) {   // an error reply (a Throwable of its own), or a connection failure
        throw new Refused(SecretUris.redact(seed) + " is not a Redis Cluster node in service (" + e.getMessage() + ")");
      } finally {
        node.close();
      }
      if (!info.contains("cluster_state:ok")) {
        throw new Refused(SecretUris.redact(seed) + " is a cluster node, but the cluster is not in cluster_state:ok");
      }
      size = size != null ? size : field(info, "cluster_size") + " masters serving slots";
    }
    return size;
  }

  private static String field(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return line.substring(name.length() + 1).strip();
      }
    }
    return "?";
  }

  /** How the source lays out its key sets, from its first endpoint; refuses a layout for other endpoints than {@code --from}'s. */
  private PartitionSplit layout(String first) {
    Redis source = Redis.createClient(vertx, client(List.of(first), options.fromPassword()));
    try {
      PartitionSplit split = PartitionSplit.of(source.connect().await());
      if (split.splits() && split.endpoints() != options.from().size()) {
        throw new Refused("the data records " + PartitionSplit.LAYOUT + " = endpoints:" + split.endpoints() + ", but --from"
            + " lists " + options.from().size() + " endpoint(s): list those the data was written with, in their order");
      }
      if (split.splits()) {
        out.println("migrate: the source keeps one key set per endpoint and board period: each is split into "
            + "its partitions' keys, one hash slot each");
      }
      return split;
    } finally {
      source.close();
    }
  }

  private void copyEndpoint(String endpoint, RedisConnection cluster, PartitionSplit split, MigrationTally tally) {
    Redis source = Redis.createClient(vertx, client(List.of(endpoint), options.fromPassword()));
    try {
      RedisConnection from = source.connect().await();
      long keys = 0;
      String cursor = "0";
      do {
        Response page = from.send(cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(PATTERN).arg("COUNT").arg(PAGE)).await();
        cursor = page.get(0).toString();
        List<String> names = new ArrayList<>();
        page.get(1).forEach(k -> names.add(k.toString()));
        copyPage(from, cluster, split, names, tally);
        keys += names.size();
      } while (!cursor.equals("0"));
      tally.endpoint(SecretUris.redact(endpoint), keys);
    } finally {
      source.close();
    }
  }

  private void copyPage(RedisConnection from, RedisConnection cluster, PartitionSplit split, List<String> names,
      MigrationTally tally) {
    List<String> keys = new ArrayList<>();
    for (String key : names) {
      PartitionSplit.Part part = split.part(key);
      if (key.equals(PartitionSplit.LAYOUT) || PartitionSplit.staging(key)) {
        continue;   // the cluster's layout is written at the end; a staged key is a reshard's cut short
      } else if (part == null) {
        keys.add(key);
      } else if (!part.derived()) {   // a dense index is rebuilt, and checked, with its key set's scores
        PartitionSplit.Outcome outcome = split.copy(from, cluster, key, part, options.dryRun());
        if (!outcome.source().exists()) {
          tally.vanished();
          continue;
        }
        tally.split(key, outcome.source(), outcome.partitions());
        outcome.index().forEach(check -> tally.rebuilt(check.key(), check.problem()));
      }
    }
    if (keys.isEmpty()) {
      return;
    }
    List<Request> reads = new ArrayList<>();
    for (String key : keys) {
      reads.add(KeyState.read(key));
      reads.add(cmd(Command.DUMP).arg(key));
    }
    List<Response> answers = from.batch(reads).await();
    List<String> present = new ArrayList<>();
    List<KeyState> states = new ArrayList<>();
    List<Future<Response>> writes = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      KeyState state = KeyState.of(answers.get(2 * i));
      Response dump = answers.get(2 * i + 1);
      if (!state.exists() || dump == null) {
        tally.vanished();
        continue;
      }
      present.add(keys.get(i));
      states.add(state);
      if (!options.dryRun()) {
        // RESTORE takes 0 as "no expiry": a key about to expire keeps its last millisecond
        long ttl = state.expires() ? Math.max(1, state.pttl()) : 0;
        writes.add(cluster.send(cmd(Command.RESTORE).arg(keys.get(i)).arg(ttl).arg(dump.toBuffer()).arg("REPLACE")));
      }
    }
    Future.all(writes).await();
    tally.copied(writes.size());
    List<Future<Response>> checks = new ArrayList<>();
    present.forEach(key -> checks.add(cluster.send(KeyState.read(key))));
    Future.all(checks).await();
    for (int i = 0; i < present.size(); i++) {
      tally.key(present.get(i), states.get(i), KeyState.of(checks.get(i).result()));
    }
  }

  private static RedisOptions client(List<String> endpoints, String password) {
    RedisOptions options = new RedisOptions().setEndpoints(endpoints)
        .setPreferredProtocolVersion(ProtocolVersion.RESP2)
        // a page is one pipelined batch; its writes wait on the cluster's connections
        .setMaxWaitingHandlers(4 * PAGE + 16);
    return password == null ? options : options.setPassword(password);
  }
}
