package dev.leaderboard.api.stream;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Limits;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.intake.ScoreNotice;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.store.boards.BoardStore;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's live streams and the reads that refresh them. Everything here runs on one event loop
 * ({@link #context}), so the views need no locks; streams are written on their own loops through
 * {@link Fanout}. Reads are shared by every stream of a view, and a feed has at most one read under
 * way, so a stream never sees an older state after a newer one (docs/design.md, "Live streams").
 */
final class StreamHub {
  private static final Logger LOG = LoggerFactory.getLogger(StreamHub.class);
  static final Buffer KEEPALIVE = Buffer.buffer(": keepalive\n\n");
  /** The longest a feed waits for a read, or for its event's writes, before going on without them. */
  static final long DEADLINE_MILLIS = 10_000;
  private final Context context;
  private final Supplier<LeaderboardService> service;
  private final BoardStore boards;
  private final Clock clock;
  private final StreamMeters meters;
  private final long intervalNanos;
  private final Map<String, BoardView> views = new HashMap<>();
  private long lastId;

  StreamHub(Context context, Supplier<LeaderboardService> service, BoardStore boards, Clock clock, StreamMeters meters,
      long intervalMillis) {
    this.intervalNanos = intervalMillis * 1_000_000;
    this.context = context;
    this.service = service;
    this.boards = boards;
    this.clock = clock;
    this.meters = meters;
  }

  /** Adds a stream (from any thread): it gets the current state at once, then every change. */
  void join(EventStream s, Board definition) {
    context.runOnContext(v -> {
      String key = BoardView.key(s.spec().board(), s.spec().period());
      BoardView view = views.get(key);
      if (view != null && !view.definition.uid().equals(definition.uid())) {
        // the board was deleted and made again: the old one's streams end
        end(view);
        view = null;
      }
      if (view == null) {
        view = new BoardView(definition, s.spec().period(), clock.instant());
        views.put(key, view);
      }
      view.add(s);
      greet(view, s);
    });
  }

  /** Removes a stream that ended (from any thread). */
  void leave(EventStream s) {
    context.runOnContext(v -> {
      BoardView view = views.get(BoardView.key(s.spec().board(), s.spec().period()));
      if (view != null) {
        view.remove(s);
        if (view.streams.isEmpty()) {
          views.remove(BoardView.key(view.board, view.fixed));
        }
      }
    });
  }

  /** The state each of the stream's feeds has, at once; a feed not read yet is read now. */
  private void greet(BoardView view, EventStream s) {
    List<Buffer> known = new ArrayList<>();
    TopFeed top = view.tops.get(s.spec().top());
    if (top != null && top.data != null) {
      known.add(Fanout.event(++lastId, "top", top.data));
    }
    for (String u : s.spec().users()) {
      UserFeed feed = view.users.get(u);
      if (feed.data != null) {
        known.add(Fanout.event(++lastId, "entry", feed.data));
      }
    }
    if (!known.isEmpty()) {
      Fanout.each(List.of(s), stream -> known.forEach(stream::write));
    }
    refresh(view, f -> f.data == null && !f.reading, u -> u.data == null && !u.reading);
  }

  /** Marks the feeds that list the user whose profile changed, and reads at once those not read within the last interval. */
  void profileChanged(String userId) {
    long now = System.nanoTime();
    for (BoardView view : views.values()) {
      if (view.profileChanged(userId)) {
        refresh(view, f -> f.due(now, intervalNanos), u -> u.due(now, intervalNanos));
      }
    }
  }

  /** Marks the feeds the notice may affect, and reads at once those not read within the last interval. */
  void notice(ScoreNotice n) {
    long now = System.nanoTime();
    for (BoardView view : views.values()) {
      if (view.board.equals(n.board())) {
        view.notice(n);
        refresh(view, f -> f.due(now, intervalNanos), u -> u.due(now, intervalNanos));
      }
    }
  }

  /** Runs a few times per interval; a feed reads, and sends, at most once per interval. */
  void tick() {
    long now = System.nanoTime();
    for (BoardView view : List.copyOf(views.values())) {
      String next = view.nextPeriod(clock.instant());
      if (next != null) {
        String previous = view.period;
        view.rollover(next);
        Fanout.write(view.streams, Fanout.event(++lastId, "period",
            new JsonObject().put("board", view.board).put("previous", previous).put("period", next)));
      }
      refresh(view, f -> f.due(now, intervalNanos), u -> u.due(now, intervalNanos));
    }
  }

  void keepalive() {
    List<EventStream> all = new ArrayList<>();
    views.values().forEach(v -> all.addAll(v.streams));
    Fanout.write(all, KEEPALIVE);
  }

  /** A board's definition changed or it was deleted (a notice): streams of a board that is gone end. */
  void boardChanged(String board) {
    if (views.values().stream().noneMatch(v -> v.board.equals(board))) {
      return;
    }
    boards.get(board).onComplete(ar -> context.runOnContext(v -> {
      if (ar.failed()) {
        LOG.warn("re-reading board {} for its streams failed: {}", board, ar.cause().toString());
        return;
      }
      for (BoardView view : List.copyOf(views.values())) {
        if (view.board.equals(board)) {
          if (ar.result() == null || !ar.result().uid().equals(view.definition.uid())) {
            LOG.info("the streams of board {} end: the board was {}", board, ar.result() == null ? "deleted"
                : "deleted and made again");
            end(view);
          } else {
            view.definition = ar.result();
          }
        }
      }
    }));
  }

  void endAll() {
    List.copyOf(views.values()).forEach(this::end);
  }

  private void end(BoardView view) {
    view.ended = true;
    views.remove(BoardView.key(view.board, view.fixed));
    Fanout.each(List.copyOf(view.streams), EventStream::end);
  }

  private void refresh(BoardView view, Predicate<TopFeed> tops,
      Predicate<UserFeed> users) {
    for (TopFeed f : view.tops.values()) {
      if (tops.test(f)) {
        readTop(view, f);
      }
    }
    List<UserFeed> due = view.users.values().stream().filter(users).toList();
    for (int i = 0; i < due.size(); i += Limits.MAX_RANKS) {
      readUsers(view, due.subList(i, Math.min(due.size(), i + Limits.MAX_RANKS)));
    }
  }

  private void readTop(BoardView view, TopFeed f) {
    LeaderboardService s = service.get();
    if (s == null) {
      return;
    }
    f.reading = true;
    f.dirty = false;
    f.lastRead = System.nanoTime();
    String period = view.period;
    meters.reads.incrementAndGet();
    onHub(s.entries(view.board, period, 0L, f.n, null, null), ar -> {
      if (view.ended || !period.equals(view.period)) {
        f.reading = false;
      } else if (ar.failed()) {
        f.reading = false;
        failed(view, ar.cause(), () -> f.dirty = true);
      } else if (f.update(ar.result())) {
        view.lastFailure = null;
        sent(List.of(f), Fanout.write(f.streams, Fanout.event(++lastId, "top", f.data)));
      } else {
        view.lastFailure = null;
        f.reading = false;
      }
    });
  }

  private void readUsers(BoardView view, List<UserFeed> feeds) {
    LeaderboardService s = service.get();
    if (s == null) {
      return;
    }
    JsonArray ids = new JsonArray();
    long now = System.nanoTime();
    for (UserFeed f : feeds) {
      f.reading = true;
      f.dirty = false;
      f.lastRead = now;
      ids.add(f.userId);
    }
    String period = view.period;
    meters.reads.incrementAndGet();
    onHub(s.ranks(view.board, new UserIds(new JsonObject().put("userIds", ids)), period, null, null), ar -> {
      if (view.ended || !period.equals(view.period)) {
        feeds.forEach(f -> f.reading = false);
        return;
      }
      if (ar.failed() || ar.result().partial() != null) {
        feeds.forEach(f -> f.reading = false);
        failed(view, ar.failed() ? ar.cause() : null, () -> feeds.forEach(f -> f.dirty = true));
        return;
      }
      view.lastFailure = null;
      RankList ranks = ar.result();
      Map<String, Entry> byUser = new HashMap<>();
      ranks.entries().forEach(e -> byUser.put(e.userId(), e));
      List<Future<Void>> writes = new ArrayList<>();
      for (UserFeed f : feeds) {
        if (f.update(view.board, ranks.period(), byUser.get(f.userId))) {
          writes.add(Fanout.write(f.streams, Fanout.event(++lastId, "entry", f.data)));
        }
      }
      sent(feeds, Future.all(writes));
    });
  }

  /** The feeds' next read may start once their event is written to every stream (or at once if none was made). */
  private void sent(List<? extends Feed> feeds, Future<?> written) {
    onHub(written, ar -> {
      long now = System.nanoTime();
      feeds.forEach(f -> f.sent(now));
    });
  }

  /** A read failed: a board that is gone ends its streams; anything else is read again next interval. */
  private void failed(BoardView view, Throwable cause, Runnable retry) {
    if (cause instanceof LeaderboardException e && e.status() == 404) {
      LOG.info("the streams of board {} end: {}", view.board, e.getMessage());
      end(view);
      return;
    }
    retry.run();
    // each cause once in a row per board: an outage fails every feed's read each interval
    String why = String.valueOf(cause);
    if (!why.equals(view.lastFailure)) {
      view.lastFailure = why;
      LOG.warn("a read for the streams of board {} failed; retrying next interval: {}", view.board, why);
    }
  }

  /**
   * Goes on on the hub's loop once {@code step} (a read, or an event's writes) is done, or has failed
   * after {@link #DEADLINE_MILLIS}: a step that never ends must not keep its feed from being read again.
   */
  private <T> void onHub(Future<T> step, Consumer<AsyncResult<T>> then) {
    step.timeout(DEADLINE_MILLIS, TimeUnit.MILLISECONDS).onComplete(ar -> {
      if (ar.failed() && ar.cause() instanceof TimeoutException) {
        LOG.warn("a read or write for live streams took over {} ms; its feeds go on without it", DEADLINE_MILLIS);
      }
      context.runOnContext(v -> then.accept(ar));
    });
  }
}
