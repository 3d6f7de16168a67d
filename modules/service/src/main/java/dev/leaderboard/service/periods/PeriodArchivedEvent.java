package dev.leaderboard.service.periods;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The event of an archived period, as published on the event bus and POSTed to the board's
 * webhook: the board, the period, its number of entries and its top {@code archiveEventTop}
 * entries, read from the archive (so every attempt, on any node, sends the same content).
 */
public final class PeriodArchivedEvent {
  /** Where the node that archived a period publishes its event. */
  public static final String ADDRESS = "leaderboard.period.archived";

  private PeriodArchivedEvent() {
  }

  /** The event's ID: one per archived period of one board (a board made again under the name has another). */
  public static String id(Board b, String period) {
    return "period-archived:" + b.name() + ":" + b.uid() + ":" + period;
  }

  /** The event of the archived period {@code a}, with its top entries read from the archive. */
  public static Future<JsonObject> load(ArchiveStore archive, Board b, ArchivedPeriod a) {
    return archive.page(b.uid(), a.period(), 0, b.events().top()).map(top -> json(b, a, top));
  }

  static JsonObject json(Board b, ArchivedPeriod a, java.util.List<ArchivedEntry> top) {
    Period p = b.parsePeriod(a.period());
    JsonArray entries = new JsonArray();
    for (ArchivedEntry e : top) {
      JsonObject entry = new JsonObject().put("rank", e.position() + 1).put("userId", e.userId()).put("score", e.score())
          .put("at", e.at());
      entries.add(e.keys() == null ? entry : entry.put("keys", new JsonObject(e.keys())));
    }
    return new JsonObject()
        .put("type", ADDRESS)
        .put("eventId", id(b, a.period()))
        .put("board", b.name())
        .put("period", a.period())
        .put("start", p.start().toEpochMilli())
        .put("end", p.end().toEpochMilli())
        .put("archivedAt", a.archivedAt())
        .put("total", a.size())
        .put("top", entries);
  }
}
