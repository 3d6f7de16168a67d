package dev.leaderboard.archive;

import static dev.leaderboard.archive.LeagueMoveStore.COLUMNS;
import static dev.leaderboard.archive.LeagueMoveStore.MAX;
import static dev.leaderboard.archive.LeagueMoveStore.MEMBERS;
import static dev.leaderboard.archive.LeagueMoveStore.MEMBER_COLUMNS;
import static dev.leaderboard.archive.LeagueMoveStore.PAGE_KEY;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A league period's recorded moves read a page at a time ({@link LeagueMoveStore} records them): a
 * tier's first moves with its counts by movement (a tier board's event), pages by offset, and pages by
 * key that cost their own rows at any depth.
 */
public final class LeagueMovePages {
  private final Pool pool;

  LeagueMovePages(Pool pool) {
    this.pool = pool;
  }

  /**
   * The moves of the members who were in {@code tier} of the league named {@code league}, by
   * cohort and rank in it (the unseated after them), at most {@code limit}; and how many there are
   * of each movement.
   */
  public Future<TierMoves> tier(String league, String period, String tier, int limit) {
    Future<List<Move>> first = ArchiveSql.reached(pool.preparedQuery("select " + MEMBER_COLUMNS
        + " from league_cohort_move c" + MEMBERS + " where c.league = $1 and c.period = $2 and c.from_tier = $3"
        + " order by c.cohort, m.i limit $4").execute(Tuple.of(league, period, tier, limit)))
        .map(rows -> ArchiveSql.map(rows, LeagueMoveStore::move))
        .compose(seated -> seated.size() == limit ? Future.succeededFuture(seated) : ArchiveSql.reached(pool
            .preparedQuery("select " + COLUMNS + " from league_move where league = $1 and period = $2"
                + " and from_tier = $3 order by user_id limit $4")
            .execute(Tuple.of(league, period, tier, limit - seated.size()))).map(rows -> {
              List<Move> all = new ArrayList<>(seated);
              all.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
              return all;
            }));
    Future<Map<String, Long>> counts = ArchiveSql.reached(pool.preparedQuery("select movement, count(*) from"
        + " (select unnest(movements) movement from league_cohort_move where league = $1 and period = $2"
        + " and from_tier = $3 union all select movement from league_move where league = $1 and period = $2"
        + " and from_tier = $3) m group by movement").execute(Tuple.of(league, period, tier)))
        .map(rows -> {
          Map<String, Long> out = new TreeMap<>();
          for (Row r : rows) {
            out.put(r.getString(0), r.getLong(1));
          }
          return out;
        });
    return Future.all(first, counts).map(all -> new TierMoves(all.resultAt(0), all.resultAt(1)));
  }

  /** A tier's first moves and the count of each movement. */
  public record TierMoves(List<Move> first, Map<String, Long> counts) {
    public long total() {
      return counts.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * A page of the period's moves ({@code movement} null: every one), ordered by the tier moved from
   * in {@code tiers}' order, then cohort (the unseated last), cohort rank and user ID.
   */
  public Future<List<Move>> page(String leagueUid, String period, List<String> tiers, String movement, long offset,
      int limit) {
    return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from (select " + MEMBER_COLUMNS
        + " from league_cohort_move c" + MEMBERS + " where c.league_uid = $1 and c.period = $2 union all select "
        + COLUMNS + " from league_move where league_uid = $1 and period = $2) m where ($3::text is null"
        + " or movement = $3) order by array_position($4::text[], from_tier), " + PAGE_KEY + " offset $5 limit $6")
        .execute(Tuple.of(leagueUid, period, movement, tiers.toArray(String[]::new), offset, limit)))
        .map(rows -> ArchiveSql.map(rows, LeagueMoveStore::move));
  }

  /**
   * Where a page of moves goes on from: after this move of the tier at {@code tier} (its place in the
   * league's tiers), in the order of {@link #page}.
   */
  public record After(int tier, Long cohort, Long cohortRank, String userId) {
    /** The key of {@code m}, a move of a league whose tiers are {@code tiers}. */
    public static After of(Move m, List<String> tiers) {
      return new After(tiers.indexOf(m.from()), m.cohort(), m.cohortRank(), m.userId());
    }
  }

  /**
   * The page of the period's moves after {@code after} ({@code null}: from the first), in the order of
   * {@link #page}: a tier at a time, its cohorts' rows read along their primary key from the key's
   * cohort on, then its unseated members' along {@link LeagueMoveSchema#BY_PAGE}, so a page costs its own rows (and
   * the cohorts they are in) whatever its depth.
   */
  public Future<List<Move>> page(String leagueUid, String period, List<String> tiers, String movement, After after,
      int limit) {
    return pageFrom(leagueUid, period, tiers, movement, after == null ? new After(0, null, null, null) : after, limit,
        new ArrayList<>());
  }

  private Future<List<Move>> pageFrom(String leagueUid, String period, List<String> tiers, String movement, After after,
      int limit, List<Move> out) {
    if (after.tier() < 0 || after.tier() >= tiers.size() || out.size() >= limit) {
      return Future.succeededFuture(out);
    }
    String tier = tiers.get(after.tier());
    // the key in the cohorts, or before them; else in the unseated (a key with a user and no cohort)
    Future<Void> seated = after.userId() != null && after.cohort() == null ? Future.succeededFuture()
        : seatedPage(leagueUid, period, tier, movement, after, limit, out);
    return seated.compose(v -> {
      if (out.size() >= limit) {
        return Future.succeededFuture(out);
      }
      boolean inUnseated = after.userId() != null && after.cohort() == null;
      String key = inUnseated ? " and user_id > $5" : "";
      Tuple args = Tuple.of(leagueUid, period, tier, movement);
      if (inUnseated) {
        args.addString(after.userId());
      }
      args.addInteger(limit - out.size());
      return ArchiveSql.reached(pool.preparedQuery("select " + COLUMNS + " from league_move where league_uid = $1"
          + " and period = $2 and from_tier = $3 and ($4::text is null or movement = $4)" + key + " order by "
          + PAGE_KEY + " limit $" + args.size()).execute(args)).compose(rows -> {
            out.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
            return pageFrom(leagueUid, period, tiers, movement, new After(after.tier() + 1, null, null, null), limit,
                out);
          });
    });
  }

  /** The tier's seated moves after the key (from its first without one), up to the page's limit. */
  private Future<Void> seatedPage(String leagueUid, String period, String tier, String movement, After after, int limit,
      List<Move> out) {
    Tuple args = Tuple.of(leagueUid, period, tier, movement);
    String key = "";
    if (after.userId() != null) {
      key = " and c.cohort >= $5 and (c.cohort, coalesce(m.cohort_rank, " + MAX + "), m.user_id) > ($5, $6, $7)";
      args.addLong(after.cohort()).addLong(after.cohortRank() == null ? Long.MAX_VALUE : after.cohortRank())
          .addString(after.userId());
    }
    args.addInteger(limit - out.size());
    return ArchiveSql.reached(pool.preparedQuery("select " + MEMBER_COLUMNS + " from league_cohort_move c" + MEMBERS
        + " where c.league_uid = $1 and c.period = $2 and c.from_tier = $3 and ($4::text is null or m.movement = $4)"
        + key + " order by c.cohort, m.i limit $" + args.size()).execute(args))
        .map(rows -> {
          out.addAll(ArchiveSql.map(rows, LeagueMoveStore::move));
          return null;
        });
  }
}
