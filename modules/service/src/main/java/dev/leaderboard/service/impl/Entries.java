package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.store.StoredEntry;
import java.util.List;

/** Turns stored composites into entries: the score and the time it was reached, decoded per board. */
final class Entries {
  private Entries() {
  }

  /** The epoch ms at which the entry's score was reached. */
  static long at(Board b, Period p, long composite) {
    return p.start().toEpochMilli() + b.codec().offsetUnits(composite) * b.tieResolution().millis();
  }

  static long score(Board b, StoredEntry e) {
    return b.codec().score(e.composite());
  }

  /** The entry at global {@code position} of a period of {@code total} entries, with the given rank. */
  static Entry of(Board b, Period p, StoredEntry e, long rank, long position, long total) {
    return new Entry(rank, e.userId(), score(b, e), at(b, p, e.composite()), RankMath.percentile(position, total),
        e.meta());
  }

  /** The scores of entries in board order. */
  static long[] scores(Board b, List<StoredEntry> sorted) {
    long[] out = new long[sorted.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = score(b, sorted.get(i));
    }
    return out;
  }
}
