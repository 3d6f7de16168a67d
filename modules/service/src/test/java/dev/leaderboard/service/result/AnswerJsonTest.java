package dev.leaderboard.service.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.moderation.Ban;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
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
  void partialReadsLeaveRanksOut() {
    Partial down = new Partial(List.of("cid"), "shard 1 down");
    Entry scoreOnly = new Entry(0, "ann", 5, 9, 0, "{\"m\":1}");
    assertThat(RankList.partial("b", "p", RankMode.UNIQUE, List.of(scoreOnly), List.of("bob"), down).toJson().encode())
        .isEqualTo("{\"board\":\"b\",\"period\":\"p\",\"total\":null,\"rankMode\":\"unique\",\"entries\":[{\"rank\":null,"
            + "\"userId\":\"ann\",\"score\":5,\"at\":9,\"percentile\":null,\"meta\":{\"m\":1}}],\"missing\":[\"bob\"],"
            + "\"partial\":true,\"unreachable\":[\"cid\"],\"reason\":\"shard 1 down\"}");
    assertThat(UserEntry.partial(scoreOnly, "p", "why").inCohort(3, null).toJson().encode())
        .isEqualTo("{\"rank\":null,\"userId\":\"ann\",\"score\":5,\"at\":9,\"percentile\":null,\"meta\":{\"m\":1},"
            + "\"period\":\"p\",\"total\":null,\"partial\":true,\"unavailable\":\"why\",\"cohort\":3,\"cohortRank\":null}");
    Entry first = new Entry(1, "ann", 5, 9, 100);
    assertThat(FriendBoard.of("b", "p", "ann", 1, 0, 10, RankMode.DENSE, List.of(first), Arrays.asList(
        (Long) null), List.of(), down).toJson().getJsonArray("entries").encode())
        .isEqualTo("[{\"rank\":1,\"userId\":\"ann\",\"score\":5,\"at\":9,\"percentile\":100.0,\"globalRank\":null}]");
    assertThat(FriendBoard.of("b", "p", "ann", 1, 0, 10, RankMode.DENSE, List.of(first), null, List.of(), null)
        .toJson().encode()).isEqualTo("{\"board\":\"b\",\"period\":\"p\",\"userId\":\"ann\",\"total\":1,\"offset\":0,"
            + "\"limit\":10,\"rankMode\":\"dense\",\"entries\":[{\"rank\":1,\"userId\":\"ann\",\"score\":5,\"at\":9,"
            + "\"percentile\":100.0}],\"missing\":[]}");
  }

  @Test
  void answersReadBackEqual() {
    Entry ann = new Entry(1, "ann", 5, 9, 100, "{\"m\":1}", "{\"k\":2}");
    Entry unranked = new Entry(0, "bob", 4, 8, 0);
    Partial down = new Partial(List.of("cid"), "shard 1 down");
    List<Answer> answers = List.of(
        SubmitResult.of("ann", "p", true, true, 5L, 2L, 9L, "shard down", "{\"k\":1}").withAttemptsLeft(2),
        SubmitResult.of("ann", "p", false, false, null, null, null, null, null),
        BatchResult.of(1, 2, List.of(new BatchResult.Rejection(0, Refusal.EVENT_ID_CONFLICT, "x")),
            List.of(new BatchResult.Rejection(2, Refusal.BANNED, "no")), List.of()),
        BoardDeleted.of("b"),
        DeliveryList.of("b", List.of(Map.entry("p", Delivery.pending("e").attempting().failed("HTTP 500", 99)))),
        PeriodClosed.of("b", "p", 3, 7),
        new Health(List.of(new Health.ShardCheck(0, true, 0.5, null), new Health.ShardCheck(1, false, 1000, "timeout")),
            4, new Health.ArchiveCheck(true, 1.5, null)),
        BanChange.banned("ann", null, 5, List.of(new ModeratedEntry("b", "p", PeriodState.OPEN))),
        BanChange.lifted("ann", List.of(new ModeratedEntry("b", "p", PeriodState.CLOSING, 5L, 6L, null, null, null))),
        ModeratedUser.of("ann", true, new Ban("spam", 3, false),
            List.of(new ModeratedEntry("b", "p", PeriodState.OPEN, 5L, 6L, new JsonObject().put("k", 2), 1L, 9L)),
            List.of()),
        EntryRemoved.of("b", "p", "ann", 5, 6, null, true),
        new EntryPage("b", "p", 2, 0, 10, RankMode.UNIQUE, List.of(ann, new Entry(2, "bob", 4, 8, 50))),
        new AroundPage("b", "p", "ann", 2, 0, RankMode.COMPETITION, List.of(ann)),
        RankList.of("b", "p", 2, RankMode.UNIQUE, List.of(ann), List.of("cid")),
        RankList.partial("b", "p", RankMode.DENSE, List.of(unranked), List.of(), down),
        UserEntry.of(ann, "p", 2),
        UserEntry.of(ann, "p", 2).inCohort(1, 1L),
        UserEntry.partial(unranked, "p", "shard 1 down").inCohort(1, null),
        Histogram.of("b", "p", new long[] {0, 5, 10}, new long[] {3, 4}),
        UserMeta.of("b", "p", "ann", "{\"m\":1}"),
        new UserBoards("ann", List.of(
            new UserBoards.Item("b", "p", true, 5L, new UserBoards.Standing(5, null), 2L, new JsonObject().put("w", 1),
                new CohortPlace(1, 1L)),
            new UserBoards.Item("c", "p", false, null, null, null, new JsonObject(), null))),
        StandingHistory.of("b", "ann", List.of(
            new StandingHistory.Item("p", null, 5, null, null, true, new CohortPlace(1, null), null),
            new StandingHistory.Item("o", 1L, 5, 2L, 100.0, null, null, new JsonObject().put("coins", 3)))),
        new CohortBoard("b", "p", 1, 3, RankMode.UNIQUE, List.of(CohortBoard.Member.of(ann, 1, 1L),
            CohortBoard.Member.of(unranked, 2, null)), List.of("cid"), down),
        new CohortBoard("b", "p", 1, 1, RankMode.UNIQUE, List.of(CohortBoard.Member.of(ann, 1, 1L)), List.of(), null),
        FriendBoard.of("b", "p", "ann", 2, 0, 10, RankMode.UNIQUE, List.of(ann), Arrays.asList((Long) null),
            List.of("cid"), down),
        FriendBoard.of("b", "p", "ann", 2, 0, 10, RankMode.UNIQUE, List.of(ann), null, List.of(), null),
        FriendList.of("ann", List.of("bob", "cid")),
        FriendChange.added("ann", "bob", true),
        FriendChange.removed("ann", "bob", false),
        new FriendImport("ann", 1, 0, List.of(new FriendImport.Refused(2, 7, "invalid_request", "no"))));
    for (Answer a : answers) {
      JsonObject json = a.toJson();
      Answer back = readBack(a, json);
      assertThat(back).as("%s", json).isEqualTo(a);
      assertThat(back.toJson().encode()).isEqualTo(json.encode());
    }
  }

  /** What the proxy does: the reader json-mappers.properties names for the answer's type (a BanChange's is its interface's). */
  @SuppressWarnings("unchecked")
  private static Answer readBack(Answer a, JsonObject json) {
    try (InputStream in = AnswerJsonTest.class.getResourceAsStream("/META-INF/vertx/json-mappers.properties")) {
      Properties mappers = new Properties();
      mappers.load(in);
      String reader = mappers.getProperty(a.getClass().getName() + ".deserializer");
      if (reader == null) {
        reader = mappers.getProperty(a.getClass().getInterfaces()[0].getName() + ".deserializer");
      }
      assertThat(reader).as("the event bus's reader of %s", a.getClass()).isNotNull();
      // Class#FIELD.apply: the answer's FROM_JSON
      String[] at = reader.split("#");
      String field = at[1].substring(0, at[1].indexOf('.'));
      Function<JsonObject, ?> read = (Function<JsonObject, ?>) Class.forName(at[0]).getField(field).get(null);
      return (Answer) read.apply(json);
    } catch (IOException | ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
