package dev.leaderboard.archive;

/**
 * The archive's migrations of the leagues' moves ({@link ArchiveSchema} applies them in order): the
 * table of moves a row each, its indexes, the counts by movement, and the moves a row a cohort.
 */
final class LeagueMoveSchema {
  private LeagueMoveSchema() {
  }

  /** The archive's migration that adds the table. */
  static final String SCHEMA = """
      create table if not exists league_move (
        league_uid text not null,
        league text not null,
        period text not null,
        user_id text not null,
        from_tier text not null,
        to_tier text,
        cohort bigint,
        cohort_rank bigint,
        score bigint,
        movement text not null,
        primary key (league_uid, period, user_id));
      create index if not exists league_move_by_user on league_move (league_uid, user_id, period desc);
      """;
  /** The archive's migration that lets a tier board's event read its members' moves in cohort order. */
  static final String BY_TIER = """
      create index if not exists league_move_by_tier on league_move (league, period, from_tier, cohort, cohort_rank);
      """;
  /**
   * The archive's migration that orders a tier's moves as pages read them: cohort (the unseated last),
   * cohort rank, user ID, so a page after a key walks the index from there instead of sorting the period.
   */
  static final String BY_PAGE = """
      create index if not exists league_move_page on league_move (league_uid, period, from_tier,
        (coalesce(cohort, 9223372036854775807)), (coalesce(cohort_rank, 9223372036854775807)), user_id);
      """;
  /**
   * The archive's migration that keeps each period's moves counted by movement, so a page or the list
   * of periods reads a few rows instead of counting the period; periods recorded before it are counted once here.
   */
  static final String COUNTS = """
      create table if not exists league_move_count (
        league_uid text not null,
        period text not null,
        movement text not null,
        moves bigint not null,
        primary key (league_uid, period, movement));
      insert into league_move_count select league_uid, period, movement, count(*) from league_move
        group by league_uid, period, movement on conflict do nothing;
      """;
  /**
   * The archive's migration that keeps a cohort's moves as one row ({@code league_cohort_move}): the
   * members' fields as arrays in page order (cohort rank, then user ID). A close writes a row per
   * cohort, not per member: at a million members each row and index entry a member costs is seconds
   * of PostgreSQL's time, and a cohort is what the moves are computed, paged and read by. Moves recorded
   * one row a member before it are turned into cohort rows; {@code league_move} keeps the unseated.
   */
  static final String COHORTS = """
      create table if not exists league_cohort_move (
        league_uid text not null,
        league text not null,
        period text not null,
        from_tier text not null,
        cohort bigint not null,
        user_ids text[] not null,
        to_tiers text[] not null,
        cohort_ranks bigint[] not null,
        scores bigint[] not null,
        movements text[] not null,
        primary key (league_uid, period, from_tier, cohort));
      create index if not exists league_cohort_move_seat on league_cohort_move (league_uid, period, cohort);
      create index if not exists league_cohort_move_by_name on league_cohort_move (league, period, from_tier, cohort);
      insert into league_cohort_move select league_uid, league, period, from_tier, cohort,
        array_agg(user_id order by coalesce(cohort_rank, 9223372036854775807), user_id),
        array_agg(to_tier order by coalesce(cohort_rank, 9223372036854775807), user_id),
        array_agg(cohort_rank order by coalesce(cohort_rank, 9223372036854775807), user_id),
        array_agg(score order by coalesce(cohort_rank, 9223372036854775807), user_id),
        array_agg(movement order by coalesce(cohort_rank, 9223372036854775807), user_id)
        from league_move where cohort is not null group by league_uid, league, period, from_tier, cohort;
      delete from league_move where cohort is not null;
      """;
}
