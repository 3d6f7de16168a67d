package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.leaderboard.client.model.BatchResult;
import dev.leaderboard.client.model.Board;
import dev.leaderboard.client.model.BoardDefinition;
import dev.leaderboard.client.model.Entry;
import dev.leaderboard.client.model.Event;
import dev.leaderboard.client.model.FriendEntry;
import dev.leaderboard.client.model.KeyRequest;
import dev.leaderboard.client.model.LeagueDefinition;
import dev.leaderboard.client.model.LeagueStanding;
import dev.leaderboard.client.model.NewKey;
import dev.leaderboard.client.model.Page;
import dev.leaderboard.client.model.RankTarget;
import dev.leaderboard.client.model.SubmitResult;
import dev.leaderboard.testing.TestSeed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The client's calls against a real node: each group's operations round trip, refusals are typed. */
@ExtendWith(TestSeed.class)
class ClientRoundTripTest {
  @TempDir
  static Path dataDir;
  static TestNode node;
  static LeaderboardClient client;

  static final String ISSUER = "https://login.example.com";
  static String jwtSecret;

  @BeforeAll
  static void start() throws Exception {
    byte[] random = new byte[48];
    new SecureRandom().nextBytes(random);
    jwtSecret = Base64.getEncoder().encodeToString(random);
    Path secretFile = Files.writeString(dataDir.resolve("jwt.secret"), jwtSecret);
    node = TestNode.start(dataDir.resolve("node"), Map.of("LB_JWT_HS256_SECRET_FILE", secretFile.toString(),
        "LB_JWT_ISSUER", ISSUER));
    client = node.admin().build();
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void scoresAndReadsAgreeWithAModel(Random rnd) {
    String board = "rt-reads";
    Board created = client.boards().putBoard(board, BoardDefinition.defaults().operator("best").partitions(4));
    assertThat(created.board()).isEqualTo(board);
    assertThat(created.operator()).isEqualTo("best");
    assertThat(client.boards().getBoard(board).limits().layout()).isIn("packed", "wide");
    assertThat(client.boards().listBoards().boards()).extracting(Board::board).contains(board);

    // distinct scores, so the model's order needs no tie rule
    List<Long> scores = new ArrayList<>();
    for (long s = 1; s <= 60; s++) {
      scores.add(s * 7 + rnd.nextInt(7));
    }
    Collections.shuffle(scores, rnd);
    Map<String, Long> model = new LinkedHashMap<>();
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < scores.size(); i++) {
      model.put("user" + i, scores.get(i));
      events.add(Event.of("user" + i, scores.get(i)));
    }
    BatchResult batch = client.scores().submitBatch(board, events);
    assertThat(batch.applied()).isEqualTo(60);
    assertThat(batch.rejections()).isEmpty();
    assertThat(client.scores().submitBatch(board, events).applied())
        .as("the same events without IDs are new events (each got its own ID); 'best' keeps the scores")
        .isEqualTo(60);

    List<String> expected = model.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).map(Map.Entry::getKey).toList();
    Page page = client.reads().entries(board, 5, 20, ReadOptions.DEFAULTS.rankMode(RankMode.COMPETITION));
    assertThat(page.total()).isEqualTo(60);
    assertThat(page.entries()).extracting(Entry::userId).containsExactlyElementsOf(expected.subList(5, 25));
    assertThat(page.entries()).extracting(Entry::rank).containsExactlyElementsOf(
        java.util.stream.LongStream.rangeClosed(6, 25).boxed().toList());

    String me = expected.get(rnd.nextInt(60));
    long myRank = expected.indexOf(me) + 1;
    assertThat(client.reads().user(board, me).rank()).isEqualTo(myRank);
    assertThat(client.reads().user(board, me).score()).isEqualTo(model.get(me));
    assertThat(client.reads().around(board, me, 5, ReadOptions.DEFAULTS).entries()).extracting(Entry::userId)
        .contains(me);
    assertThat(client.reads().ranks(board, List.of(me, "nobody"), ReadOptions.DEFAULTS).missing())
        .containsExactly("nobody");
    assertThat(client.reads().histogram(board, 4, null).total()).isEqualTo(60);
    RankTarget tenth = client.reads().scoreAtRank(board, 10, me, ReadOptions.DEFAULTS);
    assertThat(tenth.entry().userId()).isEqualTo(expected.get(9));
    assertThat(tenth.needed()).isEqualTo(model.get(expected.get(9)) + 1);
    assertThat(tenth.user().rank()).isEqualTo(myRank);
    assertThat(tenth.user().toReach()).isEqualTo(myRank <= 10 ? 0 : model.get(expected.get(9)) + 1 - model.get(me));
    assertThat(client.reads().rankOfScore(board, model.get(expected.get(0)) + 1, null, ReadOptions.DEFAULTS).rank())
        .isEqualTo(1);
    assertThat(client.reads().rankOfScore(board, model.get(me), me, ReadOptions.DEFAULTS.rankMode(RankMode.COMPETITION))
        .rank()).isEqualTo(expected.indexOf(me) + 1);

    SubmitResult up = client.scores().submit(board, Event.of(me, 10_000).withMeta(Map.of("skin", "gold")), true);
    assertThat(up.applied()).isTrue();
    assertThat(up.rank()).isEqualTo(1);
    assertThat(client.reads().user(board, me, ReadOptions.DEFAULTS.withMeta()).meta()).containsEntry("skin", "gold");
    assertThat(client.scores().updateMeta(board, me, Map.of("skin", "red"), null).meta()).containsEntry("skin", "red");
    assertThat(client.periods().periods(board).periods()).hasSize(1);
    assertThat(client.periods().deliveries(board).deliveries()).isEmpty();
    assertThat(client.rewards().history(board, me, null).periods()).hasSize(1);
    assertThat(client.streams().streamTicket(board).ticket()).startsWith("st_");

    assertThat(client.moderation().removeEntry(board, me, null).removed()).isTrue();
    // the best entry left: the model's best unless that was the one removed
    String top = expected.stream().filter(u -> !u.equals(me)).findFirst().orElseThrow();
    assertThat(client.reads().user(board, top).rank()).isEqualTo(1);
    assertThat(client.boards().deleteBoard(board).deleted()).isTrue();
  }

  @Test
  void aRefusalIsOneTypedExceptionWithItsCodeAndField() {
    client.boards().putBoard("rt-refusals", BoardDefinition.defaults().maxScore(1000));
    ApiException badLimit = catchThrowableOfType(ApiException.class,
        () -> client.reads().entries("rt-refusals", 0, 100_000, ReadOptions.DEFAULTS));
    assertThat(badLimit.status()).isEqualTo(400);
    assertThat(badLimit.code()).isEqualTo("invalid_field");
    assertThat(badLimit.field()).contains("limit");
    assertThat(badLimit.getMessage()).startsWith("limit ");

    ApiException badUser = catchThrowableOfType(ApiException.class,
        () -> client.scores().submit("rt-refusals", Event.of("no spaces allowed", 1)));
    assertThat(badUser.code()).isEqualTo("invalid_field");
    assertThat(badUser.field()).contains("userId");

    ApiException missing = catchThrowableOfType(ApiException.class, () -> client.boards().getBoard("rt-none"));
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.code()).isEqualTo("board_not_found");
    assertThat(missing.field()).isEmpty();

    LeaderboardClient anonymous = LeaderboardClient.builder(node.uri()).build();
    assertThatThrownBy(() -> anonymous.boards().listBoards()).isInstanceOfSatisfying(ApiException.class,
        e -> assertThat(e.status()).isEqualTo(401));
    assertThat(anonymous.operations().live().status()).isEqualTo("UP");
  }

  @Test
  void competitionsFriendsModerationKeysAndAudit() {
    String board = "rt-competition";
    client.boards().putBoard(board, BoardDefinition.defaults().joinRequired(true).cohortSize(2));
    assertThat(client.competitions().join(board, "ann", Map.of()).cohort()).isEqualTo(1);
    client.competitions().join(board, "bob", Map.of());
    assertThat(client.competitions().participants(board, 0, 10, null).participants()).hasSize(2);
    client.scores().submit(board, Event.of("ann", 5));
    client.scores().submit(board, Event.of("bob", 9));
    assertThat(client.competitions().userCohort(board, "ann", ReadOptions.DEFAULTS).entries()).hasSize(2);
    assertThat(client.competitions().cohort(board, 1, ReadOptions.DEFAULTS).size()).isEqualTo(2);
    assertThat(client.competitions().userBoards("ann").boards()).anySatisfy(b -> assertThat(b.board()).isEqualTo(board));

    assertThat(client.friends().addFriend("ann", "bob").added()).isTrue();
    assertThat(client.friends().importFriends("ann", List.of("cid", "dee")).added()).isEqualTo(2);
    assertThat(client.friends().friends("ann").friends()).contains("bob", "cid", "dee");
    assertThat(client.friends().friendBoard(board, "ann", 0, 10, true, ReadOptions.DEFAULTS).entries())
        .extracting(FriendEntry::userId).containsExactly("bob", "ann");
    assertThat(client.friends().removeFriend("ann", "dee").removed()).isTrue();

    assertThat(client.moderation().banUser("bob", "cheating").banned()).isTrue();
    assertThat(client.moderation().moderatedUser("bob").banned()).isTrue();
    assertThat(client.moderation().liftBan("bob", "appeal").banned()).isFalse();
    assertThat(client.moderation().exportUser("cid").userId()).isEqualTo("cid");
    assertThat(client.moderation().eraseUser("cid").erased()).isTrue();
    assertThat(client.moderation().exportUser("cid").periods()).isEmpty();
    assertThat(client.rewards().userRewards("ann", "all", null).rewards()).isEmpty();

    NewKey key = client.keys().createKey(new KeyRequest("reader", List.of("read"), List.of(board), null));
    LeaderboardClient reader = LeaderboardClient.builder(node.uri()).credential(Credential.apiKey(key.key())).build();
    assertThat(reader.reads().user(board, "ann").score()).isEqualTo(5);
    assertThatThrownBy(() -> reader.scores().submit(board, Event.of("ann", 1))).isInstanceOfSatisfying(ApiException.class,
        e -> assertThat(e.code()).isEqualTo("forbidden"));
    assertThat(client.keys().listKeys().keys()).anySatisfy(k -> assertThat(k.id()).isEqualTo(key.id()));
    assertThat(client.keys().revokeKey(key.id()).revoked()).isTrue();
    assertThat(client.audit().listAudit(null, 50, board, "putBoard", null).entries()).isNotEmpty();

    assertThat(client.operations().ready().status()).isEqualTo("UP");
    assertThat(client.operations().metrics()).contains("# TYPE");
    assertThat(client.operations().openApi()).contains("operationId: submit");
  }

  @Test
  void aPlayerTokenSubmitsAndReadsItsOwnScoresOnly() throws Exception {
    String board = "rt-players";
    client.boards().putBoard(board, BoardDefinition.defaults().clientWrites(true));
    LeaderboardClient alice = LeaderboardClient.builder(node.uri())
        .credential(Credential.playerToken(hs256(Map.of("sub", "alice", "iss", ISSUER,
            "exp", System.currentTimeMillis() / 1000 + 600)))).build();
    assertThat(alice.scores().submit(board, Event.of("alice", 7)).score()).isEqualTo(7);
    assertThat(alice.reads().user(board, "alice").rank()).isEqualTo(1);
    ApiException other = catchThrowableOfType(ApiException.class, () -> alice.scores().submit(board, Event.of("bob", 7)));
    assertThat(other.status()).isEqualTo(403);
    assertThat(other.code()).isEqualTo("forbidden");
    assertThat(client.reads().ranks(board, List.of("bob"), ReadOptions.DEFAULTS).missing()).containsExactly("bob");
  }

  /** A JWT signed with the node's HS256 secret, as the game's login service would issue it. */
  private static String hs256(Map<String, Object> claims) throws Exception {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String head = b64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
    String body = b64.encodeToString(Json.write(claims).getBytes(StandardCharsets.UTF_8));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(jwtSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return head + "." + body + "." + b64.encodeToString(mac.doFinal((head + "." + body).getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void leagues() {
    String league = "rt-league";
    LeagueDefinition definition = LeagueDefinition.of(List.of("rt-bronze", "rt-silver"), 3, 1, "34%", "daily");
    assertThat(client.leagues().putLeague(league, definition).cohortSize()).isEqualTo(3);
    assertThat(client.leagues().getLeague(league).tiers()).containsExactly("rt-bronze", "rt-silver");
    assertThat(client.leagues().listLeagues().leagues()).anySatisfy(l -> assertThat(l.league()).isEqualTo(league));
    assertThat(client.leagues().joinLeague(league, "ann", null).tier()).isEqualTo("rt-bronze");
    LeagueStanding scored = client.leagues().submitLeague(league, Event.of("ann", 40));
    assertThat(scored.applied()).isTrue();
    assertThat(scored.score()).isEqualTo(40);
    assertThat(scored.tier()).isEqualTo("rt-bronze");
    assertThat(client.leagues().leagueUser(league, "ann", null).rank()).isEqualTo(1);
    assertThat(client.leagues().leagueHistory(league, "ann", null).periods()).isEmpty();
    assertThat(client.leagues().deleteLeague(league).deleted()).isTrue();
  }
}
