package dev.leaderboard.archive;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What every archive store does with PostgreSQL alike: a failure that means the database is out of
 * reach becomes 503 {@code archive_unavailable}, rows are read into records, bulk rows go in chunks of
 * arrays ({@code unnest}).
 */
final class ArchiveSql {
  /** Rows per bulk insert: large enough that per-statement costs vanish, small enough to bound memory. */
  static final int CHUNK = 20_000;
  /** Bulk statements built and sent ahead of PostgreSQL's answers ({@link #inTurn}). */
  static final int IN_FLIGHT = 2;

  private ArchiveSql() {
  }

  /**
   * The failure as callers see it: {@link StoreUnavailableException#archive} when PostgreSQL could
   * not be reached or cannot serve now (connection refused, closed or timed out; SQLSTATE classes
   * 08 connection exception and 57P operator intervention, and 53300 too many connections); any
   * other failure, a SQL error above all, as it is.
   */
  static <T> Future<T> reached(Future<T> answer) {
    return answer.recover(t -> Future.failedFuture(unreachable(t) ? StoreUnavailableException.archive(t) : t));
  }

  static boolean unreachable(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof DatabaseException db) {
        String state = String.valueOf(db.getSqlState());
        return state.startsWith("08") || state.startsWith("57P") || state.equals("53300");
      }
      if (c instanceof IOException || c instanceof ClosedConnectionException || c instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  /** Each row as {@code mapper} reads it, in order. */
  static <T> List<T> map(RowSet<Row> rows, Function<Row, T> mapper) {
    List<T> out = new ArrayList<>(rows.size());
    rows.forEach(row -> out.add(mapper.apply(row)));
    return out;
  }

  /** The first row as {@code mapper} reads it, or null when there is none. */
  static <T> T first(RowSet<Row> rows, Function<Row, T> mapper) {
    return rows.size() == 0 ? null : mapper.apply(rows.iterator().next());
  }

  /**
   * Sends {@code all} a chunk of {@link #CHUNK} at a time ({@link #inTurn}); {@code send} builds a
   * chunk's statement only when its turn comes.
   */
  static <T> Future<Void> inChunks(List<T> all, Function<List<T>, Future<?>> send) {
    int chunks = (all.size() + CHUNK - 1) / CHUNK;
    return inTurn(chunks, k -> send.apply(all.subList(k * CHUNK, Math.min(all.size(), (k + 1) * CHUNK))));
  }

  /**
   * Sends {@code count} statements on one connection, in order, statement {@code k} built by
   * {@code send} when its turn comes: once the statement {@link #IN_FLIGHT} before it has finished. So
   * while PostgreSQL runs one statement the node builds the next and sends it behind (the client
   * pipelines them), and neither waits on the other; at most {@link #IN_FLIGHT} statements' arrays are
   * alive. Statement {@code k} is sent after {@code k - 1}, whose turn came first (the connection answers
   * in order). The first failure fails the whole, and no statement after it is sent.
   */
  static Future<Void> inTurn(int count, IntFunction<Future<?>> send) {
    List<Future<?>> sent = new ArrayList<>(count);
    boolean[] failed = {false};
    for (int i = 0; i < count; i++) {
      int k = i;
      Future<?> turn = k < IN_FLIGHT ? Future.succeededFuture() : sent.get(k - IN_FLIGHT);
      sent.add(turn.compose(v -> failed[0] ? Future.failedFuture("a statement before it failed")
          : send.apply(k).onFailure(t -> failed[0] = true)));
    }
    return Future.all(sent).mapEmpty();
  }

  /**
   * As {@link #inChunks}, with the rows of one {@code group} kept together (groups in the order first
   * seen, each group's rows in theirs) and each chunk ending where a group does: {@code send} gets a
   * chunk's groups, each of which becomes one row of arrays. A chunk holds about {@link #CHUNK} rows,
   * more only to finish a group.
   */
  static <T> Future<Void> inWholeGroups(List<T> all, Function<T, Object> group,
      Function<List<List<T>>, Future<?>> send) {
    Map<Object, List<T>> groups = new LinkedHashMap<>();
    // rows of a group mostly come one after another: the map is asked once a run of them
    Object key = null;
    List<T> current = null;
    for (T row : all) {
      Object k = group.apply(row);
      if (current == null || !k.equals(key)) {
        key = k;
        current = groups.computeIfAbsent(k, g -> new ArrayList<>());
      }
      current.add(row);
    }
    List<List<List<T>>> chunks = new ArrayList<>();
    List<List<T>> chunk = new ArrayList<>();
    int rows = 0;
    for (List<T> g : groups.values()) {
      if (!chunk.isEmpty() && rows + g.size() > CHUNK) {
        chunks.add(chunk);
        chunk = new ArrayList<>();
        rows = 0;
      }
      chunk.add(g);
      rows += g.size();
    }
    if (!chunk.isEmpty()) {
      chunks.add(chunk);
    }
    return inTurn(chunks.size(), k -> send.apply(chunks.get(k)));
  }

  /**
   * For each group, one field of its rows as a PostgreSQL array literal ({@code {"a","b",NULL}},
   * {@code {1,2}}), cast back to an array by the statement ({@code ::text[]}): a chunk's rows of arrays
   * go in as one array parameter of literals, built here, where the server would otherwise have to
   * group and aggregate every element ({@code array_agg}, several times slower there).
   */
  static <T> String[] literals(List<List<T>> groups, Function<T, Object> field) {
    String[] out = new String[groups.size()];
    StringBuilder b = new StringBuilder();
    for (int g = 0; g < out.length; g++) {
      b.setLength(0);
      b.append('{');
      List<T> rows = groups.get(g);
      for (int i = 0; i < rows.size(); i++) {
        if (i > 0) {
          b.append(',');
        }
        element(b, field.apply(rows.get(i)));
      }
      out[g] = b.append('}').toString();
    }
    return out;
  }

  /** One element of an array literal: NULL, a number as it is, anything else quoted with {@code "} and {@code \} escaped. */
  private static void element(StringBuilder b, Object value) {
    if (value == null) {
      b.append("NULL");
    } else if (value instanceof Long || value instanceof Integer) {
      b.append(((Number) value).longValue());
    } else {
      String text = value.toString();
      b.append('"');
      if (text.indexOf('"') < 0 && text.indexOf('\\') < 0) {
        b.append(text).append('"');
        return;
      }
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '"' || c == '\\') {
          b.append('\\');
        }
        b.append(c);
      }
      b.append('"');
    }
  }

  /** One field of the first row of each group, as an array parameter. */
  static <T, C> C[] firsts(List<List<T>> groups, Function<T, C> field, IntFunction<C[]> array) {
    return groups.stream().map(g -> field.apply(g.get(0))).toArray(array);
  }

  /** One field of every row of a chunk, as an array parameter of an {@code unnest} insert. */
  static <T, C> C[] column(List<T> chunk, Function<T, C> field, IntFunction<C[]> array) {
    return chunk.stream().map(field).toArray(array);
  }

  static OffsetDateTime time(long millis) {
    return OffsetDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
  }
}
