package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.AuditEntry;
import dev.leaderboard.archive.UserArchive;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Names;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.service.result.ModeratedEntry;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.service.result.UserExport;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueMemberships;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.moderation.ModerationStore.Holding;
import dev.leaderboard.store.profiles.ProfileStore;
import dev.leaderboard.store.participation.UserSeats;
import dev.leaderboard.store.participation.UserSeats.Seat;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A user's data on request: reads every place {@link Erasure} removes them from, in its order — the
 * ban record; their profile; on every hot period the entry, the entry a ban holds back, the metadata, the seat and
 * attempts, the idempotency records; the friend links; the archived rows and seats; the rewards; the
 * league memberships and moves; the audit entries that name them. Nothing is written.
 *
 * <p>Bounded: the hot periods are read {@value #PERIODS_PER_ROUND} at a time, each step one round per
 * shard (entries, then seats, then the idempotency records' scan steps); PostgreSQL is read a page at a
 * time ({@link UserArchive}).
 */
public record Export(ModerationStore store, ModerationTargets targets, UserSeats participation,
    FriendStore friends, LeagueMemberships leagues, HeldScoreStore heldScores, ProfileStore profiles, ArchiveStore archive,
    Clock clock) {
  /** Hot periods read per round. */
  static final int PERIODS_PER_ROUND = 500;
  /** The operations whose audit entries record a request about the user's data itself, kept by an erasure. */
  public static final List<String> REQUESTS = List.of("eraseUser", "exportUser");

  public Future<UserExport> export(String userId) {
    Names.id("userId", userId);
    long now = clock.millis();
    UserArchive users = archive.users();
    return store.ban(userId).compose(ban -> profiles.get(userId).compose(profile -> targets.hot()
        .compose(hot -> periods(userId, hot, 0, new ArrayList<>()))
        .compose(periods -> friends.friends(userId)
            .compose(friendIds -> leagues.memberships(userId)
                .compose(m -> Future.all(archived(userId), users.rewards(userId),
                        heldScores.heldOf(m.leagues(), userId, false),
                        users.leagueMoves(userId, m.leagues().stream().map(League::uid).toList()),
                        users.audit(userId, REQUESTS))
                    .map(pg -> new UserExport(userId, now, ban, profile == null ? null : new JsonObject(profile),
                        periods, pg.resultAt(0), friendIds,
                        RewardList.Item.of(pg.resultAt(1), false),
                        m.memberOf().stream().map(s -> new UserExport.LeagueSeat(s.league().name(), s.tier())).toList(),
                        pg.<List<UserArchive.LeagueMove>>resultAt(3).stream().map(Export::move).toList(),
                        pg.<List<HeldScoreStore.HeldOf>>resultAt(2).stream().map(h -> new UserExport.PendingLeagueScore(
                            h.league(), h.period(), new JsonObject(h.json()))).toList(),
                        pg.<List<AuditEntry>>resultAt(4).stream().map(AuditEntry::toJson).toList())))))));
  }

  /** The hot periods from {@code from} on, a chunk a step; those where the user holds nothing are left out. */
  private Future<List<UserExport.HotPeriod>> periods(String userId, List<ModerationTargets.Hot> hot, int from,
      List<UserExport.HotPeriod> out) {
    if (from >= hot.size()) {
      return Future.succeededFuture(out);
    }
    List<ModerationTargets.Hot> chunk = hot.subList(from, Math.min(hot.size(), from + PERIODS_PER_ROUND));
    List<ModerationStore.Target> all = ModerationTargets.targets(chunk);
    return store.holdings(userId, all).compose(held -> participation.seats(ModerationTargets.seats(chunk), userId)
        .compose(seats -> store.events(all, userId).map(events -> {
          IntStream.range(0, chunk.size()).mapToObj(i -> period(chunk.get(i), held.get(i), seats.get(i), events.get(i)))
              .filter(Objects::nonNull).forEach(out::add);
          return out;
        })))
        .compose(v -> periods(userId, hot, from + PERIODS_PER_ROUND, out));
  }

  private static UserExport.HotPeriod period(ModerationTargets.Hot h, Holding held, Seat seat, List<String> events) {
    if (held.entry() == null && held.stashed() == null && held.meta() == null && seat.participant() == null
        && seat.attempts() == 0 && events.isEmpty()) {
      return null;
    }
    ModeratedEntry answer = h.answer();
    return new UserExport.HotPeriod(answer.board(), answer.period(), answer.state(), score(h, held.entry()),
        score(h, held.stashed()), held.meta() == null ? null : new JsonObject(held.meta()),
        seat.participant() == null ? null
            : seat(seat.participant().joinedAt(), seat.participant().cohort()),
        seat.attempts() == 0 ? null : seat.attempts(), events.isEmpty() ? null : events);
  }

  private static UserExport.Score score(ModerationTargets.Hot h, StoredEntry e) {
    return e == null ? null : new UserExport.Score(Entries.score(h.board(), e), Entries.at(h.board(), h.period(), e),
        Entries.keysJson(h.board(), e));
  }

  private static UserExport.Seat seat(long joinedAt, long cohort) {
    return new UserExport.Seat(joinedAt, cohort == 0 ? null : cohort);
  }

  /** The archived rows and seats, one item per period (by board's uid and period). */
  private Future<List<UserExport.ArchivedPeriod>> archived(String userId) {
    UserArchive users = archive.users();
    return Future.all(users.entries(userId), users.participations(userId)).map(both -> {
      Map<String, UserExport.ArchivedPeriod> byPeriod = new LinkedHashMap<>();
      for (UserArchive.Entry e : both.<List<UserArchive.Entry>>resultAt(0)) {
        var r = e.entry();
        byPeriod.put(e.boardUid() + "\n" + e.period(), new UserExport.ArchivedPeriod(e.board(), e.period(),
            r.position(), r.score(), r.at(), r.competitionRank(), r.denseRank(), json(r.meta()), json(r.keys()), null));
      }
      for (UserArchive.Participation p : both.<List<UserArchive.Participation>>resultAt(1)) {
        UserExport.Seat seat = seat(p.participant().joinedAt(), p.participant().cohort());
        byPeriod.merge(p.boardUid() + "\n" + p.period(),
            new UserExport.ArchivedPeriod(p.board(), p.period(), null, null, null, null, null, null, null, seat),
            (row, s) -> new UserExport.ArchivedPeriod(row.board(), row.period(), row.position(), row.score(),
                row.at(), row.rank(), row.denseRank(), row.meta(), row.keys(), seat));
      }
      return List.copyOf(byPeriod.values());
    });
  }

  private static JsonObject json(String text) {
    return text == null ? null : new JsonObject(text);
  }

  private static UserExport.LeagueMove move(UserArchive.LeagueMove m) {
    var mv = m.move();
    return new UserExport.LeagueMove(m.league(), m.period(), mv.from(), mv.to(), mv.cohort(), mv.cohortRank(),
        mv.score(), mv.movement());
  }
}
