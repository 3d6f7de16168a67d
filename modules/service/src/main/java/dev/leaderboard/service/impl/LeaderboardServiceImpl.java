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
import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.PeriodStore;
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
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
  public static final int MAX_RANKS = 1000;
  static final int SEEN_CAPACITY = 100_000;
  /** Event IDs are remembered at least this long (for periodic boards: the whole period). */
  public static final long MIN_DEDUPE_MILLIS = Duration.ofDays(7).toMillis();
  private static final Set<String> EVENT_FIELDS = Set.of("userId", "value", "at", "eventId");

  private final BoardRegistry boards;
  private final BoardStore boardStore;
  private final ScoreStore scores;
  private final PeriodStore periods;
  private final ArchiveStore archive;
  private final PeriodCloser closer;
  private final Clock clock;
  private final int defaultPartitions;
  /**
   * Composites this node saw lately (from submits and reads), as hints that let a user's rank be
   * read in one round; every use is checked against the user's partition in that same round.
   */
  private final Map<String, Long> seen = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > SEEN_CAPACITY;
    }
  });
  private final SubmitMeters submits = SubmitMeters.create();

  public LeaderboardServiceImpl(BoardRegistry boards, BoardStore boardStore, ScoreStore scores, ArchiveStore archive,
      PeriodCloser closer, Clock clock, int defaultPartitions) {
    this.boards = boards;
    this.boardStore = boardStore;
    this.scores = scores;
    this.periods = new PeriodStore(boardStore.shards());
    this.archive = archive;
    this.closer = closer;
    this.clock = clock;
    this.defaultPartitions = defaultPartitions;
  }

  // ---- boards

  @Override
  public Future<JsonObject> putBoard(String board, JsonObject definition) {
    return Requests.guard(() -> {
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
    return Requests.guard(() -> boards.require(Names.board("board", board)).map(Board::toJson));
  }

  @Override
  public Future<JsonObject> listBoards() {
    return Requests.guard(() -> boards.all().map(all -> new JsonObject().put("boards", new JsonArray(all.stream()
        .sorted(Comparator.comparing(Board::name)).map(Board::toJson).toList()))));
  }

  @Override
  public Future<JsonObject> deleteBoard(String board) {
    return Requests.guard(() -> boards.require(Names.board("board", board))
        .compose(b -> boardStore.delete(b).compose(ok -> archive.deleteBoard(b.uid()))
            .onSuccess(ok -> boards.changed(board, null)))
        .map(ok -> new JsonObject().put("board", board).put("deleted", true)));
  }

  // ---- periods

  @Override
  public Future<JsonObject> periods(String board) {
    return Requests.guard(() -> boards.require(Names.board("board", board)).compose(b -> Future.all(boardStore.periods(b),
        periods.states(b), archive.periods(b.uid())).compose(all -> {
          java.util.Map<String, String> states = all.resultAt(1);
          List<ArchivedPeriod> archivedPeriods = all.resultAt(2);
          java.util.Map<String, Long> sizes = new java.util.HashMap<>();
          archivedPeriods.forEach(a -> sizes.put(a.period(), a.size()));
          Set<String> ids = new LinkedHashSet<>(all.<List<String>>resultAt(0));
          ids.add(b.periodOf(clock.instant()).id());
          ids.addAll(sizes.keySet());
          List<String> live = ids.stream().filter(id -> !sizes.containsKey(id)).toList();
          List<Future<Long>> liveSizes = live.stream().map(id -> periods.size(b, id)).toList();
          return Future.all(liveSizes).map(done -> {
            for (int i = 0; i < live.size(); i++) {
              sizes.put(live.get(i), liveSizes.get(i).result());
            }
            List<Period> sorted = ids.stream().map(b::parsePeriod)
                .sorted(Comparator.comparing(Period::start).reversed()).toList();
            JsonArray out = new JsonArray();
            for (Period p : sorted) {
              out.add(new JsonObject()
                  .put("period", p.id())
                  .put("state", states.getOrDefault(p.id(), "open"))
                  .put("size", sizes.get(p.id()))
                  .put("start", p.start().toEpochMilli())
                  .put("end", p.end().toEpochMilli())
                  .put("closesAt", p.end().toEpochMilli() + b.graceSeconds() * 1000));
            }
            return new JsonObject().put("board", b.name()).put("periods", out);
          });
        })));
  }

  @Override
  public Future<JsonObject> closePeriod(String board, String period) {
    return Requests.guard(() -> boards.require(Names.board("board", board)).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return archive.period(b.uid(), p.id())
          .compose(done -> done == null ? closer.close(b, p) : periods.states(b).compose(states ->
              PeriodStore.ARCHIVED.equals(states.get(p.id())) ? Future.succeededFuture(done) : closer.close(b, p)))
          .map(a -> new JsonObject()
              .put("board", b.name())
              .put("period", p.id())
              .put("state", PeriodStore.ARCHIVED)
              .put("size", a.size())
              .put("archivedAt", a.archivedAt()));
    }));
  }

  // ---- scores

  @Override
  public Future<JsonObject> submit(String board, JsonObject event) {
    return Requests.guard(() -> {
      Names.board("board", board);
      JsonObject body = Fields.object(event, "body");
      return boards.require(board).compose(b -> submits.single(() -> {
        long now = clock.millis();
        ParsedEvent e = parse(b, body, "", now);
        return open(b, e.period())
            .compose(v -> boards.notePeriod(b, e.period().id()))
            .compose(v -> scores.submit(b, e.command(), now, dedupeMillis(b)))
            .compose(outcome -> answer(b, e, outcome));
      }));
    });
  }

  /** Fails with 409 when the period is closing or archived (the submit script checks it again atomically). */
  private Future<Void> open(Board b, Period p) {
    return boards.periodState(b, p.id()).compose(state -> "open".equals(state)
        ? Future.succeededFuture()
        : Future.failedFuture(closed(b, p)));
  }

  private static LeaderboardException closed(Board b, Period p) {
    return LeaderboardException.conflict("period_closed", "period " + p.id() + " of board " + b.name()
        + " is closed; events for it are refused");
  }

  private Future<JsonObject> answer(Board b, ParsedEvent e, SubmitOutcome outcome) {
    if (outcome.status() == SubmitOutcome.Status.CLOSED) {
      throw closed(b, e.period());
    }
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
    seen.put(seenKey(b, e.period(), entry.userId()), entry.composite());
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
    return LeaderboardException.unprocessable("score_out_of_range", e.field() + ": " + op + " of " + e.command().value()
        + " on a score of " + old + " would give " + e.command().operator().apply(old, e.command().value(), b.order())
        + ", " + why + "; nothing changed");
  }

  @Override
  public Future<JsonObject> submitBatch(String board, JsonObject batch) {
    return Requests.guard(() -> {
      Names.board("board", board);
      JsonObject body = Fields.object(batch, "body");
      Fields.onlyKnown(body, "", Set.of("events"));
      JsonArray events = Fields.array(body, "events");
      if (events.size() > MAX_BATCH) {
        throw LeaderboardException.invalid("events", "must hold at most " + MAX_BATCH + " events (got " + events.size() + ")");
      }
      return boards.require(board).compose(b -> boards.periodStates(b).compose(states -> {
        long now = clock.millis();
        List<ParsedEvent> parsed = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        JsonArray rejections = new JsonArray();
        Set<String> periods = new LinkedHashSet<>();
        for (int i = 0; i < events.size(); i++) {
          String prefix = "events[" + i + "].";
          try {
            ParsedEvent e = parse(b, Fields.object(events.getValue(i), "events[" + i + "]"), prefix, now);
            if (states.containsKey(e.period().id())) {
              throw closed(b, e.period());
            }
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
                } else if (o.status() == SubmitOutcome.Status.CLOSED) {
                  refused.add(rejection(positions.get(k), closed(b, parsed.get(k).period())));
                } else {
                  refused.add(rejection(positions.get(k), outOfRange(b, parsed.get(k), o)));
                }
              }
              refused.sort(Comparator.comparingInt(o -> o.getInteger("index")));
              submits.batch(applied, duplicate, refused.size());
              return new JsonObject()
                  .put("applied", applied)
                  .put("duplicate", duplicate)
                  .put("rejected", refused.size())
                  .put("rejections", new JsonArray(new ArrayList<>(refused)));
            });
      }));
    });
  }

  private static JsonObject rejection(int index, LeaderboardException e) {
    return new JsonObject().put("index", index).put("error", e.code()).put("message", e.getMessage());
  }

  /** @param field the name of the event's value field in the request, for messages */
  private record ParsedEvent(Period period, SubmitCommand command, String field) {
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
    return new ParsedEvent(period, new SubmitCommand(period.id(), userId, b.operator(), value, tie, eventId),
        prefix + "value");
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
    return Requests.guard(() -> {
      Names.board("board", board);
      long off = Requests.offset(offset);
      int lim = Requests.limit(limit, DEFAULT_LIMIT);
      RankMode mode = Requests.rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return archived(b, p).compose(a -> a != null
            ? archive.page(b.uid(), p.id(), off, lim).map(rows -> pageJson(b, p, a.size(), off, lim, mode, archivedJson(rows, mode, a.size())))
            : scores.page(b, p.id(), off, lim)
            .compose(page -> ranked(b, p, mode, page.entries(), off, page.total())
                .map(entries -> pageJson(b, p, page.total(), off, lim, mode, entries))));
      });
    });
  }

  private static JsonObject pageJson(Board b, Period p, long total, long off, int lim, RankMode mode, JsonArray entries) {
    return new JsonObject()
        .put("board", b.name())
        .put("period", p.id())
        .put("total", total)
        .put("offset", off)
        .put("limit", lim)
        .put("rankMode", mode.wireName())
        .put("entries", entries);
  }

  @Override
  public Future<JsonObject> user(String board, String userId, String period, String rankMode) {
    return Requests.guard(() -> {
      Names.board("board", board);
      Names.id("userId", userId);
      RankMode mode = Requests.rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return archived(b, p).compose(a -> a == null ? liveUser(b, p, userId, mode)
            : archive.entry(b.uid(), p.id(), userId).map(row -> {
              if (row == null) {
                throw LeaderboardException.userNotFound(board, p.id(), userId);
              }
              return archivedJson(List.of(row), mode, a.size()).getJsonObject(0).put("period", p.id()).put("total", a.size());
            }));
      });
    });
  }

  private Future<JsonObject> liveUser(Board b, Period p, String userId, RankMode mode) {
    String key = seenKey(b, p, userId);
    return scores.userRank(b, p.id(), userId, seen.get(key)).compose(r -> {
      if (r.composite() == null) {
        seen.remove(key);
        throw LeaderboardException.userNotFound(b.name(), p.id(), userId);
      }
      seen.put(key, r.composite());
      return ranked(b, p, mode, List.of(new StoredEntry(userId, r.composite())), r.before(), r.total())
          .map(entries -> entries.getJsonObject(0).put("period", p.id()).put("total", r.total()));
    });
  }

  private static String seenKey(Board b, Period p, String userId) {
    return b.uid() + "\n" + p.id() + "\n" + userId;
  }

  @Override
  public Future<JsonObject> around(String board, String userId, String period, Integer limit, String rankMode) {
    return Requests.guard(() -> {
      Names.board("board", board);
      Names.id("userId", userId);
      int lim = Requests.limit(limit, 11);
      RankMode mode = Requests.rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return archived(b, p).compose(arch -> arch == null ? liveAround(b, p, userId, lim, mode)
            : archive.entry(b.uid(), p.id(), userId).compose(row -> {
              if (row == null) {
                throw LeaderboardException.userNotFound(board, p.id(), userId);
              }
              long start = Math.max(0, Math.min(row.position() - (lim - 1) / 2, arch.size() - lim));
              return archive.page(b.uid(), p.id(), start, lim).map(rows -> aroundJson(b, p, userId, arch.size(), start,
                  mode, archivedJson(rows, mode, arch.size())));
            }));
      });
    });
  }

  private static JsonObject aroundJson(Board b, Period p, String userId, long total, long offset, RankMode mode,
      JsonArray entries) {
    return new JsonObject()
        .put("board", b.name())
        .put("period", p.id())
        .put("userId", userId)
        .put("total", total)
        .put("offset", offset)
        .put("rankMode", mode.wireName())
        .put("entries", entries);
  }

  private Future<JsonObject> liveAround(Board b, Period p, String userId, int lim, RankMode mode) {
    return scores.composite(b, p.id(), userId).compose(composite -> {
      if (composite == null) {
        throw LeaderboardException.userNotFound(b.name(), p.id(), userId);
      }
      // up to lim - 1 entries on either side, so the window can slide when the user is near an end
      return scores.around(b, p.id(), new StoredEntry(userId, composite), lim - 1, lim);
    }).compose(a -> {
      long start = Math.max(0, a.position() - (lim - 1) / 2);
      start = Math.max(0, Math.min(start, a.total() - lim));
      int fromBefore = (int) (a.position() - start);
      List<StoredEntry> window = new ArrayList<>(a.before().subList(a.before().size() - fromBefore, a.before().size()));
      window.addAll(a.from().subList(0, Math.min(a.from().size(), lim - fromBefore)));
      long first = start;
      return ranked(b, p, mode, window, first, a.total())
          .map(entries -> aroundJson(b, p, userId, a.total(), first, mode, entries));
    });
  }

  @Override
  public Future<JsonObject> ranks(String board, JsonObject request, String period, String rankMode) {
    return Requests.guard(() -> {
      Names.board("board", board);
      JsonObject body = Fields.object(request, "body");
      Fields.onlyKnown(body, "", Set.of("userIds"));
      JsonArray ids = Fields.array(body, "userIds");
      if (ids.isEmpty() || ids.size() > MAX_RANKS) {
        throw LeaderboardException.invalid("userIds", "must hold 1 to " + MAX_RANKS + " user IDs (got " + ids.size() + ")");
      }
      Set<String> unique = new LinkedHashSet<>();
      for (int i = 0; i < ids.size(); i++) {
        Object v = ids.getValue(i);
        unique.add(Names.id("userIds[" + i + "]", v instanceof String str ? str : null));
      }
      List<String> userIds = new ArrayList<>(unique);
      RankMode mode = Requests.rankMode(rankMode);
      return boards.require(board).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return archived(b, p).compose(arch -> arch == null ? liveRanks(b, p, userIds, mode)
            : archive.entries(b.uid(), p.id(), userIds).map(rows -> {
              List<ArchivedEntry> sorted = new ArrayList<>(rows);
              sorted.sort(Comparator.comparingLong(ArchivedEntry::position));
              Set<String> found = new java.util.HashSet<>();
              sorted.forEach(r -> found.add(r.userId()));
              return ranksJson(b, p, arch.size(), mode, archivedJson(sorted, mode, arch.size()),
                  new JsonArray(userIds.stream().filter(u -> !found.contains(u)).toList()));
            }));
      });
    });
  }

  private static JsonObject ranksJson(Board b, Period p, long total, RankMode mode, JsonArray entries, JsonArray missing) {
    return new JsonObject()
        .put("board", b.name())
        .put("period", p.id())
        .put("total", total)
        .put("rankMode", mode.wireName())
        .put("entries", entries)
        .put("missing", missing);
  }

  private Future<JsonObject> liveRanks(Board b, Period p, List<String> userIds, RankMode mode) {
    return scores.composites(b, p.id(), userIds).compose(composites -> {
      List<StoredEntry> found = new ArrayList<>();
      JsonArray missing = new JsonArray();
      for (int i = 0; i < userIds.size(); i++) {
        if (composites.get(i) == null) {
          missing.add(userIds.get(i));
        } else {
          found.add(new StoredEntry(userIds.get(i), composites.get(i)));
        }
      }
      found.sort(StoredEntry.order(b.order()));
      return rankList(b, p, mode, found)
          .map(c -> ranksJson(b, p, c.getLong("total"), mode, c.getJsonArray("entries"), missing));
    });
  }

  /** The archived period, or {@code null} while the period is live in Redis. */
  private Future<ArchivedPeriod> archived(Board b, Period p) {
    return boards.periodState(b, p.id()).compose(state -> PeriodStore.ARCHIVED.equals(state)
        ? archive.period(b.uid(), p.id())
        : Future.succeededFuture(null));
  }

  /** Archived rows carry their final ranks; the percentile follows from the unique position. */
  static JsonArray archivedJson(List<ArchivedEntry> rows, RankMode mode, long total) {
    JsonArray out = new JsonArray();
    for (ArchivedEntry r : rows) {
      long rank = switch (mode) {
        case UNIQUE -> r.position() + 1;
        case COMPETITION -> r.competitionRank();
        case DENSE -> r.denseRank();
      };
      double percentile = total == 0 ? 0 : Math.round(10000.0 * (total - r.position()) / total) / 100.0;
      out.add(new JsonObject()
          .put("rank", rank)
          .put("userId", r.userId())
          .put("score", r.score())
          .put("at", r.at())
          .put("percentile", percentile));
    }
    return out;
  }

  /** Entries in board order that need not be contiguous: each gets its own counts. */
  private Future<JsonObject> rankList(Board b, Period p, RankMode mode, List<StoredEntry> sorted) {
    requireDense(b, mode);
    List<Long> distinct = mode == RankMode.COMPETITION
        ? sorted.stream().map(e -> b.codec().score(e.composite())).distinct().toList()
        : List.of();
    Future<long[]> dense = mode == RankMode.DENSE && !sorted.isEmpty()
        ? scores.distinctBetter(b, p.id(), b.codec().score(sorted.get(sorted.size() - 1).composite()))
        : Future.succeededFuture(new long[0]);
    return Future.all(scores.counts(b, p.id(), sorted, distinct), dense).map(all -> {
      RankCounts c = all.resultAt(0);
      long[] better = all.resultAt(1);
      JsonArray entries = new JsonArray();
      for (int i = 0; i < sorted.size(); i++) {
        StoredEntry e = sorted.get(i);
        long score = b.codec().score(e.composite());
        long position = c.before()[i];
        long rank = switch (mode) {
          case UNIQUE -> position + 1;
          case COMPETITION -> c.strictlyBetter()[distinct.indexOf(score)] + 1;
          case DENSE -> denseRank(b, better, score);
        };
        entries.add(entryJson(b, p, e, rank, position, c.total()));
      }
      return new JsonObject().put("total", c.total()).put("entries", entries);
    });
  }

  /** Live dense ranks need the board's distinct-score index. */
  private static void requireDense(Board b, RankMode mode) {
    if (mode == RankMode.DENSE && !b.denseRanks()) {
      throw LeaderboardException.invalid("rankMode", "dense is off on board '" + b.name()
          + "' (created with denseRanks false); use unique or competition");
    }
  }

  private static long denseRank(Board b, long[] betterBestFirst, long score) {
    long n = 0;
    for (long v : betterBestFirst) {
      if (b.order().better(v, score)) {
        n++;
      } else {
        break;
      }
    }
    return n + 1;
  }

  /**
   * Ranks for a contiguous run of entries starting at global position {@code first}. Unique ranks
   * follow from the position; competition ranks need, per distinct score, the count of strictly
   * better scores; dense ranks need the distinct better scores once, for the run's best score,
   * since every score between two entries of the run is in the run.
   */
  private Future<JsonArray> ranked(Board b, Period p, RankMode mode, List<StoredEntry> run, long first, long total) {
    requireDense(b, mode);
    if (run.isEmpty()) {
      return Future.succeededFuture(new JsonArray());
    }
    List<Long> distinct = mode == RankMode.UNIQUE ? List.of()
        : run.stream().map(e -> b.codec().score(e.composite())).distinct().toList();
    Future<long[]> ranks = switch (mode) {
      case UNIQUE -> Future.succeededFuture(null);
      case COMPETITION -> scores.counts(b, p.id(), List.of(), distinct).map(RankCounts::strictlyBetter);
      case DENSE -> scores.distinctBetter(b, p.id(), distinct.get(0)).map(better -> {
        long[] out = new long[distinct.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = better.length + i;
        }
        return out;
      });
    };
    return ranks.map(perScore -> {
      JsonArray out = new JsonArray();
      for (int i = 0; i < run.size(); i++) {
        StoredEntry e = run.get(i);
        long rank = perScore == null ? first + i + 1 : perScore[distinct.indexOf(b.codec().score(e.composite()))] + 1;
        out.add(entryJson(b, p, e, rank, first + i, total));
      }
      return out;
    });
  }

  static long at(Board b, Period p, long composite) {
    return p.start().toEpochMilli() + b.codec().offsetUnits(composite) * b.tieResolution().millis();
  }

  /**
   * One entry. {@code percentile} is the share of the period's entries ranked at or below this
   * one (by unique order): 100 for the leader, 100/total for the last.
   */
  static JsonObject entryJson(Board b, Period p, StoredEntry e, long rank, long position, long total) {
    double percentile = total == 0 ? 0 : Math.round(10000.0 * (total - position) / total) / 100.0;
    return new JsonObject()
        .put("rank", rank)
        .put("userId", e.userId())
        .put("score", b.codec().score(e.composite()))
        .put("at", at(b, p, e.composite()))
        .put("percentile", percentile);
  }

  // ---- operations

  @Override
  public Future<JsonObject> health() {
    return ShardHealth.check(boardStore.shards())
        .map(shards -> new JsonObject().put("shards", shards).put("boards", boards.cached().size()));
  }

  private static String newUid() {
    return Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
  }

  // ---- errors

}
