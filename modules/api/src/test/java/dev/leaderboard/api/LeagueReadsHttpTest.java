package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A league's tiers, cohorts with zones, closed periods and moves over HTTP: what they answer before
 * and after a close, refusals naming the field and rule, 404 for what does not exist, and which
 * keys may read them.
 */
class LeagueReadsHttpTest extends ApiTestSupport {
  private static final String SPEC = "{\"tiers\": [\"bronze\", \"silver\", \"gold\"], \"cohortSize\": 3, \"promote\": 1,"
      + " \"relegate\": \"34%\", \"period\": \"daily\"}";

  private static List<String> zones(JsonObject cohort) {
    return cohort.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getString("userId") + ":"
        + ((JsonObject) e).getString("zone")).toList();
  }

  @Test
  void tiersCohortsPeriodsAndMovesBeforeAndAfterTheClose() {
    String league = randomBoard();
    String base = "/v1/leagues/" + league;
    ok(put(base, SPEC), 201);
    for (String u : List.of("bo", "cy", "di")) {
      ok(post(base + "/members", "{\"userId\": \"" + u + "\", \"tier\": \"silver\"}"), 201);
    }
    ok(post(base + "/members", "{\"userId\": \"ann\"}"), 201);
    ok(post(base + "/scores", "{\"userId\": \"bo\", \"value\": 10, \"at\": 1744714800000}"), 200);
    ok(post(base + "/scores", "{\"userId\": \"cy\", \"value\": 10, \"at\": 1744716600000}"), 200);
    ok(post(base + "/scores", "{\"userId\": \"di\", \"value\": 3}"), 200);
    ok(post(base + "/scores", "{\"userId\": \"eve\", \"value\": 1}"), 200);

    JsonObject tiers = ok(get(base + "/tiers"), 200);
    assertThat(tiers).isEqualTo(new JsonObject("{\"league\": \"" + league + "\", \"period\": \"2025-04-15\", \"tiers\": ["
        + "{\"tier\": \"bronze\", \"members\": 1, \"cohorts\": 1}, {\"tier\": \"silver\", \"members\": 3, \"cohorts\": 1},"
        + " {\"tier\": \"gold\", \"members\": 0, \"cohorts\": 0}]}"));
    JsonObject silver = ok(get(base + "/tiers/silver/cohorts/1"), 200);
    assertThat(zones(silver)).containsExactly("bo:promotion", "cy:stay", "di:relegation");
    assertThat(silver.getString("tier")).isEqualTo("silver");
    assertThat(silver.getJsonArray("missing")).isEmpty();
    assertError(get(base + "/periods/2025-04-15/moves"), 404, "period_not_found", "2025-04-15");
    assertThat(ok(get(base + "/periods"), 200).getJsonArray("periods")).isEmpty();

    ok(post(base + "/periods/2025-04-15/close", null), 200);
    assertThat(ok(get(base + "/tiers?period=2025-04-15"), 200)).isEqualTo(tiers);
    assertThat(ok(get(base + "/tiers/silver/cohorts/1?period=2025-04-15"), 200)).as("as at the close").isEqualTo(silver);
    JsonObject periods = ok(get(base + "/periods"), 200);
    assertThat(periods.getJsonArray("periods").getList()).containsExactly(new JsonObject().put("period", "2025-04-15")
        .put("moves", 5).put("up", 2).put("down", 1).put("stay", 2).put("dropped", 0).getMap());
    JsonObject up = ok(get(base + "/periods/2025-04-15/moves?movement=up&limit=1"), 200);
    assertThat(up.getLong("total")).isEqualTo(2);
    assertThat(up.getJsonObject("counts")).isEqualTo(new JsonObject().put("up", 2).put("down", 1).put("stay", 2)
        .put("dropped", 0));
    assertThat(up.getJsonArray("moves").getJsonObject(0)).as("the lowest tier first").isEqualTo(new JsonObject()
        .put("userId", "eve").put("from", "bronze").put("to", "silver").put("cohort", 1).put("cohortRank", 1)
        .put("score", 1).put("movement", "up"));
    assertThat(ok(get(base + "/periods/2025-04-15/moves?movement=up&offset=1&limit=1"), 200).getJsonArray("moves")
        .getJsonObject(0).getString("userId")).isEqualTo("bo");
    List<String> all = ok(get(base + "/periods/2025-04-15/moves"), 200).getJsonArray("moves").stream()
        .map(m -> ((JsonObject) m).getString("userId") + ":" + ((JsonObject) m).getString("movement")).toList();
    assertThat(all).as("by tier, cohort (the unseated last) and rank").containsExactly("eve:up", "ann:stay", "bo:up",
        "cy:stay", "di:down");
  }

  @Test
  void refusalsNameTheFieldAndUnknownsAre404() {
    String league = randomBoard();
    String base = "/v1/leagues/" + league;
    assertError(get(base + "/tiers"), 404, "league_not_found");
    assertError(get(base + "/periods"), 404, "league_not_found");
    ok(put(base, SPEC), 201);
    ok(post(base + "/scores", "{\"userId\": \"eve\", \"value\": 1}"), 200);
    assertError(get("/v1/leagues/Bad/tiers"), 400, "invalid_field", "league");
    assertError(get(base + "/tiers?period=someday"), 400, "invalid_field", "period");
    assertError(get(base + "/tiers?rankMode=dense"), 400, "invalid_field", "rankMode");
    assertError(get(base + "/tiers/diamond/cohorts/1"), 404, "tier_not_found", "diamond", "bronze, silver, gold");
    assertError(get(base + "/tiers/bronze/cohorts/first"), 400, "invalid_field", "cohort");
    assertError(get(base + "/tiers/bronze/cohorts/0"), 400, "invalid_field", "cohort");
    assertError(get(base + "/tiers/bronze/cohorts/2"), 404, "cohort_not_found", "no cohort 2");
    assertError(get(base + "/periods?limit=0"), 400, "invalid_field", "limit");
    assertError(get(base + "/periods/2025-04-15/moves?movement=sideways"), 400, "invalid_field", "movement",
        "up, down, stay, dropped");
    assertError(get(base + "/periods/2025-04-15/moves?offset=-1"), 400, "invalid_field", "offset");
    assertError(get(base + "/periods/someday/moves"), 400, "invalid_field", "period");
    assertError(get(base + "/periods/2025-04-14/moves"), 404, "period_not_found");
  }

  /** Any key with the read scope reads a league; one without it, or limited to boards, is refused. */
  @Test
  void onlyKeysWithTheReadScopeForEveryBoardReadALeague() {
    String league = randomBoard();
    String base = "/v1/leagues/" + league;
    ok(put(base, SPEC), 201);
    ok(post(base + "/scores", "{\"userId\": \"eve\", \"value\": 1}"), 200);
    ok(post(base + "/periods/2025-04-15/close", null), 200);
    String reader = "Bearer " + ok(post("/v1/keys", "{\"name\": \"" + league + "-r\", \"scopes\": [\"read\"]}"), 201)
        .getString("key");
    String submitter = "Bearer " + ok(post("/v1/keys", "{\"name\": \"" + league + "-s\", \"scopes\": [\"submit\"]}"), 201)
        .getString("key");
    String limited = "Bearer " + ok(post("/v1/keys", "{\"name\": \"" + league + "-l\", \"scopes\": [\"read\"],"
        + " \"boards\": [\"" + league + "\"]}"), 201).getString("key");
    for (String uri : List.of(base + "/tiers", base + "/tiers/bronze/cohorts/1?period=2025-04-15", base + "/periods",
        base + "/periods/2025-04-15/moves")) {
      assertThat(callWith(reader, HttpMethod.GET, uri, null).statusCode()).as(uri).isEqualTo(200);
      assertError(callWith(submitter, HttpMethod.GET, uri, null), 403, "forbidden", "read");
      assertError(callWith(limited, HttpMethod.GET, uri, null), 403, "forbidden", "every board");
      assertError(callWith(null, HttpMethod.GET, uri, null), 401, "unauthenticated");
    }
  }
}
