package dev.leaderboard.service.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.moderation.Ban;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Answers as JSON: components in order, {@code null} written unless the component is left out while
 * unset, flat components merged, enums by their wire names; and read back into equal answers (what
 * the event-bus proxy does).
 */
class AnswerJsonTest {
  @Test
  void componentsAreWrittenInOrderWithNullsUnlessLeftOut() {
    SubmitResult plain = SubmitResult.of("ann", "2025-04-15", true, false, null, null, null, null, null);
    assertThat(plain.toJson().encode()).isEqualTo("{\"userId\":\"ann\",\"period\":\"2025-04-15\",\"applied\":true,"
        + "\"changed\":false,\"score\":null,\"rank\":null,\"at\":null}");
    SubmitResult full = SubmitResult.of("ann", "p", true, true, 5L, 2L, 9L, "shard down", "{\"k\":1}")
        .withAttemptsLeft(2);
    assertThat(full.toJson().fieldNames()).containsExactly("userId", "period", "applied", "changed", "score", "rank",
        "at", "keys", "rankError", "attemptsLeft");
    assertThat(full.keys()).isEqualTo(new JsonObject().put("k", 1));
    assertThat(full.attemptsLeft()).isEqualTo(2);
  }

  @Test
  void anAnswerIsNeverEditedByDerivingAnother() {
    SubmitResult first = SubmitResult.of("ann", "p", true, true, 5L, 2L, 9L, null, null);
    SubmitResult second = first.withAttemptsLeft(1);
    assertThat(first.attemptsLeft()).isNull();
    assertThat(first.toJson().containsKey("attemptsLeft")).isFalse();
    assertThat(second.attemptsLeft()).isEqualTo(1);
  }

  @Test
  void flatComponentsAndEnumsAndOwnJson() {
    DeliveryList list = DeliveryList.of("b", List.of(Map.entry("2025-04-14", Delivery.pending("ev-1"))));
    assertThat(list.toJson().encode()).isEqualTo("{\"board\":\"b\",\"deliveries\":[{\"period\":\"2025-04-14\","
        + "\"state\":\"pending\",\"eventId\":\"ev-1\",\"attempts\":0}]}");
    assertThat(PeriodClosed.of("b", "p", 3, 7).toJson().getString("state")).isEqualTo("archived");
    BatchResult batch = BatchResult.of(1, 0, List.of(), List.of(new BatchResult.Rejection(2, Refusal.BANNED, "no")),
        List.of());
    assertThat(batch.toJson().getJsonArray("rejections").getJsonObject(0).encode())
        .isEqualTo("{\"index\":2,\"error\":\"banned\",\"message\":\"no\"}");
  }

  @Test
  void answersReadBackEqual() {
    List<Answer> answers = List.of(
        SubmitResult.of("ann", "p", true, true, 5L, 2L, 9L, "shard down", "{\"k\":1}").withAttemptsLeft(2),
        SubmitResult.of("ann", "p", false, false, null, null, null, null, null),
        BatchResult.of(1, 2, List.of(new BatchResult.Rejection(0, Refusal.EVENT_ID_CONFLICT, "x")),
            List.of(new BatchResult.Rejection(2, Refusal.BANNED, "no")), List.of()),
        BoardDeleted.of("b"),
        DeliveryList.of("b", List.of(Map.entry("p", Delivery.pending("e").attempting().failed("HTTP 500", 99)))),
        PeriodClosed.of("b", "p", 3, 7),
        Health.of(List.of(new Health.ShardCheck(0, true, 0.5, null), new Health.ShardCheck(1, false, 1000, "timeout")),
            4, new Health.ArchiveCheck(true, 1.5, null)),
        BanChange.banned("ann", null, 5, List.of(new ModeratedEntry("b", "p", PeriodState.OPEN))),
        BanChange.lifted("ann", List.of(new ModeratedEntry("b", "p", PeriodState.CLOSING, 5L, 6L, null, null, null))),
        ModeratedUser.of("ann", true, new Ban("spam", 3, false),
            List.of(new ModeratedEntry("b", "p", PeriodState.OPEN, 5L, 6L, new JsonObject().put("k", 2), 1L, 9L)),
            List.of()),
        EntryRemoved.of("b", "p", "ann", 5, 6, null, true));
    for (Answer a : answers) {
      JsonObject json = a.toJson();
      Answer back = readBack(a, json);
      assertThat(back).as("%s", json).isEqualTo(a);
      assertThat(back.toJson().encode()).isEqualTo(json.encode());
    }
  }

  /** What the proxy does: the answer type's own fromJson. */
  private static Answer readBack(Answer a, JsonObject json) {
    try {
      Class<?> type = a.getClass().getInterfaces()[0];
      return (Answer) type.getMethod("fromJson", JsonObject.class).invoke(null, json);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
