package dev.leaderboard.service.periods;

import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.List;

/**
 * What a period's archive read from Redis once the period was frozen: its participants in join order
 * (none on a board without competition fields) and its final ranking in board order. A league's close
 * computes a tier's moves from them instead of reading the tier again.
 */
public record FrozenRows(List<Participant> joined, List<StoredEntry> ranking) {
}
