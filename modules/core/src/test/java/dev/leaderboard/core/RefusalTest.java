package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The catalogue of refusals: what each constant says of itself, and the exceptions made from it. */
class RefusalTest {
  @Test
  void eachCodeIsItsConstantsNameWithAnErrorStatus() {
    for (Refusal r : Refusal.values()) {
      assertThat(r.code()).as("%s", r).isEqualTo(r.name().toLowerCase(java.util.Locale.ROOT)).matches("[a-z_]+");
      assertThat(r.status()).as("the status of %s", r.code()).isBetween(400, 599);
      assertThat(Refusal.ofCode(r.code())).isSameAs(r);
    }
    assertThat(Refusal.ofCode("connection_closed")).isNull();
  }

  @Test
  void aFixedRetryAfterIsTheOneItsMessageNames() {
    for (Refusal r : Refusal.values()) {
      r.retryAfterSeconds().ifPresent(s -> assertThat(r.template()).as("%s", r.code())
          .contains("retry after " + s + " s"));
    }
    assertThat(Refusal.OVERLOADED.retryAfterSeconds()).hasValue(1);
    assertThat(Refusal.WRITE_UNCONFIRMED.retryAfterSeconds()).hasValue(1);
    assertThat(Arrays.stream(Refusal.values()).filter(r -> r.retryAfter().given()))
        .containsExactlyInAnyOrder(Refusal.OVERLOADED, Refusal.WRITE_UNCONFIRMED, Refusal.RATE_LIMITED);
  }

  @Test
  void anExceptionCarriesItsRefusalsCodeStatusAndFilledInTemplate() {
    LeaderboardException e = Refusal.PERIOD_CLOSED.exception("2024-05-01", "daily");
    assertThat(e.refusal()).isSameAs(Refusal.PERIOD_CLOSED);
    assertThat(e.code()).isEqualTo("period_closed");
    assertThat(e.status()).isEqualTo(409);
    assertThat(e.failureCode()).isEqualTo(409);
    assertThat(e.getDebugInfo().getString("error")).isEqualTo("period_closed");
    assertThat(e.getMessage())
        .isEqualTo("period 2024-05-01 of board daily is closed: its ranking is final and this request changed nothing");
    assertThat(Refusal.BOARD_NOT_FOUND.exception("x").getMessage())
        .isEqualTo("board 'x' does not exist; create it with PUT /v1/boards/x");
  }

  @Test
  void invalidKeepsItsShape() {
    LeaderboardException e = Refusal.invalid("events[3].value", "must be a whole number");
    assertThat(e.code()).isEqualTo("invalid_field");
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.getMessage()).isEqualTo("events[3].value must be a whole number");
    assertThat(e.getDebugInfo().getString("field")).isEqualTo("events[3].value");
  }

  @Test
  void anAnswerCarriesOnlyTheFieldsItsRefusalDeclares() {
    assertThat(Refusal.ATTEMPTS_EXHAUSTED.exception("u", 3, "p").with("attemptsLeft", 0).getDebugInfo().getInteger("attemptsLeft"))
        .isZero();
    assertThatThrownBy(() -> Refusal.BANNED.exception("u").with("attemptsLeft", 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theStoreAndLoadRefusalsComeFromTheCatalogue() {
    assertThat(StoreUnavailableException.redis(2, null).getMessage()).isEqualTo("Redis shard 2 is unavailable; retry later");
    assertThat(StoreUnavailableException.archive(null).refusal()).isSameAs(Refusal.ARCHIVE_UNAVAILABLE);
    assertThat(StoreUnavailableException.unconfirmed(1, 0, 1, 50).refusal()).isSameAs(Refusal.WRITE_UNCONFIRMED);
    assertThat(OverloadedException.roundFull().getMessage()).isEqualTo("the node is overloaded: too many requests already"
        + " wait for the next round to this board's shards, so this one was not sent (nothing took effect); retry after 1 s");
  }
}
