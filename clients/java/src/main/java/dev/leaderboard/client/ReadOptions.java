package dev.leaderboard.client;

/**
 * What a read of entries may choose besides its paging: the period (default the current one; an
 * archived period reads the same way), the rank mode and whether entries carry their metadata.
 * Immutable; each setter returns a new instance.
 */
public final class ReadOptions {
  /** The current period, the board's rank mode, no metadata. */
  public static final ReadOptions DEFAULTS = new ReadOptions(null, null, null);
  private final String period;
  private final RankMode rankMode;
  private final Boolean meta;

  private ReadOptions(String period, RankMode rankMode, Boolean meta) {
    this.period = period;
    this.rankMode = rankMode;
    this.meta = meta;
  }

  /** Reads {@code period} (e.g. {@code 2026-11-27} of a daily board, {@code 2026-W48} of a weekly one). */
  public ReadOptions period(String period) {
    return new ReadOptions(period, rankMode, meta);
  }

  /** Ranks equal scores by {@code mode}. */
  public ReadOptions rankMode(RankMode mode) {
    return new ReadOptions(period, mode, meta);
  }

  /** Entries carry their stored metadata. */
  public ReadOptions withMeta() {
    return new ReadOptions(period, rankMode, true);
  }

  /** The period and rank mode only, for the reads that take no metadata. */
  Call addPeriodAndMode(Call call) {
    return call.param("period", period).param("rankMode", rankMode == null ? null : rankMode.wireName());
  }

  Call addTo(Call call) {
    return call.param("period", period).param("rankMode", rankMode == null ? null : rankMode.wireName())
        .param("meta", meta);
  }

  /** Only the period, for the operations that take no rank mode. */
  String periodOrNull() {
    return period;
  }
}
