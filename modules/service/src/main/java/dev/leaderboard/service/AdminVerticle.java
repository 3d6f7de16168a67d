package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodKind;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.service.impl.PeriodCloser;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.PeriodStore;
import dev.leaderboard.store.RedisPool;
import dev.leaderboard.store.RedisTopology;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls periods over. Every node runs one; on each tick it closes every period whose end plus
 * grace has passed, and finishes any period left {@code closing} by a crash. A per-period lease in
 * Redis lets exactly one node close a given period; if that node dies the lease lapses and the
 * next tick anywhere finishes the job (every step is idempotent, see {@link PeriodCloser}).
 */
public class AdminVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(AdminVerticle.class);

  private final RedisTopology redis;
  private final String pgUri;
  private final Clock clock;
  private final long intervalMillis;
  private final long leaseMillis;
  private Shards shards;
  private BoardRegistry registry;
  private ArchiveStore archive;
  private PeriodCloser closer;
  private PeriodStore periods;
  private BoardStore boardStore;
  private long timer = -1;
  private boolean running;

  public AdminVerticle(List<String> endpoints, String pgUri, Clock clock, long intervalMillis) {
    this(endpoints, pgUri, clock, intervalMillis, PeriodCloser.DEFAULT_LEASE_MILLIS);
  }

  /** @param leaseMillis how long a period's close lease outlives a node that stopped renewing it */
  public AdminVerticle(List<String> endpoints, String pgUri, Clock clock, long intervalMillis, long leaseMillis) {
    this(RedisTopology.standalone(endpoints), pgUri, clock, intervalMillis, leaseMillis);
  }

  /** @param redis standalone endpoints or a Redis Cluster's seed nodes */
  public AdminVerticle(RedisTopology redis, String pgUri, Clock clock, long intervalMillis, long leaseMillis) {
    this.redis = redis;
    this.pgUri = pgUri;
    this.clock = clock;
    this.intervalMillis = intervalMillis;
    this.leaseMillis = leaseMillis;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, redis, RedisPool.of(4));
    boardStore = new BoardStore(shards);
    registry = new BoardRegistry(vertx, boardStore);
    periods = new PeriodStore(shards);
    archive = ArchiveStore.connect(vertx, pgUri);
    closer = new PeriodCloser(vertx, registry, boardStore, periods, archive, clock, leaseMillis);
    return registry.start().onSuccess(ok -> timer = vertx.setPeriodic(intervalMillis, intervalMillis, id -> tick()));
  }

  /** One pass over every board; a pass still running when the next tick comes is not overlapped. */
  public Future<Void> tick() {
    if (running) {
      return Future.succeededFuture();
    }
    running = true;
    return registry.all().compose(boards -> {
      Future<Void> chain = Future.succeededFuture();
      for (Board b : boards) {
        chain = chain.compose(ok -> closeDue(b).recover(t -> {
          LOG.warn("closing periods of board {} failed: {}", b.name(), t.toString());
          return Future.succeededFuture();
        }));
      }
      return chain;
    }).onComplete(done -> running = false);
  }

  private Future<Void> closeDue(Board b) {
    if (b.period() == PeriodKind.ALL_TIME) {
      return Future.succeededFuture();
    }
    return Future.all(boardStore.periods(b), periods.states(b)).compose(all -> {
      List<String> hot = all.resultAt(0);
      Map<String, PeriodState> states = all.resultAt(1);
      long now = clock.millis();
      List<Period> due = new ArrayList<>();
      for (String id : hot) {
        PeriodState state = states.get(id);
        if (state == PeriodState.ARCHIVED) {
          continue;
        }
        Period p = b.parsePeriod(id);
        if (state == PeriodState.CLOSING || b.isPastClose(p, now)) {
          due.add(p);
        }
      }
      Future<Void> chain = Future.succeededFuture();
      for (Period p : due) {
        chain = chain.compose(ok -> closer.close(b, p).<Void>mapEmpty().recover(t -> {
          LOG.info("period {} of board {} not closed on this node: {}", p.id(), b.name(), t.getMessage());
          return Future.succeededFuture();
        }));
      }
      return chain;
    });
  }

  @Override
  public Future<?> stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    return registry.stop().onComplete(done -> {
      archive.close();
      shards.close();
    });
  }
}
