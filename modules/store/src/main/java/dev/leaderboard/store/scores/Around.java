package dev.leaderboard.store.scores;

import java.util.List;

/**
 * The neighbourhood of one entry across all partitions.
 *
 * @param position the entry's global 0-based position (entries ordered before it)
 * @param total entries in the period
 * @param before entries just before it, in board order (the last one is its direct predecessor)
 * @param from the entry itself followed by the entries after it, in board order
 */
public record Around(long position, long total, List<StoredEntry> before, List<StoredEntry> from) {
}
