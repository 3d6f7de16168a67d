package dev.leaderboard.service.intake;

import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.reads.ReadSources;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.intake.EventParser.ParsedEvent;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.store.scores.ScoreStore;
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
import java.util.stream.IntStream;

/** Score events in, one or a batch; each is validated on its own and applied atomically by the submit script. */
public final class ScoreIntake {
  /** Joins a batch sends at once ({@link #joinInTurn}). */
  private static final int JOINS_AT_ONCE = 64;
  private final BoardRegistry boards;
  private final BanRegistry bans;
  private final ScoreStore scores;
  private final SubmitAnswers answers;
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
    this.answers = new SubmitAnswers(sources, hints);
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
      return answers.of(b, f.event(), f.outcome(), withRank == null ? b.rankOnSubmit() : withRank);
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

  public Future<BatchResult> submitBatch(String board, ScoreBatch batch) {
    Names.board("board", board);
    List<ScoreEvent> events = Objects.requireNonNullElseGet(batch, () -> new ScoreBatch(null)).check().events();
    return boards.require(board).compose(b -> submitRouted(IntStream.range(0, events.size())
        .mapToObj(i -> new Routed(b, events.get(i), i)).toList(), List.of(), List.of()).map(RoutedBatch::result));
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
              .add(SubmitRefusals.rejection(f.index(), f.refused()));
        } else if (o.status() == SubmitOutcome.Status.FAILED) {
          failures.add(SubmitRefusals.failure(f.index(), f.event(), o.failure()));
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
            throw SubmitRefusals.closed(b, e.period());
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
                fates.add(new Fate(it.index(), it.board(), it.event(), null, SubmitRefusals.banned(userId)));
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
                  : SubmitRefusals.refusal(it.board(), it.event(), o);
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
    Map<String, Item> joining = new LinkedHashMap<>();
    for (int k = 0; k < outcomes.size(); k++) {
      if (outcomes.get(k).status() == SubmitOutcome.Status.NEEDS_JOIN) {
        again.add(k);
        joining.putIfAbsent(joinKey(items.get(k)), items.get(k));
      }
    }
    if (again.isEmpty()) {
      return Future.succeededFuture(outcomes);
    }
    Map<String, Future<?>> joins = new LinkedHashMap<>();
    return joinInTurn(new ArrayList<>(joining.values()), 0, joins).transform(ignored -> {
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

  /**
   * The joins from {@code from} on, {@value #JOINS_AT_ONCE} at a time: a batch of new participants
   * (they all join the period's home shard) never queues more commands than the node's pool takes.
   */
  private Future<Void> joinInTurn(List<Item> joining, int from, Map<String, Future<?>> joins) {
    if (from >= joining.size()) {
      return Future.succeededFuture();
    }
    int to = Math.min(joining.size(), from + JOINS_AT_ONCE);
    List<Future<?>> now = new ArrayList<>();
    for (Item it : joining.subList(from, to)) {
      Future<?> joined = participation.join(it.board(), it.event().period(), it.event().command().userId(), "");
      joins.put(joinKey(it), joined);
      now.add(joined);
    }
    return Future.join(now).transform(ignored -> joinInTurn(joining, to, joins));
  }

  private static String joinKey(Item it) {
    return it.board().name() + "\n" + it.event().period().id() + "\n" + it.event().command().userId();
  }
}
