package dev.leaderboard.service.reads;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Partial;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.store.scores.Page;
import dev.leaderboard.store.scores.RankCounts;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.participation.ParticipationStore.ParticipantPage;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A live period, read from the Redis shards. Unique ranks follow from positions; competition and
 * dense ranks cost one more round of counts (see docs/design.md, "Cross-shard reads").
 *
 * @param withMeta whether entries carry their metadata, read in the same calls as the entries
 */
public record LiveSource(ScoreStore scores, ParticipationStore participants, RankHints hints, Board b, Period p,
    boolean withMeta) implements ReadSource {
  /** What a partial list of entries does not know. */
  private static final String UNRANKED = "rank, percentile and total are not known";

  /**
   * The last page answered on this thread, by the store's page it was made of: a round of identical
   * page reads hands every request the same store page ({@link ScoreStore#page}), and its requests
   * are answered one after the other on the round's event loop, so they share one answer (built and
   * encoded once). A new round reads a new store page, so an answer is never reused across rounds.
   */
  private static final ThreadLocal<PageAnswer> LAST_PAGE = new ThreadLocal<>();

  private record PageAnswer(Page page, RankMode mode, EntryPage answer) {
  }

  @Override
  public Future<EntryPage> page(long offset, int limit, RankMode mode) {
    requireDense(mode);
    return scores.page(b, p.id(), offset, limit, withMeta).compose(page -> {
      PageAnswer last = LAST_PAGE.get();
      if (last != null && last.page() == page && last.mode() == mode) {
        return Future.succeededFuture(last.answer());
      }
      return run(mode, page.entries(), offset, page.total()).map(entries -> {
        EntryPage answer = new EntryPage(b.name(), p.id(), page.total(), offset, limit, mode, entries);
        LAST_PAGE.set(new PageAnswer(page, mode, answer));
        return answer;
      });
    });
  }

  @Override
  public Future<UserEntry> user(String userId, RankMode mode) {
    requireDense(mode);
    return scores.userRank(b, p.id(), userId, hints.get(b, p.id(), userId), withMeta).compose(r -> {
      if (r.entry() == null) {
        hints.forget(b, p.id(), userId);
        throw Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId);
      }
      hints.put(b, p.id(), userId, r.entry());
      return run(mode, List.of(r.entry()), r.before(), r.total())
          .map(entries -> UserEntry.of(entries.get(0), p.id(), r.total()));
    }).recover(t -> t instanceof StoreUnavailableException down ? scoreOnly(userId, down) : Future.failedFuture(t));
  }

  /** With a shard down the rank cannot be counted, but the user's own shard still has the score. */
  private Future<UserEntry> scoreOnly(String userId, StoreUnavailableException down) {
    return scores.entry(b, p.id(), userId, withMeta).transform(ar -> {
      if (ar.failed()) {
        return Future.failedFuture(down);
      }
      if (ar.result() == null) {
        return Future.failedFuture(Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId));
      }
      StoredEntry e = ar.result();
      return Future.succeededFuture(UserEntry.partial(Entries.of(b, p, e, 0, 0, 0), p.id(),
          "rank, percentile and total are not known: " + down.getMessage()));
    });
  }

  @Override
  public Future<AroundPage> around(String userId, int limit, RankMode mode) {
    requireDense(mode);
    return scores.entry(b, p.id(), userId, withMeta).compose(entry -> {
      if (entry == null) {
        throw Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId);
      }
      // up to limit - 1 entries on either side, so the window can slide when the user is near an end
      return scores.around(b, p.id(), entry, limit - 1, limit, withMeta);
    }).compose(a -> {
      long start = ReadSource.windowStart(a.position(), a.total(), limit);
      int fromBefore = (int) (a.position() - start);
      List<StoredEntry> window = new ArrayList<>(a.before().subList(a.before().size() - fromBefore, a.before().size()));
      window.addAll(a.from().subList(0, Math.min(a.from().size(), limit - fromBefore)));
      return run(mode, window, start, a.total())
          .map(entries -> new AroundPage(b.name(), p.id(), userId, a.total(), start, mode, entries));
    });
  }

  @Override
  public Future<ParticipantPage> participants(long offset, int limit) {
    return participants.page(b, p.id(), offset, limit);
  }

  @Override
  public Future<Participant> participant(String userId) {
    return participants.participant(b, p.id(), userId);
  }

  @Override
  public Future<ParticipationStore.Seated> seated(String userId) {
    return participants.seated(b, p.id(), userId);
  }

  @Override
  public Future<List<String>> cohort(long cohort) {
    return participants.cohort(b, p.id(), cohort);
  }

  @Override
  public Future<ParticipationStore.Counts> participation() {
    return participants.counts(b, p.id());
  }

  /** With a shard down, the users reached without ranks, marked partial: ranks need every shard. */
  @Override
  public Future<RankList> ranks(List<String> userIds, RankMode mode) {
    requireDense(mode);
    return scores.lookups(b, p.id(), userIds, withMeta).compose(lookups -> {
      Reach reach = Reach.of(userIds, lookups);
      List<StoredEntry> found = new ArrayList<>(reach.entries());
      found.sort(StoredEntry.order(b.order()));
      if (!reach.complete()) {
        return Future.succeededFuture(scoresOnly(found, reach, mode, reach.partial(UNRANKED)));
      }
      return list(mode, found, reach.missing()).compose(list -> list == null ? ranks(userIds, mode)
          : Future.succeededFuture(list)).recover(t -> t instanceof StoreUnavailableException down
          ? Future.succeededFuture(scoresOnly(found, reach, mode, reach.partial(down, UNRANKED)))
          : Future.failedFuture(t));
    });
  }

  private RankList scoresOnly(List<StoredEntry> sorted, Reach reach, RankMode mode, Partial partial) {
    List<Entry> entries = sorted.stream().map(e -> Entries.of(b, p, e, 0, 0, 0)).toList();
    return RankList.partial(b.name(), p.id(), mode, entries, reach.missing(), partial);
  }

  /** The global rank of one entry that was just written (unique order). */
  public Future<Long> rankOf(StoredEntry e) {
    return scores.counts(b, p.id(), List.of(e), List.of()).map(c -> RankMath.unique(c.before()[0]));
  }

  /**
   * Entries in board order that need not be contiguous: each gets its own counts. {@code null} when a
   * user's entry moved to a better score between the lookup and the counts (a write in between): the
   * counts of scores then saw it ahead of the user's own old score, so the read is made again, as a
   * user's rank is ({@link ScoreStore#userRank}); in unique order the counts leave it out themselves.
   */
  private Future<RankList> list(RankMode mode, List<StoredEntry> sorted, List<String> missing) {
    // competition ranks, and every percentile but unique mode's, count the strictly better scores
    List<Long> distinct = mode == RankMode.UNIQUE ? List.of()
        : sorted.stream().map(e -> Entries.score(b, e)).distinct().toList();
    Future<long[]> dense = mode == RankMode.DENSE && !sorted.isEmpty()
        ? scores.distinctBetter(b, p.id(), Entries.score(b, sorted.get(sorted.size() - 1)))
        : Future.succeededFuture(new long[0]);
    return Future.all(scores.counts(b, p.id(), sorted, distinct), dense).map(all -> {
      RankCounts c = all.resultAt(0);
      long[] better = all.resultAt(1);
      if (mode != RankMode.UNIQUE && movedToABetterScore(sorted, c)) {
        return null;
      }
      List<Entry> entries = new ArrayList<>(sorted.size());
      for (int i = 0; i < sorted.size(); i++) {
        StoredEntry e = sorted.get(i);
        long score = Entries.score(b, e);
        long position = c.before()[i];
        long competition = mode == RankMode.UNIQUE ? 0 : RankMath.competition(c.strictlyBetter()[distinct.indexOf(score)]);
        long rank = switch (mode) {
          case UNIQUE -> RankMath.unique(position);
          case COMPETITION -> competition;
          case DENSE -> RankMath.dense(b.order(), better, score);
        };
        entries.add(Entries.of(b, p, e, rank, RankMath.ahead(mode, position, competition), c.total()));
      }
      return RankList.of(b.name(), p.id(), c.total(), mode, entries, missing);
    });
  }

  private boolean movedToABetterScore(List<StoredEntry> pivots, RankCounts c) {
    return IntStream.range(0, pivots.size()).anyMatch(i -> c.moved(i, pivots.get(i)) && c.current()[i] != null
        && b.order().better(Entries.score(b, c.current()[i]), Entries.score(b, pivots.get(i))));
  }

  /**
   * Dense ranks need the distinct better scores only once, for the run's best score: every score
   * between two entries of a contiguous run is in the run.
   */
  private Future<List<Entry>> run(RankMode mode, List<StoredEntry> run, long first, long total) {
    if (run.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Long> distinct = mode == RankMode.UNIQUE ? List.of()
        : run.stream().map(e -> Entries.score(b, e)).distinct().toList();
    // per distinct score: its competition rank (percentiles of both modes count from it), then its rank
    Future<long[][]> ranks = mode == RankMode.UNIQUE ? Future.succeededFuture(null)
        : Future.all(scores.counts(b, p.id(), List.of(), distinct), mode == RankMode.DENSE
            ? scores.distinctBetter(b, p.id(), distinct.get(0)) : Future.succeededFuture(null)).map(all -> {
          RankCounts c = all.resultAt(0);
          long[] better = all.resultAt(1);
          long[] competition = new long[distinct.size()];
          long[] dense = new long[distinct.size()];
          for (int i = 0; i < competition.length; i++) {
            competition[i] = RankMath.competition(c.strictlyBetter()[i]);
            dense[i] = better == null ? 0 : better.length + i + 1;
          }
          return new long[][] {competition, mode == RankMode.DENSE ? dense : competition};
        });
    return ranks.map(perScore -> {
      List<Entry> out = new ArrayList<>(run.size());
      for (int i = 0; i < run.size(); i++) {
        StoredEntry e = run.get(i);
        long position = first + i;
        if (perScore == null) {
          out.add(Entries.of(b, p, e, RankMath.unique(position), position, total));
        } else {
          int k = distinct.indexOf(Entries.score(b, e));
          out.add(Entries.of(b, p, e, perScore[1][k], RankMath.ahead(mode, position, perScore[0][k]), total));
        }
      }
      return out;
    });
  }

  /** Live dense ranks need the board's distinct-score index. */
  private void requireDense(RankMode mode) {
    requireDense(b, mode);
  }

  /** Live dense ranks of board {@code b} need its distinct-score index. */
  static void requireDense(Board b, RankMode mode) {
    if (mode == RankMode.DENSE && !b.denseRanks()) {
      throw Refusal.invalid("rankMode", "dense is off on board '" + b.name()
          + "' (created with denseRanks false); use unique or competition");
    }
  }

  @Override
  public Future<Group> group(List<String> userIds) {
    return scores.lookups(b, p.id(), userIds, withMeta).map(lookups -> new Group(Reach.of(userIds, lookups), null));
  }
}
