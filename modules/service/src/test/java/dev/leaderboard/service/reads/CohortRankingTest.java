package dev.leaderboard.service.reads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.RankMode;
import java.util.List;
import org.junit.jupiter.api.Test;

class CohortRankingTest {
  /** A member: its board position and score, or neither without an entry. */
  private record Member(String id, Long position, Long score) {
  }

  private static final List<Member> COHORT = List.of(
      new Member("joined-first-no-entry", null, null),
      new Member("third", 70L, 5L),
      new Member("first", 3L, 9L),
      new Member("joined-later-no-entry", null, null),
      new Member("second", 12L, 5L),
      new Member("fourth", 200L, 1L));

  @Test
  void membersWithAnEntryInBoardOrderRankedInTheModeThenTheOthersInJoinOrder() {
    for (RankMode mode : RankMode.values()) {
      List<CohortRanking.Place<Member>> places = CohortRanking.of(mode, COHORT, Member::position, Member::score);
      assertThat(places.stream().map(p -> p.member().id()).toList()).as(mode.name()).containsExactly(
          "first", "second", "third", "fourth", "joined-first-no-entry", "joined-later-no-entry");
      List<Long> ranks = places.stream().map(CohortRanking.Place::rank).toList();
      switch (mode) {
        case UNIQUE -> assertThat(ranks).containsExactly(1L, 2L, 3L, 4L, null, null);
        case COMPETITION -> assertThat(ranks).containsExactly(1L, 2L, 2L, 4L, null, null);
        case DENSE -> assertThat(ranks).containsExactly(1L, 2L, 2L, 3L, null, null);
      }
    }
  }

  @Test
  void aCohortWithoutEntriesHasNoRanks() {
    List<Member> none = List.of(new Member("a", null, null), new Member("b", null, null));
    assertThat(CohortRanking.of(RankMode.UNIQUE, none, Member::position, Member::score))
        .extracting(CohortRanking.Place::rank).containsExactly(null, null);
  }
}
