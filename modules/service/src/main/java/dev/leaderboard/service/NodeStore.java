package dev.leaderboard.service;

import dev.leaderboard.store.scripts.StoreScripts;
import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.AuditStore;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.Health.ArchiveCheck;
import dev.leaderboard.service.result.Health.ShardCheck;
import dev.leaderboard.store.dispatch.EndpointHealth;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.access.ApiKeyStore;
import dev.leaderboard.store.access.StreamTickets;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.profiles.ProfileStore;
import dev.leaderboard.service.profiles.ProfileCache;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.scores.MetaStore;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.boards.KeySetUpgrade;
import dev.leaderboard.store.dispatch.HeldShards;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.CloseFuture;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.shareddata.Shareable;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The stores of one node, shared by every verticle on it: one set of Redis clients and each store
 * over them (stream tickets too), built once here and handed out (no other code makes a store of
 * the node), the archive and audit stores on PostgreSQL, one board registry and one ban registry.
 * The first verticle that {@linkplain #acquire acquires} it connects them; the last to
 * {@linkplain #release release} it closes them. They live on a context of their own, so neither
 * undeploying the verticle that happened to start them nor closing Vert.x closes what a stopping
 * verticle still uses.
 *
 * @param shards the Redis endpoints themselves, for what is not a store: their health, and tools that inspect keys
 * @param healthRound the health round under way, which callers that ask meanwhile share
 */
public record NodeStore(HeldShards shards, BoardStore boardStore, ScoreStore scores, BoardRegistry boards,
    BanRegistry bans, PeriodStore periods, ModerationStore moderation, ParticipationStore participation,
    FriendStore friends, LeagueStore leagues, HeldScoreStore heldScores, MetaStore metas, DeliveryStore deliveries,
    ApiKeyStore apiKeys,
    StreamTickets tickets, ArchiveStore archive, AuditStore audit, ProfileStore profiles, ProfileCache profileCache,
    Round<Health> healthRound) {
  /** Connections to each Redis endpoint, shared by every verticle of the node, unless it says otherwise. */
  public static final int POOL_SIZE = 64;
  private static final String MAP = "leaderboard.node";
  /** How long a health round waits for a PING or PostgreSQL's answer. */
  private static final long PING_MILLIS = 1000;

  /**
   * Where a node's stores are: Redis (standalone endpoints or a Cluster's seeds), PostgreSQL, the Redis pool.
   *
   * @param redisServer the redis-server the node started its local shards with (shown by readiness);
   *     {@code null} when its Redis is external
   */
  public record Options(RedisTopology redis, String pgUri, RedisPool pool, String redisServer) {
    public Options(RedisTopology redis, String pgUri, RedisPool pool) {
      this(redis, pgUri, pool, null);
    }

    /** Standalone endpoints with the default pool. */
    public static Options of(List<String> endpoints, String pgUri) {
      return new Options(RedisTopology.standalone(endpoints), pgUri, RedisPool.of(POOL_SIZE));
    }

    public Options withPool(RedisPool p) {
      return new Options(redis, pgUri, p, redisServer);
    }
  }

  private static NodeStore open(Vertx vertx, Options options) {
    HeldShards shards = new HeldShards(Shards.connect(vertx, options.redis(), options.pool()));
    BoardStore boardStore = new BoardStore(shards);
    ModerationStore moderation = new ModerationStore(shards);
    PeriodStore periods = new PeriodStore(shards, moderation);
    ProfileStore profiles = new ProfileStore(shards);
    return new NodeStore(shards, boardStore, new ScoreStore(shards), new BoardRegistry(vertx, boardStore, periods),
        new BanRegistry(vertx, moderation), periods, moderation, new ParticipationStore(shards), new FriendStore(shards),
        new LeagueStore(shards), new HeldScoreStore(shards), new MetaStore(shards), new DeliveryStore(shards), new ApiKeyStore(shards),
        new StreamTickets(shards), ArchiveStore.connect(vertx, options.pgUri()), AuditStore.connect(vertx, options.pgUri()),
        profiles, new ProfileCache(vertx, profiles), new Round<>());
  }

  /** This node's stores, connected on first use with {@code options}; every acquire is paired with a {@link #release}. */
  public static Future<NodeStore> acquire(Vertx vertx, Options options) {
    return vertx.sharedData().<String, Holder>getLocalMap(MAP).computeIfAbsent("store", k -> new Holder())
        .acquire((VertxInternal) vertx, options);
  }

  /** Gives back what {@link #acquire} handed out; the last release closes the stores. */
  public Future<Void> release(Vertx vertx) {
    return vertx.sharedData().<String, Holder>getLocalMap(MAP).get("store").release(vertx, this);
  }

  /** A started store apart from the node's shared one (tests that stand for several nodes); its owner closes it. */
  public static Future<NodeStore> connect(Vertx vertx, Options options) {
    NodeStore store = open(vertx, options);
    return store.start().onFailure(t -> store.close());
  }

  private Future<NodeStore> start() {
    return shards.loadScripts(StoreScripts.ALL)
        .compose(ok -> new KeySetUpgrade(shards).start())
        .compose(ok -> archive.migrate())
        .compose(ok -> boards.start())
        .compose(ok -> bans.start())
        .compose(ok -> profileCache.start())
        .map(this);
  }

  /**
   * Every shard PINGed at once, PostgreSQL queried, the cached board definitions counted; callers
   * that ask while a round is out share it. Never fails.
   */
  public Future<Health> health() {
    return healthRound.next(() -> {
      long start = System.nanoTime();
      Future<ArchiveCheck> pg = archive.ping().timeout(PING_MILLIS, TimeUnit.MILLISECONDS).transform(ar ->
          Future.succeededFuture(new ArchiveCheck(ar.succeeded(), Math.round((System.nanoTime() - start) / 10_000.0)
              / 100.0, ar.succeeded() ? null : ar.cause() instanceof TimeoutException ? "timeout"
              : ar.cause() instanceof StoreUnavailableException ? "unreachable" : "error")));
      return shards.health(PING_MILLIS).compose(endpoints -> pg.map(archived -> {
        List<ShardCheck> checks = IntStream.range(0, endpoints.size()).mapToObj(s -> {
          EndpointHealth h = endpoints.get(s);
          return new ShardCheck(s, h.up(), h.ms(), h.up() ? null : h.error());
        }).toList();
        return new Health(checks, boards.cached().size(), archived);
      }));
    });
  }

  public Future<Void> close() {
    return Future.all(boards.stop(), bans.stop(), profileCache.stop()).<Void>mapEmpty().onComplete(done -> {
      shards.close();
      archive.close();
      audit.close();
    });
  }

  /** One round of a check at a time: callers that ask while a round is out share it. */
  public static final class Round<T> {
    private Future<T> current;

    synchronized Future<T> next(Supplier<Future<T>> round) {
      if (current == null || current.isComplete()) {
        current = round.get();
      }
      return current;
    }
  }

  /** Counts a node's users of its stores; starts them on a context of their own. */
  private static final class Holder implements Shareable {
    private Future<NodeStore> started;
    private Options options;
    private int users;

    synchronized Future<NodeStore> acquire(VertxInternal vertx, Options wanted) {
      if (started == null) {
        options = wanted;
        // a close future of its own: closing Vert.x stops the verticles, and the last of them closes the stores
        ContextInternal own = vertx.contextBuilder().withCloseFuture(new CloseFuture()).build();
        Future<NodeStore> starting = own.succeededFuture().compose(v -> {
          NodeStore store = open(vertx, options);
          return store.start().onFailure(t -> store.close())
              .onSuccess(ok -> ServiceReadiness.registerStores(NodeServices.of(vertx).readiness(), ok::health,
                  options.redisServer()));
        });
        started = starting;
        starting.onFailure(t -> forget(starting));
      } else if (!options.equals(wanted)) {
        return Future.failedFuture(new IllegalStateException("this node's stores are connected with other options ("
            + options.redis().endpoints().size() + " endpoints); one node has one set of stores"));
      }
      users++;
      return started;
    }

    private synchronized void forget(Future<NodeStore> failed) {
      if (started == failed) {
        started = null;
        users = 0;
      }
    }

    synchronized Future<Void> release(Vertx vertx, NodeStore store) {
      if (started == null || !started.succeeded() || started.result() != store || --users > 0) {
        return Future.succeededFuture();
      }
      started = null;
      NodeServices.of(vertx).readiness().unregister(ServiceReadiness.REDIS);
      NodeServices.of(vertx).readiness().unregister(ServiceReadiness.ARCHIVE);
      return store.close();
    }
  }
}
