package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodKind;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.ScoreCodec;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.RankCounts;
import dev.leaderboard.store.ScoreStore;
import dev.leaderboard.store.StoredEntry;
import dev.leaderboard.store.SubmitCommand;
import dev.leaderboard.store.SubmitOutcome;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The leaderboard service on Redis shards. Validation lives here, so every caller gets the same rules. */
public final class LeaderboardServiceImpl implements LeaderboardService {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderboardServiceImpl.class);

  public static final long MAX_AHEAD_MILLIS = Duration.ofMinutes(5).toMillis();
  public static final int DEFAULT_LIMIT = 20;
  public static final int MAX_LIMIT = 1000;
  public static final int MAX_BATCH = 1000;
  /** Event IDs are remembered at least this long (for periodic boards: the whole period). */
  public static final long MIN_DEDUPE_MILLIS = Duration.ofDays(7).toMillis();
  private static final Set<String> EVENT_FIELDS = Set.of("userId", "value", "at", "eventId");

  private final BoardRegistry boards;
  private final BoardStore boardStore;
  private final ScoreStore scores;
  private final Clock clock;
  private final int defaultPartitions;

  public LeaderboardServiceImpl(BoardRegistry boards, BoardStore boardStore, ScoreStore scores, Clock clock,
      int defaultPartitions) {
    this.boards = boards;
    this.boardStore = boardStore;
    this.scores = scores;
    this.clock = clock;
    this.defaultPartitions = defaultPartitions;
  }

  // ---- boards

  @Override
  public Future<JsonObject> putBoard(String board, JsonObject definition) {
    return guard(() -> {
      Names.board("board", board);
      JsonObject spec = definition == null ? new JsonObject() : definition;
      return boards.fresh(board).compose(existing -> {
        Board b = Board.define(board, spec, existing, clock.instant(), defaultPartitions, newUid());
        Future<Boolean> saved = existing == null ? boardStore.create(b) : boardStore.update(b).map(true);
        return saved.compose(stored -> {
          if (!stored) {
            // another node created it meanwhile: apply this request as an update of that board
            return putBoard(board, definition);
          }
          boards.changed(board, b);
          if (existing == null) {
            LOG.info("board {} created: {}", board, b.toJson().encode());
          }
          return Future.succeededFuture(b.toJson().put("created", existing == null));
        });
      });
    });
  }

  @Override
  public Future<JsonObject> getBoard(String board) {
    return guard(() -> boards.require(Names.board("board", board)).map(Board::toJson));
  }

  @Override
  public Future<JsonObject> listBoards() {
    return guard(() -> boards.all().map(all -> new JsonObject().put("boards", new JsonArray(all.stream()
        .sorted(Comparator.comparing(Board::name)).map(Board::toJson).toList()))));
  }

  @Override
  public Future<JsonObject> deleteBoard(String board) {
    return guard(() -> boards.require(Names.board("board", board))
        .compose(b -> boardStore.delete(b).onSuccess(ok -> boards.changed(board, null)))
        .map(ok -> new JsonObject().put("board", board).put("deleted", true)));
  }

  // ---- scores

  @Override
  public Future<JsonObject> submit(String board, JsonObject event) {
    return guard(() -> {
      Names.board("board", board);
      JsonObject body = Fields.object(event, "body");
      return boards.require(board).compose(b -> {
        long now = clock.millis();
        ParsedEvent e = parse(b, body, "", now);
        return boards.notePeriod(b, e.period().id())
            .compose(v -> scores.submit(b, e.command(), now, dedupeMillis(b)))
            .compose(outcome -> answer(b, e, outcome));
      });
    });
  }

  private Future<JsonObject> answer(Board b, ParsedEvent e, SubmitOutcome outcome) {
    if (outcome.status() == SubmitOutcome.Status.BELOW_ZERO || outcome.status() == SubmitOutcome.Status.ABOVE_MAX) {
      throw outOfRange(b, e, outcome);
    }
    JsonObject out = new JsonObject()
        .put("userId", e.command().userId())
        .put("period", e.period().id())
        .put("applied", outcome.applied())
        .put("changed", outcome.status() == SubmitOutcome.Status.CHANGED);
    if (outcome.composite() == null) {
      return Future.succeededFuture(out.putNull("score").putNull("rank").putNull("at"));
    }
    StoredEntry entry = new StoredEntry(e.command().userId(), outcome.composite());
    return scores.counts(b, e.period().id(), List.of(entry), List.of()).map(c -> {
      ScoreCodec codec = b.codec();
      return out.put("score", codec.score(entry.composite()))
          .put("rank", c.before()[0] + 1)
          .put("at", at(b, e.period(), entry.composite()));
    });
  }

  private static LeaderboardException outOfRange(Board b, ParsedEvent e, SubmitOutcome outcome) {
    long old = outcome.previous() == null ? 0 : b.codec().score(outcome.previous());
    String op = e.command().operator().wireName();
    String why = outcome.status() == SubmitOutcome.Status.BELOW_ZERO
        ? "below 0"
        : "above maxScore " + b.maxScore();
    return LeaderboardException.unprocessable("score_out_of_range", op + " of " + e.command().value()
        + " on a score of " + old + " would give " + e.command().operator().apply(old, e.command().value(), b.order())
        + ", " + why + "; nothing changed");
  }

  @Override
  public Future<JsonObject> submitBatch(String board, JsonObject batch) {
    return guard(() -> {
      Names.board("board", board);
      JsonObject body = Fields.object(batch, "body");
      Fields.onlyKnown(body, "", Set.of("events"));
      JsonArray events = Fields.array(body, "events");
      if (events.size() > MAX_BATCH) {
        throw LeaderboardException.invalid("events", "must hold at most " + MAX_BATCH + " events (got " + events.size() + ")");
      }
      return boards.require(board).compose(b -> {
        long now = clock.millis();
        List<ParsedEvent> parsed = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        JsonArray rejections = new JsonArray();
        Set<String> periods = new LinkedHashSet<>();
        for (int i = 0; i < events.size(); i++) {
          String prefix = "events[" + i + "].";
          try {
            ParsedEvent e = parse(b, Fields.object(events.getValue(i), "events[" + i + "]"), prefix, now);
            parsed.add(e);
            positions.add(i);
            periods.add(e.period().id());
          } catch (LeaderboardException ex) {
            rejections.add(rejection(i, ex));
          }
        }
        List<Future<Void>> noted = periods.stream().map(p -> boards.notePeriod(b, p)).toList();
        return Future.all(noted)
            .compose(v -> scores.submitAll(b, parsed.stream().map(ParsedEvent::command).toList(), now, dedupeMillis(b)))
            .map(outcomes -> {
              int applied = 0;
              int duplicate = 0;
              List<JsonObject> refused = new ArrayList<>(rejections.stream().map(o -> (JsonObject) o).toList());
              for (int k = 0; k < outcomes.size(); k++) {
                SubmitOutcome o = outcomes.get(k);
                if (o.applied()) {
                  applied++;
                } else if (o.status() == SubmitOutcome.Status.DUPLICATE) {
                  duplicate++;
                } else {
                  refused.add(rejection(positions.get(k), outOfRange(b, parsed.get(k), o)));
                }
              }
              refused.sort(Comparator.comparingInt(o -> o.getInteger("index")));
              return new JsonObject()
                  .put("applied", applied)
                  .put("duplicate", duplicate)
                  .put("rejected", refused.size())
                  .put("rejections", new JsonArray(new ArrayList<>(refused)));
            });
      });
    });
  }

  private static JsonObject rejection(int index, LeaderboardException e) {
    return new JsonObject().put("index", index).put("error", e.code()).put("message", e.getMessage());
  }

  private record ParsedEvent(Period period, SubmitCommand command) {
  }

  private ParsedEvent parse(Board b, JsonObject ev, String prefix, long now) {
    Fields.onlyKnown(ev, prefix, EVENT_FIELDS);
    String userId = Names.id(prefix + "userId", Fields.string(ev, prefix, "userId", null));
    long min = b.operator() == Operator.INCR ? -b.maxScore() : 0;
    Long value = Fields.integer(ev, prefix, "value", null, min, b.maxScore());
    if (value == null) {
      throw LeaderboardException.invalid(prefix + "value", "is required: a whole number between " + min + " and " + b.maxScore());
    }
    long at = Fields.integer(ev, prefix, "at", now, 0, Fields.MAX_EXACT);
    if (at > now + MAX_AHEAD_MILLIS) {
      throw LeaderboardException.invalid(prefix + "at", "must be at most " + MAX_AHEAD_MILLIS
          + " ms ahead of the server clock (server time " + now + ", got " + at + ")");
    }
    String eventId = Fields.string(ev, prefix, "eventId", null);
    if (eventId != null) {
      Names.id(prefix + "eventId", eventId);
    }
    Period period = b.periodOf(Instant.ofEpochMilli(at));
    if (at < period.start().toEpochMilli() || at >= period.end().toEpochMilli()) {
      throw LeaderboardException.invalid(prefix + "at", "must lie between " + period.start().toEpochMilli() + " and "
          + (period.end().toEpochMilli() - 1) + " on this all-time board (got " + at + ")");
    }
    long closesAt = period.end().toEpochMilli() + b.graceSeconds() * 1000;
    if (b.period() != PeriodKind.ALL_TIME && now >= closesAt) {
      throw LeaderboardException.conflict("period_closed", "period " + period.id() + " of board " + b.name()
          + " closed at " + Instant.ofEpochMilli(closesAt) + " (its end plus " + b.graceSeconds()
          + " s grace); events for it are refused");
    }
    long offset = Math.floorDiv(at - period.start().toEpochMilli(), b.tieResolution().millis());
    long tie = b.codec().tie(offset);
    return new ParsedEvent(period, new SubmitCommand(period.id(), userId, b.operator(), value, tie, eventId));
  }

  private static long dedupeMillis(Board b) {
    if (b.period() == PeriodKind.ALL_TIME) {
      return MIN_DEDUPE_MILLIS;
    }
    return Math.max(MIN_DEDUPE_MILLIS, b.period().maxLengthMillis() + b.graceSeconds() * 1000);
  }

  // ---- reads

  @Override
  public Future<JsonObject> entries(String board, String period, Long offset, Integer limit, String rankMode) {
    return guard(() -> {
      Names.board("board", board);
      long off = offset == null ? 0 : offset;
      if (off < 0 || off > Fields.MAX_EXACT) {
        throw LeaderboardException.invalid("offset", "must be between 0 and " + Fields.MAX_EXACT + " (got " + off + ")");
      }
      int lim = limit == null ? DEFAULT_LIMIT : limit;
      if (lim < 1 || lim > MAX_LIMIT) {
        throw LeaderboardException.invalid("limit", "must be between 1 and " + MAX_LIMIT + " (got " + lim + ")");
      }
      RankMode mode = rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = period(b, period);
        return page(b, p, off, lim).compose(page -> {
          List<Long> distinct = mode == RankMode.COMPETITION
              ? page.stream().map(e -> b.codec().score(e.composite())).distinct().toList()
              : List.of();
          return scores.counts(b, p.id(), List.of(), distinct).map(c -> {
            JsonArray entries = new JsonArray();
            for (int i = 0; i < page.size(); i++) {
              StoredEntry e = page.get(i);
              long score = b.codec().score(e.composite());
              long rank = mode == RankMode.COMPETITION ? c.strictlyBetter()[distinct.indexOf(score)] + 1 : off + i + 1;
              entries.add(entryJson(b, p, e, rank));
            }
            return new JsonObject()
                .put("board", b.name())
                .put("period", p.id())
                .put("total", c.total())
                .put("offset", off)
                .put("limit", lim)
                .put("rankMode", mode.wireName())
                .put("entries", entries);
          });
        });
      });
    });
  }

  private Future<List<StoredEntry>> page(Board b, Period p, long offset, int limit) {
    return scores.head(b, p.id(), (int) Math.min(Integer.MAX_VALUE, offset + limit))
        .map(head -> head.size() <= offset ? List.of() : head.subList((int) offset, head.size()));
  }

  @Override
  public Future<JsonObject> user(String board, String userId, String period, String rankMode) {
    return guard(() -> {
      Names.board("board", board);
      Names.id("userId", userId);
      RankMode mode = rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = period(b, period);
        return scores.composite(b, p.id(), userId).compose(composite -> {
          if (composite == null) {
            throw LeaderboardException.userNotFound(board, p.id(), userId);
          }
          StoredEntry e = new StoredEntry(userId, composite);
          long score = b.codec().score(composite);
          List<Long> competition = mode == RankMode.COMPETITION ? List.of(score) : List.of();
          return scores.counts(b, p.id(), List.of(e), competition).map(c -> entryJson(b, p, e, rank(mode, c))
              .put("period", p.id())
              .put("total", c.total()));
        });
      });
    });
  }

  private static long rank(RankMode mode, RankCounts c) {
    return mode == RankMode.COMPETITION ? c.strictlyBetter()[0] + 1 : c.before()[0] + 1;
  }

  private static RankMode rankMode(String s) {
    if (s == null) {
      return RankMode.UNIQUE;
    }
    try {
      RankMode m = RankMode.fromWire(s);
      if (m == RankMode.DENSE) {
        throw LeaderboardException.invalid("rankMode", "dense is not available yet; use unique or competition");
      }
      return m;
    } catch (IllegalArgumentException e) {
      throw LeaderboardException.invalid("rankMode", e.getMessage() + " (got '" + s + "')");
    }
  }

  private Period period(Board b, String id) {
    if (id == null || id.isEmpty() || "current".equals(id)) {
      return b.periodOf(clock.instant());
    }
    try {
      return b.parsePeriod(id);
    } catch (IllegalArgumentException e) {
      throw LeaderboardException.invalid("period", "must be 'current' or a period id of this "
          + b.period().wireName() + " board: " + e.getMessage());
    }
  }

  static long at(Board b, Period p, long composite) {
    return p.start().toEpochMilli() + b.codec().offsetUnits(composite) * b.tieResolution().millis();
  }

  static JsonObject entryJson(Board b, Period p, StoredEntry e, long rank) {
    return new JsonObject()
        .put("rank", rank)
        .put("userId", e.userId())
        .put("score", b.codec().score(e.composite()))
        .put("at", at(b, p, e.composite()));
  }

  private static String newUid() {
    return Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
  }

  // ---- errors

  private static <T> Future<T> guard(Supplier<Future<T>> body) {
    Future<T> f;
    try {
      f = body.get();
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    return f.recover(t -> Future.failedFuture(serviceException(t)));
  }

  /** Caller mistakes keep their status and code; store faults become 503, anything else 500. */
  static ServiceException serviceException(Throwable t) {
    if (t instanceof ServiceException se) {
      return se;
    }
    if (t instanceof LeaderboardException le) {
      return new ServiceException(le.status(), le.getMessage(), new JsonObject().put("error", le.code()));
    }
    String name = t.getClass().getName();
    if (name.startsWith("io.vertx.redis") || t instanceof java.net.ConnectException
        || t instanceof io.vertx.core.VertxException && String.valueOf(t.getMessage()).toLowerCase().contains("connect")) {
      LOG.warn("Redis unavailable: {}", t.toString());
      return new ServiceException(503, "a Redis shard is unavailable (" + t.getMessage() + "); retry later",
          new JsonObject().put("error", "store_unavailable"));
    }
    LOG.error("request failed", t);
    return new ServiceException(500, "internal error (" + t + ")", new JsonObject().put("error", "internal"));
  }
}
