package dev.leaderboard.service.reads;

import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.UserEntry;
import io.vertx.core.Future;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.participation.ParticipationStore.ParticipantPage;
import java.util.List;
import java.util.Map;

/**
 * Where one period of one board is read from: Redis while the period is live ({@link LiveSource}),
 * the PostgreSQL archive once it is archived ({@link ArchiveSource}): its entries, and its participants
 * and cohorts. {@link ReadSources} chooses once per request; both answer the same shapes with the same
 * rules.
 */
public interface ReadSource {
  Future<EntryPage> page(long offset, int limit, RankMode mode);

  /** 404 {@code user_not_found} when the user has no entry. */
  Future<UserEntry> user(String userId, RankMode mode);

  /** {@code limit} entries centred on the user, or as centred as the period's ends allow; 404 when absent. */
  Future<AroundPage> around(String userId, int limit, RankMode mode);

  /** The users' entries in board order, and those without one. */
  Future<RankList> ranks(List<String> userIds, RankMode mode);

  /**
   * The group's stored entries (with metadata when the source reads it; archived, always): live, each member's shard read on its own so that a
   * shard that is down leaves out only its members; archived, rebuilt into composites so both follow
   * one code path, with their final positions ({@code null} while live).
   */
  Future<Group> group(List<String> userIds);

  /** The period's participants in join order (archived: as at its close), with how many there are. */
  Future<ParticipantPage> participants(long offset, int limit);

  /** The user's participation in the period; {@code null} when the user had not joined. */
  Future<Participant> participant(String userId);

  /**
   * The user's participation and the members of their cohort in join order ({@code null} when the user
   * had not joined; no members in cohort 0): {@link #participant} and then {@link #cohort}, live in one call.
   */
  Future<ParticipationStore.Seated> seated(String userId);

  /** The members of one cohort, in join order (none when the period has no such cohort). */
  Future<List<String>> cohort(long cohort);

  /** How many participants the period holds and how many cohorts it drew. */
  Future<ParticipationStore.Counts> participation();

  /** A group's entries, whom they reached, and (archived) each entry's final position. */
  record Group(Reach reach, Map<StoredEntry, Long> positions) {
  }

  /** First position of a window of {@code limit} entries centred on {@code position}, kept inside the period. */
  static long windowStart(long position, long total, int limit) {
    return Math.max(0, Math.min(position - (limit - 1) / 2, total - limit));
  }
}
