package dev.leaderboard.service.reads;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.UserEntry;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.HashMap;
import dev.leaderboard.archive.ArchivedParticipant;
import dev.leaderboard.archive.ParticipantArchive;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.participation.ParticipationStore.ParticipantPage;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * An archived period: every row carries its final position and ranks, as the period had them when it closed.
 *
 * @param withMeta whether entries carry their archived metadata
 */
record ArchiveSource(ArchiveStore archive, Board b, Period p, ArchivedPeriod meta, boolean withMeta)
    implements ReadSource {
  @Override
  public Future<EntryPage> page(long offset, int limit, RankMode mode) {
    return archive.page(b.uid(), p.id(), offset, limit)
        .map(rows -> new EntryPage(b.name(), p.id(), meta.size(), offset, limit, mode, entries(rows, mode)));
  }

  @Override
  public Future<UserEntry> user(String userId, RankMode mode) {
    return row(userId).map(row -> UserEntry.of(entry(row, mode), p.id(), meta.size()));
  }

  @Override
  public Future<AroundPage> around(String userId, int limit, RankMode mode) {
    return row(userId).compose(row -> {
      long start = ReadSource.windowStart(row.position(), meta.size(), limit);
      return archive.page(b.uid(), p.id(), start, limit)
          .map(rows -> new AroundPage(b.name(), p.id(), userId, meta.size(), start, mode, entries(rows, mode)));
    });
  }

  @Override
  public Future<ParticipantPage> participants(long offset, int limit) {
    ParticipantArchive archived = archive.participants();
    return Future.all(archived.count(b.uid(), p.id()), archived.page(b.uid(), p.id(), offset, limit))
        .map(all -> new ParticipantPage(all.<Long>resultAt(0), all.<List<ArchivedParticipant>>resultAt(1).stream()
            .map(ArchiveSource::participant).toList()));
  }

  @Override
  public Future<Participant> participant(String userId) {
    return archive.participants().participant(b.uid(), p.id(), userId).map(a -> a == null ? null : participant(a));
  }

  @Override
  public Future<ParticipationStore.Seated> seated(String userId) {
    return participant(userId).compose(seat -> seat == null ? Future.succeededFuture(null) : seat.cohort() == 0
        ? Future.succeededFuture(new ParticipationStore.Seated(seat, List.of()))
        : cohort(seat.cohort()).map(members -> new ParticipationStore.Seated(seat, members)));
  }

  @Override
  public Future<List<String>> cohort(long cohort) {
    return archive.participants().cohort(b.uid(), p.id(), cohort)
        .map(list -> list.stream().map(ArchivedParticipant::userId).toList());
  }

  @Override
  public Future<ParticipationStore.Counts> participation() {
    return archive.participants().counts(b.uid(), p.id()).map(c -> new ParticipationStore.Counts(c[0], c[1]));
  }

  private static Participant participant(ArchivedParticipant a) {
    return new Participant(a.userId(), a.joinedAt(), a.cohort());
  }

  @Override
  public Future<RankList> ranks(List<String> userIds, RankMode mode) {
    return archive.entries(b.uid(), p.id(), userIds).map(rows -> {
      List<ArchivedEntry> sorted = new ArrayList<>(rows);
      sorted.sort(Comparator.comparingLong(ArchivedEntry::position));
      Set<String> found = sorted.stream().map(ArchivedEntry::userId).collect(Collectors.toSet());
      return RankList.of(b.name(), p.id(), meta.size(), mode, entries(sorted, mode),
          userIds.stream().filter(u -> !found.contains(u)).toList());
    });
  }

  private Future<ArchivedEntry> row(String userId) {
    return archive.entry(b.uid(), p.id(), userId).map(row -> {
      if (row == null) {
        throw Refusal.USER_NOT_FOUND.exception(b.name(), p.id(), userId);
      }
      return row;
    });
  }

  private List<Entry> entries(List<ArchivedEntry> rows, RankMode mode) {
    return rows.stream().map(r -> entry(r, mode)).toList();
  }

  private Entry entry(ArchivedEntry r, RankMode mode) {
    long rank = switch (mode) {
      case UNIQUE -> RankMath.unique(r.position());
      case COMPETITION -> r.competitionRank();
      case DENSE -> r.denseRank();
    };
    return new Entry(rank, r.userId(), r.score(), r.at(), RankMath.percentile(RankMath.ahead(mode, r.position(), r.competitionRank()), meta.size()),
        withMeta ? r.meta() : null, r.keys());
  }

  @Override
  public Future<Group> group(List<String> userIds) {
    return archive.entries(b.uid(), p.id(), userIds).map(rows -> {
      List<StoredEntry> entries = new ArrayList<>();
      Map<StoredEntry, Long> positions = new HashMap<>();
      Set<String> scored = new HashSet<>();
      for (ArchivedEntry r : rows) {
        StoredEntry e = Entries.ofArchived(b, p, r);
        entries.add(e);
        positions.put(e, r.position());
        scored.add(r.userId());
      }
      List<String> missing = userIds.stream().filter(u -> !scored.contains(u)).toList();
      return new Group(new Reach(entries, missing, List.of(), new TreeSet<>()), positions);
    });
  }
}
