package dev.leaderboard.service.participation;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Competition;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.reads.CohortRanking;
import dev.leaderboard.service.reads.ReadSource;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.CohortPlace;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.JoinResult;
import dev.leaderboard.service.result.ParticipantList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.UserBoards;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Join;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.LongStream;

/**
 * Joining a board's period and reading its participants, its cohorts and a user's entry with the
 * user's cohort. Where a period is read from is decided once per request, as for its entries
 * ({@link ReadSources}): a live period answers from
 * Redis, an archived one from PostgreSQL, as it was at its close. A cohort's board ranks its members' entries among themselves and carries
 * their exact board ranks, read like any list of users ({@code ReadSource.ranks}).
 */
public record Participation(BoardRegistry boards, BanRegistry bans, ParticipationStore store, ReadSources sources,
    Clock clock) {
  /** Joins the user to the board's current period; {@code created} false when the user had joined it before. */
  public Future<JoinResult> join(String board, JoinRequest request) {
    Names.board("board", board);
    JoinRequest body = (request == null ? new JoinRequest(null) : request).check();
    return boards.require(board).compose(b -> {
      Period p = b.periodOf(clock.instant());
      String outside = b.competition().outsideWindow(p, clock.instant());
      if (outside != null) {
        throw notRunning(b, outside);
      }
      if (bans.banned(body.userId())) {
        throw Refusal.BANNED.exception(body.userId());
      }
      return join(b, p, body.userId(), body.attribute(b.competition().cohortBy()))
          .map(j -> JoinResult.of(body.userId(), p.id(), j.participant().cohort(),
              j.status() == ParticipationStore.Status.JOINED));
    });
  }

  /**
   * Joins the user to the period (a first submit on a board that joins on submit does too); fails
   * with 409 {@code board_full}, 409 {@code period_closed} or 404 as the join script answers.
   */
  public Future<Join> join(Board b, Period p, String userId, String cohortValue) {
    return boards.periodState(b, p.id()).compose(state -> {
      if (state != PeriodState.OPEN) {
        throw closed(b, p);
      }
      return boards.notePeriod(b, p.id());
    }).compose(v -> store.join(b, p.id(), userId, cohortValue, clock.millis())).compose(j -> switch (j.status()) {
      case JOINED, ALREADY -> Future.succeededFuture(j);
      case FULL -> Future.failedFuture(full(b, p));
      case CLOSED -> Future.failedFuture(closed(b, p));
      case BOARD_GONE -> Future.failedFuture(Refusal.BOARD_NOT_FOUND.exception(b.name()));
      // an erasure took the user out of this period: refused as any banned user's request
      case BARRED -> Future.failedFuture(Refusal.BANNED.exception(userId));
    });
  }

  static LeaderboardException full(Board b, Period p) {
    return Refusal.BOARD_FULL.exception(p.id(), b.name(), b.competition().maxSize());
  }

  private static LeaderboardException closed(Board b, Period p) {
    return Refusal.PERIOD_CLOSED.exception(p.id(), b.name());
  }

  /** 409 {@code not_running}, naming the window. */
  public static LeaderboardException notRunning(Board b, String why) {
    return Refusal.NOT_RUNNING.exception(b.name(), why);
  }

  /** Participants in join order; an archived period's as at its close. */
  public Future<ParticipantList> participants(String board, String period, Long offset, Integer limit) {
    Names.board("board", board);
    long off = Requests.offset(offset);
    int lim = Requests.limit(limit, Limits.DEFAULT_PAGE);
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return sources.of(b, p, false).compose(source -> source.participants(off, lim))
          .map(page -> ParticipantList.of(b.name(), p.id(), page.total(), off, lim, page.participants()));
    });
  }

  /** The user's cohort board; 404 {@code cohort_not_found} when the user has no cohort in the period. */
  public Future<CohortBoard> cohortOf(String board, String userId, String period, String rankMode, Boolean meta) {
    Names.board("board", board);
    Names.id("userId", userId);
    RankMode mode = Requests.rankMode(rankMode);
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      requireCohorts(b);
      return participant(b, p, userId).compose(found -> {
        if (found == null || found.cohort() == 0) {
          throw Refusal.COHORT_NOT_FOUND.exception(p.id(), "board " + b.name(), "for user '" + userId + "'");
        }
        return cohortBoard(b, p, found.cohort(), mode, !Boolean.FALSE.equals(meta));
      });
    });
  }

  /** A cohort's board by its ID; 404 {@code cohort_not_found} when the period has no such cohort. */
  public Future<CohortBoard> cohort(String board, Long cohort, String period, String rankMode, Boolean meta) {
    Names.board("board", board);
    RankMode mode = Requests.rankMode(rankMode);
    if (cohort == null || cohort < 1 || cohort > Fields.MAX_EXACT / ParticipationStore.PLACES) {
      throw Refusal.invalid("cohort", "must be a cohort ID, a whole number from 1 (got " + cohort + ")");
    }
    return boards.require(board).compose(b -> {
      Period p = Requests.period(b, period, clock);
      requireCohorts(b);
      return cohortBoard(b, p, cohort, mode, !Boolean.FALSE.equals(meta));
    });
  }

  private static void requireCohorts(Board b) {
    if (!b.competition().cohorts()) {
      throw Refusal.NO_COHORTS.exception(b.name());
    }
  }

  /** The user's participation in the period, live or archived; {@code null} when the user had not joined. */
  public Future<Participant> participant(Board b, Period p, String userId) {
    return sources.of(b, p, false).compose(source -> source.participant(userId));
  }

  /** How many participants the period holds and how many cohorts it drew; an archived period's as at its close. */
  public Future<ParticipationStore.Counts> counts(Board b, Period p) {
    return sources.of(b, p, false).compose(ReadSource::participation);
  }

  /** The cohort's entries, ranked among the members, with their board ranks: its members and entries from one source. */
  public Future<CohortBoard> cohortBoard(Board b, Period p, long cohort, RankMode mode, boolean withMeta) {
    return sources.of(b, p, withMeta).compose(source -> source.cohort(cohort).compose(members -> {
      if (members.isEmpty()) {
        throw Refusal.COHORT_NOT_FOUND.exception(p.id(), "board " + b.name(), cohort);
      }
      return source.ranks(members, mode).map(list -> {
        List<Entry> global = list.entries();
        // the entries come in board order: a member's place in them is its position
        List<Long> inOrder = LongStream.range(0, global.size()).boxed().toList();
        List<CohortBoard.Member> entries = new ArrayList<>(global.size());
        for (CohortRanking.Place<Long> place : CohortRanking.of(mode, inOrder, i -> i,
            i -> global.get(i.intValue()).score())) {
          Entry g = global.get(place.member().intValue());
          entries.add(CohortBoard.Member.of(g, place.rank(), list.rankOf(g)));
        }
        return new CohortBoard(b.name(), p.id(), cohort, members.size(), mode, entries, list.missing(), list.partial());
      });
    }));
  }

  /**
   * The cohort's members ranked among themselves without its board: the members (one read) and their
   * own entries (one round), no count over the whole board, ranked as {@link #cohortBoard} ranks them.
   * What a member's cohort rank, or a league's zone, needs.
   */
  public Future<CohortOrder> cohortOrder(Board b, Period p, long cohort, RankMode mode) {
    return sources.of(b, p, false).compose(source -> source.cohort(cohort).compose(members -> source.group(members)
        .map(found -> CohortOrder.of(b, cohort, mode, members, found.reach()))));
  }

  /**
   * The user's cohort ranked as {@link #cohortOrder} ranks it, found with the user's seat in one round;
   * {@code null} when the user is not seated in a cohort.
   */
  public Future<CohortOrder> cohortOrderOf(Board b, Period p, String userId, RankMode mode) {
    return sources.of(b, p, false).compose(source -> source.seated(userId).compose(seat -> seat == null
        || seat.participant().cohort() == 0 ? Future.succeededFuture(null) : source.group(seat.cohort())
        .map(found -> CohortOrder.of(b, seat.participant().cohort(), mode, seat.cohort(), found.reach()))));
  }

  /** The user's entry; on a board with cohorts, a user placed in one also has its {@code cohort} and {@code cohortRank}. */
  public Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta) {
    Names.board("board", board);
    Names.id("userId", userId);
    RankMode mode = Requests.rankMode(rankMode);
    return boards.require(board).compose(b -> user(b, Requests.period(b, period, clock), userId, mode,
        meta == null || meta));
  }

  /** {@link #user(String, String, String, String, Boolean)} on a board and period already resolved. */
  public Future<UserEntry> user(Board b, Period p, String userId, RankMode mode, boolean withMeta) {
    Future<UserEntry> read = sources.of(b, p, withMeta).compose(source -> source.user(userId, mode));
    if (!b.competition().cohorts()) {
      return read;
    }
    return read.compose(entry -> cohortOrderOf(b, p, userId, mode).map(c -> c == null ? entry
        : entry.inCohort(c.cohort(), c.rankOf(userId))));
  }

  /**
   * The boards where the user takes part or has an entry in the current period, by name: their
   * standing there, attempts left and running window.
   */
  public Future<UserBoards> userBoards(String userId) {
    Names.id("userId", userId);
    return boards.all().compose(all -> {
      // a league's tier boards are read through the league
      List<Future<UserBoards.Item>> each = all.stream().filter(b -> b.tier() == null)
          .sorted(Comparator.comparing(Board::name)).map(b -> standing(b, userId)).toList();
      return Future.all(each).map(done -> new UserBoards(userId,
          done.<UserBoards.Item>list().stream().filter(Objects::nonNull).toList()));
    });
  }

  /** The user's standing on one board's current period; {@code null} when the user neither joined nor scored. */
  private Future<UserBoards.Item> standing(Board b, String userId) {
    Period p = b.periodOf(clock.instant());
    Competition c = b.competition();
    Future<Participant> joined = participant(b, p, userId);
    Future<RankList> ranked = sources.of(b, p, false).compose(s -> s.ranks(List.of(userId), RankMode.UNIQUE));
    Future<long[]> used = c.maxAttempts() == null ? Future.succeededFuture(null)
        : store.attemptsUsed(b, p.id(), List.of(userId));
    return Future.all(joined, ranked, used).compose(all -> {
      Participant participant = all.resultAt(0);
      RankList list = all.resultAt(1);
      if (participant == null && list.entries().isEmpty()) {
        return Future.succeededFuture(null);
      }
      Entry entry = list.entries().isEmpty() ? null : list.entries().get(0);
      long[] attempts = all.resultAt(2);
      Future<CohortPlace> place = participant == null || participant.cohort() == 0 ? Future.succeededFuture(null)
          : cohortOrder(b, p, participant.cohort(), RankMode.UNIQUE)
              .map(o -> new CohortPlace(participant.cohort(), o.rankOf(userId)));
      return place.map(cohort -> new UserBoards.Item(b.name(), p.id(), participant != null,
          participant == null ? null : participant.joinedAt(),
          entry == null ? null : new UserBoards.Standing(entry.score(), list.rankOf(entry)),
          attempts == null ? null : Math.max(0, c.maxAttempts() - attempts[0]), c.window(p), cohort));
    });
  }
}
