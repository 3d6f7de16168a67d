package dev.leaderboard.app;

import static io.vertx.redis.client.Request.cmd;

import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Response;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar leaderboard.jar reshard --from <endpoints> --to <endpoints>}: adds standalone
 * shards to a stopped deployment. {@code --to} is {@code --from} with new endpoints after it (the
 * same servers keep their places; endpoint 0 keeps the shared keys). In three steps, each safe to run
 * again: every key set holding several partitions is split on its own endpoint into its partitions'
 * keys ({@link PartitionSplit}, as {@code migrate} splits for a Redis Cluster: built under staging names
 * and renamed over, so a run cut short leaves no key half-written and the next run removes what it
 * staged); every partition's keys
 * and every friend set whose endpoint changes ({@code p mod n} to {@code p mod m}) move there
 * ({@code DUMP}, {@code RESTORE REPLACE}, then {@code DEL}); and the layout record is removed, so the
 * data is laid out per partition, as releases before key sets wrote it. The first node started on
 * the new endpoints merges it into one key set per endpoint while it serves ({@code KeySetUpgrade}).
 * Options and passwords as for {@code migrate} ({@code MIGRATE_FROM}, {@code MIGRATE_TO} and their
 * passwords). Exit status: 0 done, 2 bad arguments, 3 refused (nothing changed), 4 failed on the
 * way (run it again). Blocking, on the command's main thread.
 */
final class ReshardCommand {
  static final int OK = 0;
  static final int USAGE = 2;
  static final int REFUSED = 3;
  static final int FAILED = 4;
  /** {@code lb:{name:uid:period:p}:...}, {@code lb:{fr:slot}:...}: the keys routed by a number. */
  private static final Pattern NUMBERED = Pattern.compile("^lb:\\{(?:[^}]*:)?(\\d+)}:.*");

  private ReshardCommand() {
  }

  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
    MigrateOptions options;
    try {
      options = MigrateOptions.parse(args, env);
      if (options.dryRun()) {
        throw new IllegalArgumentException("reshard has no dry run");
      }
    } catch (IllegalArgumentException e) {
      err.println("reshard: " + e.getMessage());
      err.println("usage: reshard --from redis://host:port[,...] --to redis://host:port[,...] (the --from "
          + "endpoints in order, then the new ones; or MIGRATE_FROM, MIGRATE_TO and their passwords)");
      return USAGE;
    }
    Vertx vertx = Vertx.vertx();
    List<Redis> clients = new ArrayList<>();
    try {
      List<RedisConnection> to = new ArrayList<>();
      for (int i = 0; i < options.to().size(); i++) {
        String password = i < options.from().size() ? options.fromPassword() : options.toPassword();
        Redis client = Redis.createClient(vertx, client(options.to().get(i), password));
        clients.add(client);
        to.add(client.connect().await());
      }
      String refusal = refusal(options, to.get(0));
      if (refusal != null) {
        err.println("reshard: refused, nothing changed: " + refusal);
        return REFUSED;
      }
      int n = options.from().size();
      int m = options.to().size();
      PartitionSplit split = PartitionSplit.of(to.get(0));
      long splitKeys = 0;
      for (int e = 0; e < n; e++) {
        for (String key : keys(to.get(e))) {
          PartitionSplit.Part part = split.part(key);
          if (PartitionSplit.staging(key)) {
            to.get(e).send(cmd(Command.DEL).arg(key)).await();   // left by a run cut short
          } else if (part != null && !part.derived()) {
            split.copy(to.get(e), to.get(e), key, part, false);
            splitKeys++;
          }
        }
      }
      out.println("reshard: split " + splitKeys + " keys of key sets into their partitions' keys");
      long moved = 0;
      for (int e = 0; e < n; e++) {
        for (String key : keys(to.get(e))) {
          Matcher numbered = NUMBERED.matcher(key);
          if (!numbered.matches() || key.startsWith("lb:{meta}")) {
            continue;
          }
          int target = Integer.parseInt(numbered.group(1)) % m;
          if (target != e) {
            move(to.get(e), to.get(target), key);
            moved++;
          }
        }
      }
      to.get(0).send(cmd(Command.DEL).arg(PartitionSplit.LAYOUT)).await();
      out.println("reshard: moved " + moved + " keys to the endpoints that now hold them; the data is laid out "
          + "per partition until a node started with the " + m + " endpoints merges it (one key set per endpoint)");
      return OK;
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {   // Future.await rethrows what failed as it is: connection failures, error replies
      err.println("reshard: failed (safe to run again): " + e.getMessage());
      return FAILED;
    } finally {
      clients.forEach(Redis::close);
      vertx.close().await();
    }
  }

  /** Why not, or {@code null}: the new list must extend the old, and the data be laid out for the old. */
  private static String refusal(MigrateOptions options, RedisConnection first) {
    List<String> from = options.from();
    List<String> to = options.to();
    if (to.size() <= from.size() || !to.subList(0, from.size()).equals(from)) {
      return "--to must be the --from endpoints in the same order with the new ones after them";
    }
    Response layout = first.send(cmd(Command.GET).arg(PartitionSplit.LAYOUT)).await();
    String recorded = layout == null ? null : layout.toString();
    if (recorded != null && !recorded.equals("endpoints:" + from.size())) {
      return "the data records " + PartitionSplit.LAYOUT + " = " + recorded + ", not endpoints:" + from.size();
    }
    return null;
  }

  /** Every lb:* key of one endpoint, read whole before anything on it changes. */
  private static List<String> keys(RedisConnection endpoint) {
    List<String> out = new ArrayList<>();
    String cursor = "0";
    do {
      Response page = endpoint.send(cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:*").arg("COUNT").arg(1000))
          .await();
      cursor = page.get(0).toString();
      page.get(1).forEach(k -> out.add(k.toString()));
    } while (!cursor.equals("0"));
    return out;
  }

  /** One key to another endpoint with its expiry: written there, then deleted here. */
  private static void move(RedisConnection from, RedisConnection to, String key) {
    Response dump = from.send(cmd(Command.DUMP).arg(key)).await();
    if (dump == null) {
      return;
    }
    long pttl = from.send(cmd(Command.PTTL).arg(key)).await().toLong();
    to.send(cmd(Command.RESTORE).arg(key).arg(Math.max(0, pttl)).arg(dump.toBuffer()).arg("REPLACE")).await();
    from.send(cmd(Command.DEL).arg(key)).await();
  }

  private static RedisOptions client(String endpoint, String password) {
    RedisOptions options = new RedisOptions().setConnectionString(endpoint)
        .setPreferredProtocolVersion(ProtocolVersion.RESP2).setMaxWaitingHandlers(16_384);
    return password == null ? options : options.setPassword(password);
  }
}
