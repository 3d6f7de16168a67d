package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.service.impl.BanRegistry;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.service.impl.ServiceBindings;
import dev.leaderboard.service.impl.PeriodCloser;
import dev.leaderboard.service.impl.ScoreNotices;
import dev.leaderboard.store.PeriodStore;
import dev.leaderboard.service.impl.LeaderboardServiceImpl;
import dev.leaderboard.service.impl.LocalLeaderboards;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.ModerationStore;
import dev.leaderboard.store.RedisPool;
import dev.leaderboard.store.RedisTopology;
import dev.leaderboard.store.ScoreStore;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.util.List;

/**
 * Hosts the leaderboard service on this node: connects to the shards, loads the board cache,
 * serves the service on the clustered address, and offers it in process
 * to the node's HTTP API ({@link NodeServices}). Publishes what its submits change ({@link ScoreNotice}).
 */
public class LeaderboardVerticle extends VerticleBase {
  /** Connections to each shard, unless the node says otherwise. */
  public static final int POOL_SIZE = 16;
  /**
   * The deployment setting (milliseconds) of how long score changes are gathered before one
   * {@link ScoreNotice} per board and period is published; {@link ScoreNotices#DEFAULT_INTERVAL_MS} if unset.
   */
  public static final String NOTICE_INTERVAL_MS = "noticeIntervalMs";
  private static final ServiceReadiness READINESS = new ServiceReadiness();
  private final RedisTopology redis;
  private final String pgUri;
  private final int defaultPartitions;
  private final Clock clock;
  private final long closeLeaseMillis;
  private final RedisPool pool;
  private Shards shards;
  private ArchiveStore archive;
  private BoardRegistry registry;
  private BanRegistry bans;
  private ServiceBindings bindings;
  private Leaderboards leaderboards;

  public LeaderboardVerticle(List<String> endpoints, String pgUri, int defaultPartitions, Clock clock) {
    this(endpoints, pgUri, defaultPartitions, clock, PeriodCloser.DEFAULT_LEASE_MILLIS);
  }

  /** @param closeLeaseMillis how long the close lease of a period closed on request outlives a dead node */
  public LeaderboardVerticle(List<String> endpoints, String pgUri, int defaultPartitions, Clock clock,
      long closeLeaseMillis) {
    this(endpoints, pgUri, defaultPartitions, clock, closeLeaseMillis, RedisPool.of(POOL_SIZE));
  }

  /** @param pool the connections to each shard and how many commands may wait for one */
  public LeaderboardVerticle(List<String> endpoints, String pgUri, int defaultPartitions, Clock clock,
      long closeLeaseMillis, RedisPool pool) {
    this(RedisTopology.standalone(endpoints), pgUri, defaultPartitions, clock, closeLeaseMillis, pool);
  }

  /** @param redis standalone endpoints or a Redis Cluster's seed nodes */
  public LeaderboardVerticle(RedisTopology redis, String pgUri, int defaultPartitions, Clock clock,
      long closeLeaseMillis, RedisPool pool) {
    this.redis = redis;
    this.pgUri = pgUri;
    this.defaultPartitions = defaultPartitions;
    this.clock = clock;
    this.closeLeaseMillis = closeLeaseMillis;
    this.pool = pool;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, redis, pool);
    BoardStore boardStore = new BoardStore(shards);
    registry = new BoardRegistry(vertx, boardStore);
    bans = new BanRegistry(vertx, new ModerationStore(shards));
    ScoreStore scores = new ScoreStore(shards);
    archive = ArchiveStore.connect(vertx, pgUri);
    PeriodCloser closer = new PeriodCloser(vertx, registry, boardStore, new PeriodStore(shards), archive, clock,
        closeLeaseMillis);
    ScoreNotices notices = new ScoreNotices(vertx, config().getLong(NOTICE_INTERVAL_MS, ScoreNotices.DEFAULT_INTERVAL_MS));
    leaderboards = new LocalLeaderboards(registry, bans, boardStore, scores, archive, closer, clock, defaultPartitions,
        notices);
    return scores.loadScripts()
        .compose(ok -> archive.migrate())
        .compose(ok -> registry.start())
        .compose(ok -> bans.start())
        .compose(ok -> ServiceBindings.bind(vertx, LeaderboardService.class, new LeaderboardServiceImpl(leaderboards),
            LeaderboardService.ADDRESS))
        .onSuccess(b -> {
          bindings = b;
          NodeServices.of(vertx).add(leaderboards, READINESS);
        });
  }

  @Override
  public Future<?> stop() {
    if (leaderboards != null) {
      NodeServices.of(vertx).remove(leaderboards, READINESS);
    }
    return Future.all(bindings == null ? Future.succeededFuture() : bindings.unbind(),
            registry == null ? Future.succeededFuture() : registry.stop(),
            bans == null ? Future.succeededFuture() : bans.stop())
        .onComplete(done -> {
          if (shards != null) {
            shards.close();
          }
          if (archive != null) {
            archive.close();
          }
        });
  }
}
