package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NamesTest {

  private static void assertRefused(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOf(LeaderboardException.class)
        .satisfies(e -> {
          assertThat(((LeaderboardException) e).status()).isEqualTo(400);
          assertThat(((LeaderboardException) e).code()).isEqualTo("invalid_field");
        })
        .hasMessageStartingWith(field + " must be");
  }

  @Test
  void boardNameLengthBoundaries() {
    assertThat(Names.board("board", "a")).isEqualTo("a");
    String max = "b".repeat(64);
    assertThat(Names.board("board", max)).isEqualTo(max);
    assertRefused(() -> Names.board("board", ""), "board");
    assertRefused(() -> Names.board("board", "b".repeat(65)), "board");
    assertRefused(() -> Names.board("board", null), "board");
  }

  @Test
  void boardNameAcceptsItsWholeAlphabet() {
    assertThat(Names.board("board", "abcdefghijklmnopqrstuvwxyz0123456789_-")).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Weekly", "a b", " a", "a\n", "a/b", "a.b", "a:b", "a@b", "é", "ａ", "\u0000"})
  void boardNameRefusesOtherCharacters(String name) {
    assertRefused(() -> Names.board("path.board", name), "path.board");
  }

  @Test
  void boardMessageQuotesTheValueAndItsLength() {
    assertThatThrownBy(() -> Names.board("board", "A"))
        .hasMessage("board " + Names.BOARD_RULE + " (got 'A' of length 1)");
    assertThatThrownBy(() -> Names.board("board", "x".repeat(100)))
        .hasMessageContaining("'" + "x".repeat(40) + "...' of length 100");
  }

  @Test
  void idLengthBoundaries() {
    assertThat(Names.id("userId", "a")).isEqualTo("a");
    String max = "U".repeat(128);
    assertThat(Names.id("userId", max)).isEqualTo(max);
    assertThat(Names.id("userId", "x".repeat(65))).hasSize(65); // longer than a board name is fine
    assertRefused(() -> Names.id("userId", ""), "userId");
    assertRefused(() -> Names.id("userId", "U".repeat(129)), "userId");
    assertRefused(() -> Names.id("eventId", null), "eventId");
  }

  @Test
  void idAcceptsItsWholeAlphabet() {
    String all = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:@-";
    assertThat(Names.id("userId", all)).isEqualTo(all);
    assertThat(Names.id("userId", "player@example.com")).isNotNull();
    assertThat(Names.id("userId", "steam:7656119")).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"a b", " ", "a/b", "a\\b", "ü", "名前", "😀", "a\tb", "a\n", "a+b", "a#b", "a%20b", "a,b"})
  void idRefusesOtherCharacters(String id) {
    assertRefused(() -> Names.id("friendId", id), "friendId");
  }

  @ParameterizedTest
  @ValueSource(strings = {".", "..", "..."})
  void idOfOnlyDotsIsRefusedBecauseHttpTakesItForAPathSegment(String id) {
    assertRefused(() -> Names.id("userId", id), "userId");
  }

  @ParameterizedTest
  @ValueSource(strings = {".a", "a.", "a..b", "..a", "-", "_", "@", ":"})
  void idWithDotsAndSomethingElseIsFine(String id) {
    assertThat(Names.id("userId", id)).isEqualTo(id);
  }
}
