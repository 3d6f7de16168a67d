package dev.leaderboard.service.intake;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.ReadSources;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.intake.EventParser.ParsedEvent;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Score events in, one or a batch; each is validated on its own and applied atomically by the submit script. */
public final class ScoreIntake {
  private static final Logger LOG = LoggerFactory.getLogger(ScoreIntake.class);
  private final BoardRegistry boards;
  private final BanRegistry bans;
  private final ScoreStore scores;
  private final ReadSources sources;
  private final RankHints hints;
  private final Clock clock;
  private final ScoreNotices notices;
  private final Participation participation;
  private final SubmitMeters meters = SubmitMeters.create();

  public ScoreIntake(BoardRegistry boards, BanRegistry bans, ScoreStore scores, ReadSources sources, RankHints hints,
      Clock clock, ScoreNotices notices, Participation participation) {
    this.participation = participation;
    this.boards = boards;
    this.bans = bans;
    this.scores = scores;
    this.sources = sources;
    this.hints = hints;
    this.clock = clock;
    this.notices = notices;
  }

  public Future<SubmitResult> submit(String board, ScoreEvent event, Boolean withRank) {
    Names.board("board", board);
    ScoreEvent body = Objects.requireNonNullElseGet(event, () -> new ScoreEvent(null)).check();
    return boards.require(board).compose(b -> submit(b, body, withRank));
  }

  /** Refuses the event as a submit to the board would (its value, time and period); applies nothing. */
  public void check(Board b, ScoreEvent event, String prefix) {
    EventParser.parse(b, event, prefix, clock.millis());
  }

  /**
   * One event on a board already looked up (a league's tier board, which no caller names): a batch of
   * one through {@link #admit}, whose refusal or failure is the answer, else the entry and its rank.
   */
  public Future<SubmitResult> submit(Board b, ScoreEvent event, Boolean withRank) {
    ScoreEvent body = Objects.requireNonNullElseGet(event, () -> new ScoreEvent(null)).check();
    return meters.single(() -> admit(List.of(new Routed(b, body, 0)), "").compose(fates -> {
      Fate f = fates.get(0);
      if (f.refused() != null) {
        return Future.failedFuture(f.refused());
      }
      if (f.outcome().status() == SubmitOutcome.Status.FAILED) {
        return Future.failedFuture(f.outcome().failure());
      }
      return answer(b, f.event(), f.outcome(), withRank == null ? b.rankOnSubmit() : withRank);
    }));
  }

  /**
   * A period new to this node may have started after a ban swept the partitions, so the bans are
   * reloaded first.
   */
  private Future<Void> note(Board b, Set<String> periods) {
    boolean fresh = periods.stream().anyMatch(p -> !boards.notedHere(b, p));
    return Future.all(periods.stream().map(p -> boards.notePeriod(b, p)).toList())
        .compose(v -> fresh ? bans.reload() : Future.succeededFuture());
  }

  private static LeaderboardException banned(String userId) {
    return Refusal.BANNED.exception(userId);
  }

  private static LeaderboardException closed(Board b, Period p) {
    return Refusal.PERIOD_CLOSED.exception(p.id(), b.name());
  }

  /** A rank that cannot be read leaves {@code rank} null rather than failing a write that took effect. */
  private Future<SubmitResult> answer(Board b, ParsedEvent e, SubmitOutcome outcome, boolean withRank) {
    LeaderboardException refused = refusal(b, e, outcome);
    if (refused != null) {
      throw refused;
    }
    return ranked(b, e, outcome, withRank).map(r -> outcome.attemptsLeft() == null ? r
        : r.withAttemptsLeft(outcome.attemptsLeft()));
  }

  private Future<SubmitResult> ranked(Board b, ParsedEvent e, SubmitOutcome outcome, boolean withRank) {
    String userId = e.command().userId();
    boolean changed = outcome.status() == SubmitOutcome.Status.CHANGED;
    String period = e.period().id();
    if (outcome.entry() == null) {
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, null, null, null, null,
          null));
    }
    StoredEntry entry = outcome.entry();
    hints.put(b, period, userId, entry);
    long score = Entries.score(b, entry);
    long at = Entries.at(b, e.period(), entry);
    String keys = Entries.keys(b, entry);
    if (!withRank) {
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, score, null, at, null,
          keys));
    }
    return sources.live(b, e.period()).rankOf(entry).transform(ar -> {
      if (ar.failed()) {
        LOG.warn("submit to board {} applied, its rank not read: {}", b.name(), ar.cause().toString());
      }
      return Future.succeededFuture(SubmitResult.of(userId, period, outcome.applied(), changed, score,
          ar.succeeded() ? ar.result() : null, at, ar.succeeded() ? null : "the event was applied but its rank could "
              + "not be read (" + ar.cause().getMessage() + "); read it again later", keys));
    });
  }

  /** {@code null} when the script did not refuse the event. */
  private static LeaderboardException refusal(Board b, ParsedEvent e, SubmitOutcome outcome) {
    return switch (outcome.status()) {
      case CLOSED -> closed(b, e.period());
      case BANNED -> banned(e.command().userId());
      case BOARD_GONE -> Refusal.BOARD_NOT_FOUND.exception(b.name());
      case CONFLICT -> conflict(b, e);
      case BELOW_ZERO, ABOVE_MAX -> outOfRange(b, e, outcome);
      case STEP_TOO_LARGE -> stepTooLarge(b, e, outcome);
      case NOT_JOINED, NEEDS_JOIN -> notJoined(b, e);
      case ATTEMPTS_EXHAUSTED -> Refusal.ATTEMPTS_EXHAUSTED.exception(e.command().userId(),
          b.competition().maxAttempts(), e.period().id()).with("attemptsLeft", 0);
      default -> null;
    };
  }

  private static LeaderboardException notJoined(Board b, ParsedEvent e) {
    return Refusal.NOT_JOINED.exception(e.command().userId(), e.period().id(), b.name());
  }

  private static LeaderboardException conflict(Board b, ParsedEvent e) {
    SubmitCommand c = e.command();
    return Refusal.EVENT_ID_CONFLICT.exception(c.eventId(), c.userId(), b.dedupeSeconds());
  }

  private static LeaderboardException outOfRange(Board b, ParsedEvent e, SubmitOutcome outcome) {
    long old = outcome.previous() == null ? 0 : b.scoreOf(outcome.previous().composite());
    SubmitCommand c = e.command();
    String why = outcome.status() == SubmitOutcome.Status.BELOW_ZERO
        ? "below " + (b.minScore() == 0 ? "0" : "minScore " + b.minScore())
        : "above maxScore " + b.maxScore();
    return Refusal.SCORE_OUT_OF_RANGE.exception(e.field(), c.operator().wireName(), c.value(), old,
        c.operator().apply(old, c.value(), b.order()), why);
  }

  private static LeaderboardException stepTooLarge(Board b, ParsedEvent e, SubmitOutcome outcome) {
    long old = outcome.previous() == null ? 0 : b.scoreOf(outcome.previous().composite());
    SubmitCommand c = e.command();
    long next = c.operator().apply(outcome.previous() == null ? null : old, c.value(), b.order());
    return Refusal.STEP_TOO_LARGE.exception(e.field(), c.operator().wireName(), c.value(), old,
        outcome.previous() == null ? " (no score yet)" : "", Math.abs(next - old), b.maxStep());
  }

  public Future<BatchResult> submitBatch(String board, ScoreBatch batch) {
    Names.board("board", board);
    List<ScoreEvent> events = Objects.requireNonNullElseGet(batch, () -> new ScoreBatch(null)).check().events();
    return boards.require(board).compose(b -> {
      List<Routed> routed = new ArrayList<>(events.size());
      for (int i = 0; i < events.size(); i++) {
        routed.add(new Routed(b, events.get(i), i));
      }
      return submitRouted(routed, List.of(), List.of()).map(RoutedBatch::result);
    });
  }

  /** One event of a batch on the board it goes to, {@code index} its place in the caller's batch. */
  public record Routed(Board board, ScoreEvent event, int index) {
  }

  /** An event of a routed batch that was applied or found a duplicate: its period and user. */
  public record Landed(int index, Board board, String period, String userId) {
  }

  /** A routed batch's answer, and its events that landed, in batch order. */
  public record RoutedBatch(BatchResult result, List<Landed> landed) {
  }

  /**
   * A batch whose events are already routed to boards looked up by the caller (a league's tier
   * boards), with the events the caller refused itself ({@code refused}) or did not send, to be sent
   * again ({@code failed}), by their batch index: the boards' batch rules and answer, and one
   * pipelined round per shard for all the events whatever their board.
   */
  public Future<RoutedBatch> submitRouted(List<Routed> events, List<Rejection> refused, List<Rejection> failed) {
    return admit(events, null).map(fates -> {
      int applied = 0;
      int duplicate = 0;
      List<Rejection> rejections = new ArrayList<>(refused);
      List<Rejection> conflicts = new ArrayList<>();
      List<Rejection> failures = new ArrayList<>(failed);
      List<Landed> landed = new ArrayList<>();
      for (Fate f : fates) {
        SubmitOutcome o = f.outcome();
        if (f.refused() != null) {
          (o != null && o.status() == SubmitOutcome.Status.CONFLICT ? conflicts : rejections)
              .add(rejection(f.index(), f.refused()));
        } else if (o.status() == SubmitOutcome.Status.FAILED) {
          failures.add(failure(f.index(), f.event(), o.failure()));
        } else {
          if (o.applied()) {
            applied++;
          } else {
            duplicate++;
          }
          landed.add(new Landed(f.index(), f.board(), f.event().period().id(), f.event().command().userId()));
        }
      }
      rejections.sort(Comparator.comparingInt(Rejection::index));
      conflicts.sort(Comparator.comparingInt(Rejection::index));
      failures.sort(Comparator.comparingInt(Rejection::index));
      landed.sort(Comparator.comparingInt(Landed::index));
      BatchResult result = BatchResult.of(applied, duplicate, List.copyOf(conflicts), List.copyOf(rejections),
          List.copyOf(failures));
      meters.batch(result);
      return new RoutedBatch(result, List.copyOf(landed));
    });
  }

  /**
   * What became of one event: {@code refused} (nothing changed; with its outcome when the script
   * refused it), or its outcome: applied, a duplicate, or {@code FAILED} (not known to have run).
   */
  private record Fate(int index, Board board, ParsedEvent event, SubmitOutcome outcome, LeaderboardException refused) {
  }

  /**
   * The one way events go in, one or a batch, on boards already looked up: each is parsed and checked
   * on its own (its fields named after {@code prefix}, or {@code events[i].} when it is {@code null}),
   * refused in a closed period or for a banned user as this node knows them; then all are written in
   * one pipelined round per shard, the users a board makes join first join and their events go
   * again. One fate per event, in the order given.
   */
  private Future<List<Fate>> admit(List<Routed> events, String prefix) {
    Map<String, Board> distinct = new LinkedHashMap<>();
    events.forEach(r -> distinct.putIfAbsent(r.board().name(), r.board()));
    List<Future<Map<String, PeriodState>>> stateReads = distinct.values().stream().map(boards::periodStates).toList();
    return Future.all(stateReads).compose(all -> {
      Map<String, Map<String, PeriodState>> states = new HashMap<>();
      int n = 0;
      for (String name : distinct.keySet()) {
        states.put(name, all.resultAt(n++));
      }
      long now = clock.millis();
      List<Item> items = new ArrayList<>();
      List<Fate> fates = new ArrayList<>();
      Map<String, Set<String>> periods = new LinkedHashMap<>();
      for (Routed r : events) {
        Board b = r.board();
        try {
          ParsedEvent e = EventParser.parse(b, r.event().check(), prefix != null ? prefix : "events[" + r.index() + "].",
              now);
          if (states.get(b.name()).containsKey(e.period().id())) {
            throw closed(b, e.period());
          }
          items.add(new Item(b, e, r.index()));
          periods.computeIfAbsent(b.name(), k -> new LinkedHashSet<>()).add(e.period().id());
        } catch (LeaderboardException ex) {
          fates.add(new Fate(r.index(), b, null, null, ex));
        }
      }
      return Future.all(periods.entrySet().stream().map(p -> note(distinct.get(p.getKey()), p.getValue())).toList())
          .compose(v -> {
            // events of users banned as this node knows it are refused here; the script refuses the rest
            for (int k = items.size() - 1; k >= 0; k--) {
              Item it = items.get(k);
              String userId = it.event().command().userId();
              if (bans.banned(userId)) {
                fates.add(new Fate(it.index(), it.board(), it.event(), null, banned(userId)));
                items.remove(k);
              }
            }
            return submitItems(items, now);
          })
          .compose(outcomes -> joinedAndSentAgain(items, outcomes, now))
          .map(outcomes -> {
            for (int k = 0; k < outcomes.size(); k++) {
              SubmitOutcome o = outcomes.get(k);
              Item it = items.get(k);
              LeaderboardException refusal = o.status() == SubmitOutcome.Status.FAILED
                  ? (o.failure() instanceof LeaderboardException le && le.status() < 500 ? le : null)
                  : refusal(it.board(), it.event(), o);
              fates.add(new Fate(it.index(), it.board(), it.event(), o, refusal));
              if (refusal == null && o.status() == SubmitOutcome.Status.CHANGED && o.entry() != null) {
                notices.changed(it.board(), it.event().period(), it.event().command().userId(), o.entry(),
                    o.previous());
              }
            }
            fates.sort(Comparator.comparingInt(Fate::index));
            return fates;
          });
    });
  }

  /** A parsed event of a batch on its board, with its index in the batch. */
  private record Item(Board board, ParsedEvent event, int index) {
  }

  /** A lone event joins the node's merged round of submits; several go in one round of their own. */
  private Future<List<SubmitOutcome>> submitItems(List<Item> items, long now) {
    if (items.size() == 1) {
      Item it = items.get(0);
      return scores.submit(it.board(), it.event().command(), now, EventParser.dedupeMillis(it.board()))
          .recover(t -> Future.succeededFuture(SubmitOutcome.failed(t))).map(List::of);
    }
    return scores.submitAll(items.stream().map(Item::board).toList(),
        items.stream().map(it -> it.event().command()).toList(), now,
        items.stream().map(it -> EventParser.dedupeMillis(it.board())).toList());
  }

  /**
   * The batch's events answered {@code NEEDS_JOIN}: their users join (each once per board and period), and the
   * events of those admitted go again, in their order; those of a user the board has no room for answer
   * {@code board_full}. Every other outcome stands.
   */
  private Future<List<SubmitOutcome>> joinedAndSentAgain(List<Item> items, List<SubmitOutcome> outcomes, long now) {
    List<Integer> again = new ArrayList<>();
    Map<String, Future<?>> joins = new LinkedHashMap<>();
    for (int k = 0; k < outcomes.size(); k++) {
      if (outcomes.get(k).status() == SubmitOutcome.Status.NEEDS_JOIN) {
        Item it = items.get(k);
        again.add(k);
        joins.computeIfAbsent(joinKey(it),
            key -> participation.join(it.board(), it.event().period(), it.event().command().userId(), ""));
      }
    }
    if (again.isEmpty()) {
      return Future.succeededFuture(outcomes);
    }
    return Future.join(new ArrayList<>(joins.values())).transform(ignored -> {
      List<SubmitOutcome> out = new ArrayList<>(outcomes);
      List<Item> send = new ArrayList<>();
      List<Integer> at = new ArrayList<>();
      for (int k : again) {
        Future<?> joined = joins.get(joinKey(items.get(k)));
        if (joined.succeeded()) {
          send.add(items.get(k));
          at.add(k);
        } else {
          out.set(k, SubmitOutcome.failed(joined.cause()));
        }
      }
      return submitItems(send, now).map(sent -> {
        for (int i = 0; i < at.size(); i++) {
          out.set(at.get(i), sent.get(i));
        }
        return out;
      });
    });
  }

  private static String joinKey(Item it) {
    return it.board().name() + "\n" + it.event().period().id() + "\n" + it.event().command().userId();
  }

  private static Rejection rejection(int index, LeaderboardException e) {
    return new Rejection(index, e.refusal(), e.getMessage());
  }

  /** Unknown whether it ran, unless the node refused to queue it ({@link OverloadedException}). */
  private static Rejection failure(int index, ParsedEvent e, Throwable why) {
    if (why instanceof OverloadedException overloaded) {
      return new Rejection(index, overloaded.refusal(), overloaded.getMessage() + "; the event was not applied, so "
          + "retrying it is safe with or without an eventId");
    }
    Refusal refusal = why instanceof LeaderboardException le ? le.refusal() : Refusal.SHARD_UNAVAILABLE;
    return new Rejection(index, refusal, why.getMessage() + "; the event may or may not have been applied: "
        + (e.command().eventId() != null ? "retrying it with the same eventId is safe"
        : "give events an eventId to make a retry safe"));
  }
}
