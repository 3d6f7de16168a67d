package dev.leaderboard.service.reads;

import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.json.JsonObject;
import java.util.List;
import dev.leaderboard.service.result.ModeratedEntry;

/** Turns stored composites into entries: the score and the time it was reached, decoded per board. */
public final class Entries {
  private Entries() {
  }

  /** The epoch ms at which the entry's score was reached. */
  public static long at(Board b, Period p, StoredEntry e) {
    if (b.wide()) {
      return b.tieCodec().atMillis(e.tie());
    }
    return p.start().toEpochMilli() + b.codec().offsetUnits(e.composite()) * b.tieResolution().millis();
  }

  public static long score(Board b, StoredEntry e) {
    return b.scoreOf(e.composite());
  }

  /** The entry's sort keys as a JSON object's text (name → value), or {@code null} on a board without sort keys. */
  public static String keys(Board b, StoredEntry e) {
    if (b.sortKeys().isEmpty()) {
      return null;
    }
    long[] values = b.tieCodec().values(e.tie());
    JsonObject out = new JsonObject();
    for (int i = 0; i < values.length; i++) {
      out.put(b.sortKeys().get(i).name(), values[i]);
    }
    return out.encode();
  }

  /** An archived entry as the period stored it (its composite, or its score and tie), with its metadata. */
  public static StoredEntry ofArchived(Board b, Period p, ArchivedEntry r) {
    if (!b.wide()) {
      long offset = (r.at() - p.start().toEpochMilli()) / b.tieResolution().millis();
      return new StoredEntry(r.userId(), b.codec().encode(r.score(), offset), r.meta());
    }
    JsonObject keys = r.keys() == null ? new JsonObject() : new JsonObject(r.keys());
    long[] values = b.sortKeys().stream().mapToLong(k -> keys.getLong(k.name())).toArray();
    return new StoredEntry(r.userId(), r.score(), r.meta(), b.tieCodec().encode(values, r.at()));
  }

  /** The entry's sort keys as a JSON object, or {@code null} on a board without sort keys. */
  public static JsonObject keysJson(Board b, StoredEntry e) {
    String keys = keys(b, e);
    return keys == null ? null : new JsonObject(keys);
  }

  /** The entry with its score, time and sort keys as moderation answers show it, in the live period {@code h}. */
  public static ModeratedEntry moderated(ModerationTargets.Hot h, StoredEntry e) {
    Board b = h.board();
    return new ModeratedEntry(b.name(), h.period().id(), h.state(), score(b, e), at(b, h.period(), e), keysJson(b, e),
        null, null);
  }

  /**
   * The entry with the given rank in a period of {@code total} entries, {@code ahead} of it (see
   * {@link RankMath#ahead}).
   */
  public static Entry of(Board b, Period p, StoredEntry e, long rank, long ahead, long total) {
    return new Entry(rank, e.userId(), score(b, e), at(b, p, e), RankMath.percentile(ahead, total),
        e.meta(), keys(b, e));
  }

  /** The scores of entries in board order. */
  public static long[] scores(Board b, List<StoredEntry> sorted) {
    return sorted.stream().mapToLong(e -> score(b, e)).toArray();
  }
}
