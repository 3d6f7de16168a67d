package dev.leaderboard.service.periods;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodKind;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.boards.PeriodStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.Map;
import java.util.Set;

/** A board's periods: listing them (hot ones from Redis, older ones from the archive) and closing one now. */
public record PeriodAdmin(BoardRegistry boards, BoardStore boardStore, PeriodStore periods, DeliveryStore deliveries,
    ArchiveStore archive, PeriodCloser closer, Clock clock) {
  public Future<PeriodList> list(String board) {
    return boards.require(Names.board("board", board)).compose(b -> Future.all(boardStore.periods(b),
        periods.states(b), archive.periods(b.uid()), deliveries.all(b)).compose(all -> {
          Map<String, PeriodState> states = all.resultAt(1);
          Map<String, Delivery> webhooks = all.resultAt(3);
          Map<String, Long> sizes = new HashMap<>();
          Map<String, Long> erased = new HashMap<>();
          all.<List<ArchivedPeriod>>resultAt(2).forEach(a -> {
            sizes.put(a.period(), a.size());
            erased.put(a.period(), a.erased());
          });
          Set<String> ids = new LinkedHashSet<>(all.<List<String>>resultAt(0));
          ids.add(b.periodOf(clock.instant()).id());
          ids.addAll(sizes.keySet());
          List<String> live = ids.stream().filter(id -> !sizes.containsKey(id)).toList();
          List<Future<Long>> liveSizes = live.stream().map(id -> periods.size(b, id)).toList();
          return Future.all(liveSizes).map(done -> {
            for (int i = 0; i < live.size(); i++) {
              sizes.put(live.get(i), liveSizes.get(i).result());
            }
            List<PeriodList.Item> items = new ArrayList<>();
            ids.stream().map(b::parsePeriod).sorted(Comparator.comparing(Period::start).reversed())
                .forEach(p -> items.add(PeriodList.Item.of(p, states.getOrDefault(p.id(), PeriodState.OPEN),
                    sizes.get(p.id()), b.closesAt(p), erased.get(p.id()), webhooks.get(p.id()))));
            return PeriodList.of(b.name(), items);
          });
        }));
  }

  /**
   * Closes the period now; an archived one answers the same again. A period not archived yet is
   * closed only when it can hold the board's data ({@link #requireClosable}), so no request creates
   * archived empty periods of the far future or past.
   */
  public Future<PeriodClosed> close(String board, String period) {
    return boards.require(Names.board("board", board)).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return close(b, p, rows -> { }).map(a -> PeriodClosed.of(b.name(), p.id(), a.size(), a.archivedAt()));
    });
  }

  /**
   * Closes the board's period by the same rules (a league's tier board, which no caller names);
   * {@code read} is given the rows its archive read from Redis, when this call writes the archive.
   */
  public Future<ArchivedPeriod> close(Board b, Period p, Consumer<FrozenRows> read) {
    return archive.period(b.uid(), p.id())
        .compose(done -> done == null ? closeLive(b, p, read) : periods.states(b).compose(states ->
            states.get(p.id()) == PeriodState.ARCHIVED ? Future.succeededFuture(done) : closer.close(b, p, read)));
  }

  private Future<ArchivedPeriod> closeLive(Board b, Period p, Consumer<FrozenRows> read) {
    return boardStore.periods(b).compose(live -> {
      requireClosable(b, p, live);
      return closer.close(b, p, read);
    });
  }

  /**
   * The closing rule of a period that is not archived: it has started (409 {@code period_not_started}
   * otherwise), and the board holds data for it, or it is one of the board's newest
   * {@code retainPeriods} periods up to the current one and ended after the board was created
   * (409 {@code period_not_retained} otherwise).
   */
  private void requireClosable(Board b, Period p, List<String> live) {
    Instant now = clock.instant();
    if (p.start().isAfter(now)) {
      throw Refusal.PERIOD_NOT_STARTED.exception(p.id(), b.name(), p.start());
    }
    if (live.contains(p.id()) || b.period() == PeriodKind.ALL_TIME) {
      return;
    }
    Instant created = Instant.ofEpochMilli(b.createdAt());
    if (!p.end().isAfter(created)) {
      throw Refusal.PERIOD_NOT_RETAINED.exception(p.id(), b.name(), "it ended before the board was created (" + created
          + ")");
    }
    Period current = b.periodOf(now);
    Period oldest = current;
    for (int i = 1; i < b.retainPeriods(); i++) {
      oldest = b.calendar().previous(oldest);
    }
    if (p.start().isBefore(oldest.start())) {
      throw Refusal.PERIOD_NOT_RETAINED.exception(p.id(), b.name(), "it is older than the board's retained history"
          + " (its newest " + b.retainPeriods() + " periods, " + oldest.id() + " to " + current.id() + ")");
    }
  }
}
