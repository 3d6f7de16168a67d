package dev.leaderboard.archive;

/**
 * The archive's migrations of the participants of archived periods ({@link ArchiveSchema} applies them
 * in order; {@link ParticipantArchive} reads and writes them).
 */
final class ParticipantSchema {
  private ParticipantSchema() {
  }

  /** Schema version 7. */
  static final String SCHEMA = """
      create table if not exists archived_participant (
        board_uid text not null,
        period text not null,
        position bigint not null,
        user_id text not null,
        joined_at bigint not null,
        cohort bigint not null,
        primary key (board_uid, period, position));
      create unique index if not exists archived_participant_user on archived_participant (board_uid, period, user_id);
      create index if not exists archived_participant_cohort on archived_participant (board_uid, period, cohort, position);
      create index if not exists archived_participant_by_user on archived_participant (user_id);
      """;
  /**
   * Schema version 17: a period's participants as blocks of {@value ParticipantArchive#BLOCK} in join order
   * ({@code archived_join_block}) and a row a cohort ({@code archived_cohort}), each with its members'
   * fields as arrays in join order; a participant's seat (join position, time, cohort) on their archived
   * entry; a row a participant ({@code archived_participant}) only for those without an entry, whom no
   * entry row finds by user. At a million participants each row and index entry a participant costs is
   * seconds of PostgreSQL's time, the index led by the user above all (a random place for every row):
   * the entry row is there anyway, and a block or a cohort row is a thousandth or a thirtieth of one.
   * Participants archived a row each before it are moved into that form.
   */
  static final String BLOCKS = """
      alter table archived_entry add column if not exists joined bigint, add column if not exists joined_at bigint,
        add column if not exists cohort bigint;
      create table if not exists archived_join_block (
        board_uid text not null,
        period text not null,
        first bigint not null,
        positions bigint[] not null,
        user_ids text[] not null,
        joined_at bigint[] not null,
        cohorts bigint[] not null,
        primary key (board_uid, period, first));
      create table if not exists archived_cohort (
        board_uid text not null,
        period text not null,
        cohort bigint not null,
        positions bigint[] not null,
        user_ids text[] not null,
        joined_at bigint[] not null,
        primary key (board_uid, period, cohort));
      insert into archived_join_block select board_uid, period, min(position), array_agg(position order by position),
        array_agg(user_id order by position), array_agg(joined_at order by position), array_agg(cohort order by position)
        from archived_participant group by board_uid, period, position / 1000;
      insert into archived_cohort select board_uid, period, cohort, array_agg(position order by position),
        array_agg(user_id order by position), array_agg(joined_at order by position)
        from archived_participant where cohort > 0 group by board_uid, period, cohort;
      update archived_entry e set joined = j.position, joined_at = j.joined_at, cohort = j.cohort
        from archived_participant j where j.board_uid = e.board_uid and j.period = e.period and j.user_id = e.user_id;
      delete from archived_participant j using archived_entry e
        where e.board_uid = j.board_uid and e.period = j.period and e.user_id = j.user_id;
      drop index if exists archived_participant_cohort;
      """;

  /**
   * Schema version 18: the arrays of blocks, cohort rows and cohort moves stored uncompressed
   * ({@code external}). A block of {@value ParticipantArchive#BLOCK} participants is about 40 kB, and
   * compressing it cost PostgreSQL most of its write: measured with 1,000,000 participants, 2.7 s
   * compressed against 0.7 s not. A row is still moved out of line when large, only not compressed.
   */
  static final String UNCOMPRESSED = """
      alter table archived_join_block alter column positions set storage external,
        alter column user_ids set storage external, alter column joined_at set storage external,
        alter column cohorts set storage external;
      alter table archived_cohort alter column positions set storage external,
        alter column user_ids set storage external, alter column joined_at set storage external;
      alter table league_cohort_move alter column user_ids set storage external,
        alter column to_tiers set storage external, alter column cohort_ranks set storage external,
        alter column scores set storage external, alter column movements set storage external;
      """;
}
