package dev.leaderboard.store.scores;

import java.util.List;

/** Entries of a board period from a global position on, and the period's total. */
public record Page(long total, List<StoredEntry> entries) {
}
