package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * Leagues over HTTP: a definition's refusals name the field and rule and change nothing; 201 then
 * 200; tier boards are not boards a caller reaches; only an admin key places a member; a score
 * answers with the member's tier, cohort, rank and zone.
 */
class LeagueHttpTest extends ApiTestSupport {
  private static final String SPEC = "{\"tiers\": [\"bronze\", \"silver\", \"gold\"], \"cohortSize\": 3, \"promote\": 1,"
      + " \"relegate\": \"34%\", \"period\": \"daily\"}";

  @Test
  void brokenDefinitionsAreRefusedNamingTheFieldAndNothingChanges() {
    String league = randomBoard();
    assertError(put("/v1/leagues/" + league, "{\"tiers\": [\"a\"], \"cohortSize\": 3, \"promote\": 1, \"relegate\": 1,"
        + " \"period\": \"daily\"}"), 400, "invalid_field", "tiers must hold 2 to 20");
    assertError(put("/v1/leagues/" + league, SPEC.replace("\"34%\"", "\"1/3\"")), 400, "invalid_field", "relegate",
        "percent");
    assertError(put("/v1/leagues/" + league, SPEC.replace("\"daily\"", "\"all-time\"")), 400, "invalid_field", "period");
    assertError(put("/v1/leagues/" + league, SPEC.replace("\"promote\": 1", "\"promote\": 4")), 400, "invalid_field",
        "promote must be between 0 and 3");
    assertError(put("/v1/leagues/Bad", SPEC), 400, "invalid_field", "league");
    assertError(get("/v1/leagues/" + league), 404, "league_not_found");

    JsonObject created = ok(put("/v1/leagues/" + league, SPEC), 201);
    assertThat(created.getJsonArray("tiers")).isEqualTo(new JsonArray().add("bronze").add("silver").add("gold"));
    assertThat(created.getString("relegate")).isEqualTo("34%");
    assertThat(created.getBoolean("autoJoin")).isTrue();
    assertThat(ok(put("/v1/leagues/" + league, created.encode()), 200)).as("a GET's answer may be put back")
        .isEqualTo(created);
    assertError(put("/v1/leagues/" + league, "{\"cohortSize\": 4}"), 409, "league_conflict", "cohortSize");
    assertError(put("/v1/leagues/" + league, "{\"promote\": \"x\"}"), 400, "invalid_field", "promote");
    assertThat(ok(get("/v1/leagues/" + league), 200)).isEqualTo(created);
    assertThat(ok(get("/v1/leagues"), 200).getJsonArray("leagues")).contains(created);
    assertThat(ok(get("/v1/boards"), 200).getJsonArray("boards").stream()
        .map(b -> ((JsonObject) b).getString("board"))).noneMatch(b -> b.contains(league));
    assertError(get("/v1/boards/~" + league + ".gold"), 400, "invalid_field", "board");
    assertError(post("/v1/boards/~" + league + ".gold/scores", "{\"userId\": \"x\", \"value\": 1}"), 400,
        "invalid_field", "board");

    assertThat(ok(delete("/v1/leagues/" + league), 200)).isEqualTo(new JsonObject().put("league", league)
        .put("deleted", true));
    assertError(get("/v1/leagues/" + league), 404, "league_not_found");
    assertError(delete("/v1/leagues/" + league), 404, "league_not_found");
  }

  @Test
  void membersScoresAndStandings() {
    String league = randomBoard();
    ok(put("/v1/leagues/" + league, SPEC), 201);
    String members = "/v1/leagues/" + league + "/members";
    assertThat(ok(post(members, "{\"userId\": \"ann\"}"), 201)).isEqualTo(new JsonObject().put("userId", "ann")
        .put("tier", "bronze"));
    assertThat(ok(post(members, "{\"userId\": \"ann\"}"), 200).getString("tier")).isEqualTo("bronze");
    assertError(post(members, "{\"userId\": \"ann\", \"tier\": \"diamond\"}"), 400, "invalid_field", "tier");
    assertError(post(members, "{\"userId\": \"ann\", \"colour\": 1}"), 400, "invalid_field", "colour");

    JsonObject key = ok(post("/v1/keys", "{\"name\": \"" + league + "-submit\", \"scopes\": [\"submit\", \"read\"]}"), 201);
    String submitter = "Bearer " + key.getString("key");
    assertError(callWith(submitter, HttpMethod.POST, members, "{\"userId\": \"bo\", \"tier\": \"gold\"}"), 403,
        "forbidden", "admin");
    assertThat(callWith(submitter, HttpMethod.POST, members, "{\"userId\": \"bo\"}").statusCode()).isEqualTo(201);
    assertThat(ok(post(members, "{\"userId\": \"bo\", \"tier\": \"silver\"}"), 200).getString("tier")).isEqualTo("silver");
    ok(post(members, "{\"userId\": \"cy\", \"tier\": \"silver\"}"), 201);
    ok(post(members, "{\"userId\": \"di\", \"tier\": \"silver\"}"), 201);

    String scores = "/v1/leagues/" + league + "/scores";
    JsonObject bo = ok(callWith(submitter, HttpMethod.POST, scores,
        "{\"userId\": \"bo\", \"value\": 10, \"at\": 1744714800000}"), 200);
    assertThat(bo.getString("tier")).isEqualTo("silver");
    assertThat(bo.getLong("cohort")).isEqualTo(1);
    assertThat(bo.getLong("rank")).isEqualTo(1);
    assertThat(bo.getString("zone")).isEqualTo("promotion");
    assertThat(bo.getLong("score")).isEqualTo(10);
    assertThat(bo.getBoolean("applied")).isTrue();
    ok(post(scores, "{\"userId\": \"cy\", \"value\": 10, \"at\": 1744716600000}"), 200);
    JsonObject di = ok(post(scores, "{\"userId\": \"di\", \"value\": 3}"), 200);
    assertThat(di.getLong("rank")).isEqualTo(3);
    assertThat(di.getString("zone")).as("34% of 3 is one").isEqualTo("relegation");
    JsonObject cy = ok(get("/v1/leagues/" + league + "/users/cy"), 200);
    assertThat(cy.getLong("rank")).as("a tie goes to who reached the score first").isEqualTo(2);
    assertThat(cy.getString("zone")).isEqualTo("stay");
    assertThat(cy.getString("period")).isEqualTo("2025-04-15");
    assertThat(cy.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getString("userId")).toList())
        .containsExactly("bo", "cy", "di");
    assertThat(cy.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getValue("globalRank")).toList())
        .as("a rank on the whole tier board only when asked").containsOnlyNulls();
    JsonObject global = ok(get("/v1/leagues/" + league + "/users/cy?globalRanks=true"), 200);
    assertThat(global.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getLong("globalRank")).toList())
        .containsExactly(1L, 2L, 3L);
    for (int i = 0; i < 3; i++) {
      assertThat(global.getJsonArray("entries").getJsonObject(i).copy().put("globalRank", (Object) null))
          .as("the same entries either way").isEqualTo(cy.getJsonArray("entries").getJsonObject(i));
    }
    assertThat(global.copy().put("entries", cy.getJsonArray("entries"))).isEqualTo(cy);
    assertError(get("/v1/leagues/" + league + "/users/cy?globalRanks=maybe"), 400, "invalid_field", "globalRanks");

    JsonObject ann = ok(get("/v1/leagues/" + league + "/users/ann?period=2025-04-15"), 200);
    assertThat(ann.getString("tier")).isEqualTo("bronze");
    assertThat(ann.getValue("cohort")).isNull();
    assertThat(ann.getJsonArray("entries")).isEmpty();
    JsonObject eve = ok(post(scores, "{\"userId\": \"eve\", \"value\": 1}"), 200);
    assertThat(eve.getString("tier")).as("autoJoin").isEqualTo("bronze");
    assertThat(eve.getString("zone")).isEqualTo("promotion");
    assertError(get("/v1/leagues/" + league + "/users/zed"), 404, "not_a_member");
    assertError(get("/v1/leagues/" + league + "/users/cy?period=someday"), 400, "invalid_field", "period");
    assertError(post(scores, "{\"userId\": \"cy\", \"value\": \"ten\"}"), 400, "invalid_field", "value");
    assertThat(ok(get("/v1/leagues/" + league + "/users/cy"), 200)).isEqualTo(cy);
    assertThat(ok(get("/v1/users/cy/boards"), 200).getJsonArray("boards")).as("tier boards are reached through the league")
        .isEmpty();
  }
  @Test
  void aBatchOfScoresAndRewardsPerTier() {
    String league = randomBoard();
    ok(put("/v1/leagues/" + league, SPEC), 201);
    assertError(put("/v1/leagues/" + league, "{\"rewards\": {\"diamond\": []}}"), 400, "invalid_field",
        "rewards.diamond");
    assertError(put("/v1/leagues/" + league, "{\"rewards\": [1]}"), 400, "invalid_field", "rewards");
    JsonObject updated = ok(put("/v1/leagues/" + league,
        "{\"rewards\": {\"gold\": [{\"ranks\": [1, 1], \"reward\": {\"gems\": 5}}]}}"), 200);
    assertThat(updated.getJsonObject("rewards").getJsonArray("gold")).hasSize(1);
    assertThat(ok(get("/v1/leagues/" + league), 200)).isEqualTo(updated);

    JsonObject key = ok(post("/v1/keys", "{\"name\": \"" + league + "-batch\", \"scopes\": [\"submit\"]}"), 201);
    String batch = "/v1/leagues/" + league + "/scores/batch";
    JsonObject answer = ok(callWith("Bearer " + key.getString("key"), HttpMethod.POST, batch, "{\"events\": ["
        + "{\"userId\": \"ann\", \"value\": 3, \"eventId\": \"a1\"},"
        + "{\"userId\": \"ann\", \"value\": 3, \"eventId\": \"a1\"},"
        + "{\"userId\": \"no way\", \"value\": 1}]}"), 200);
    assertThat(answer.getString("league")).isEqualTo(league);
    assertThat(answer.getInteger("applied")).isEqualTo(1);
    assertThat(answer.getInteger("duplicate")).isEqualTo(1);
    assertThat(answer.getJsonArray("rejections").getJsonObject(0).getInteger("index")).isEqualTo(2);
    assertThat(answer.getJsonArray("rejections").getJsonObject(0).getString("error")).isEqualTo("invalid_field");
    assertThat(answer.getJsonArray("events").stream().map(e -> ((JsonObject) e).copy().put("period", "p")))
        .as("each event with the member's cohort, rank and zone once the batch is applied (the duplicate too)")
        .containsExactly(new JsonObject().put("index", 0).put("userId", "ann").put("tier", "bronze").put("period", "p")
            .put("cohort", 1).put("rank", 1).put("zone", "promotion"), new JsonObject().put("index", 1)
            .put("userId", "ann").put("tier", "bronze").put("period", "p").put("cohort", 1).put("rank", 1)
            .put("zone", "promotion"));
    assertError(post(batch, "{\"events\": 1}"), 400, "invalid_field", "events");
    assertError(post("/v1/leagues/" + randomBoard() + "/scores/batch", "{\"events\": []}"), 404, "league_not_found");
  }
}
