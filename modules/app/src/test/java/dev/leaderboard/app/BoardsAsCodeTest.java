package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apply} and {@code export} against a whole node. Each test has a node of its own Redis
 * shards (and the shared PostgreSQL), so that the node's boards and leagues are the test's alone:
 * {@code apply --delete} deletes whatever the file does not name.
 */
class BoardsAsCodeTest {
  private static final String TWO_BOARDS_AND_A_LEAGUE = """
      boards:
        weekly-score:
          period: weekly
          operator: best
          maxScore: 100000
          publicReads: false
        all-time:
          order: asc
          maxStep: 50
      leagues:
        ladder:
          tiers: [bronze, silver, gold]
          cohortSize: 10
          promote: 2
          relegate: "10%"
          period: weekly
      """;

  @TempDir
  Path dir;
  private LocalRedisShards shards;
  private LeaderboardApp app;
  private Vertx vertx;
  private WebClient http;
  private int port;

  @BeforeEach
  void startNode() throws IOException {
    shards = LocalRedisShards.start(dir.resolve("redis"), 2);
    port = MetricsTest.freePort();
    app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("node").toString(),
        "LB_HTTP_PORT", String.valueOf(port), "LB_REDIS_ENDPOINTS", String.join(",", shards.endpoints()),
        "LB_PG_URI", TestPostgres.uri())), AppRestartTest.CLOCK).await();
    vertx = Vertx.vertx();
    http = AdminClients.of(vertx, app);
  }

  @AfterEach
  void stopNode() {
    try {
      http.close();
      vertx.close().await();
      app.stop().await();
    } finally {
      shards.close();
    }
  }

  @Test
  void createsWhatTheFileDefinesAndThenChangesNothing() throws IOException {
    Path file = write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE);

    Run first = apply(file);
    assertThat(first.status).as(first.toString()).isZero();
    assertThat(first.out).contains("board all-time: create", "board weekly-score: create", "league ladder: create",
        "    maxScore: 100000", "plan: 3 to create, 0 to change, 0 to delete, 0 unchanged", "apply: done");
    assertThat(first.out.indexOf("board weekly-score: created")).as("boards before leagues")
        .isLessThan(first.out.indexOf("league ladder: created"));
    JsonObject weekly = get("/v1/boards/weekly-score");
    assertThat(weekly.getString("period")).isEqualTo("weekly");
    assertThat(weekly.getString("operator")).isEqualTo("best");
    assertThat(get("/v1/boards/all-time").getLong("maxStep")).isEqualTo(50L);
    assertThat(get("/v1/leagues/ladder").getJsonArray("tiers")).containsExactly("bronze", "silver", "gold");

    Run second = apply(file);
    assertThat(second.status).as(second.toString()).isZero();
    assertThat(second.out).isEqualTo("no changes (3 unchanged)\n");
    assertThat(get("/v1/boards/weekly-score").getLong("createdAt")).isEqualTo(weekly.getLong("createdAt"));
  }

  @Test
  void aDryRunPrintsThePlanAndChangesNothing() throws IOException {
    Run dry = apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE), "--dry-run");

    assertThat(dry.status).as(dry.toString()).isZero();
    assertThat(dry.out).contains("board weekly-score: create", "plan: 3 to create").doesNotContain("apply: done");
    assertThat(status("/v1/boards/weekly-score")).isEqualTo(404);
    assertThat(status("/v1/leagues/ladder")).isEqualTo(404);
  }

  @Test
  void aChangedFieldIsShownAndApplied() throws IOException {
    assertThat(apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE)).status).isZero();

    Path changed = write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE.replace("publicReads: false", "publicReads: true"));
    Run run = apply(changed);

    assertThat(run.status).as(run.toString()).isZero();
    assertThat(run.out).contains("board weekly-score: change\n    publicReads: false -> true\n",
        "plan: 0 to create, 1 to change, 0 to delete, 2 unchanged", "board weekly-score: changed");
    assertThat(run.out.lines().filter(l -> l.contains(" -> "))).hasSize(1);
    assertThat(get("/v1/boards/weekly-score").getBoolean("publicReads")).isTrue();
    assertThat(apply(changed).out).startsWith("no changes");

    Path league = write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE + "    dropInactive: true\n");
    Run leagueRun = apply(league);
    assertThat(leagueRun.status).as(leagueRun.toString()).isZero();
    assertThat(leagueRun.out).contains("league ladder: change\n    dropInactive: false -> true\n", "league ladder: changed");
    assertThat(get("/v1/leagues/ladder").getBoolean("dropInactive")).isTrue();
    assertThat(apply(league).out).startsWith("no changes");
  }

  @Test
  void aFixedFieldIsRefusedAndNothingChanges() throws IOException {
    assertThat(apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE)).status).isZero();
    JsonObject before = get("/v1/boards/all-time");

    Run run = apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE.replace("order: asc", "order: desc")
        .replace("maxStep: 50", "maxStep: 60").replace("cohortSize: 10", "cohortSize: 20")));

    assertThat(run.status).as(run.toString()).isEqualTo(ApplyCommand.REFUSED);
    assertThat(run.out).contains("board all-time: change\n    order: asc -> desc\n    maxStep: 50 -> 60\n",
        "league ladder: change\n    cohortSize: 10 -> 20\n", "apply: done, 2 refused by the node");
    assertThat(run.err).contains("board all-time: refused, left as it was: 409 board_conflict: order cannot change",
        "league ladder: refused, left as it was: 409 league_conflict", "apply --recreate deletes it");
    assertThat(get("/v1/boards/all-time")).isEqualTo(before);
    assertThat(get("/v1/leagues/ladder").getInteger("cohortSize")).isEqualTo(10);
  }

  @Test
  void recreateDeletesAndCreatesABoardWhoseFixedFieldChanges() throws IOException {
    assertThat(apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE)).status).isZero();
    assertThat(http.post(port, "localhost", "/v1/boards/all-time/scores")
        .sendJsonObject(new JsonObject().put("userId", "alice").put("value", 7)).await().statusCode()).isEqualTo(200);

    Run run = apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE.replace("order: asc", "order: desc")), "--recreate");

    assertThat(run.status).as(run.toString()).isZero();
    assertThat(run.out).contains("--recreate: a change the node refuses", "with its scores",
        "board all-time: deleted, with all its scores and archived periods, and created again (--recreate)");
    assertThat(get("/v1/boards/all-time").getString("order")).isEqualTo("desc");
    assertThat(status("/v1/boards/all-time/users/alice")).isEqualTo(404);
  }

  @Test
  void whatTheFileLeavesOutIsDeletedOnlyWhenAsked() throws IOException {
    assertThat(apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE)).status).isZero();
    Path fewer = write("fewer.yaml", """
        boards:
          weekly-score: {period: weekly}
        """);

    Run kept = apply(fewer);
    assertThat(kept.status).as(kept.toString()).isZero();
    assertThat(kept.out).contains("league ladder: not in the file, kept (apply --delete deletes it",
        "board all-time: not in the file, kept", "no changes (1 unchanged, 2 not in the file, kept)");
    assertThat(status("/v1/boards/all-time")).isEqualTo(200);
    assertThat(status("/v1/leagues/ladder")).isEqualTo(200);

    Run deleted = apply(fewer, "--delete");
    assertThat(deleted.status).as(deleted.toString()).isZero();
    assertThat(deleted.out).contains("league ladder: delete, with its members and its tier boards",
        "board all-time: delete, with all its scores", "plan: 0 to create, 0 to change, 2 to delete, 1 unchanged",
        "league ladder: deleted", "board all-time: deleted");
    assertThat(status("/v1/boards/all-time")).isEqualTo(404);
    assertThat(status("/v1/leagues/ladder")).isEqualTo(404);
    assertThat(apply(fewer, "--delete").out).isEqualTo("no changes (1 unchanged)\n");
  }

  @Test
  void anExportAppliedChangesNothingInYamlAndJson() throws IOException {
    Run made = apply(write("defs.json", """
        {"boards": {
           "speedrun": {"operator": "best", "sortKeys": [{"name": "deaths", "order": "asc", "max": 999}],
             "webhook": {"url": "https://example.com/hook", "secret": "a-secret-of-sixteen-chars"},
             "rewards": [{"ranks": [1, 3], "reward": {"gems": 10}}, {"topPercent": 10, "reward": {"gems": 1}}],
             "startsAt": "2026-01-01T00:00:00+00:00", "activeFor": "P2D", "period": "weekly", "maxStep": null},
           "daily": {"period": "daily", "cohortSize": 50, "joinRequired": true}},
         "leagues": {"ladder": {"tiers": ["bronze", "silver"], "cohortSize": 10, "promote": "20%", "relegate": 1,
             "period": "daily", "rewards": {"silver": [{"ranks": [1, 1], "reward": {"title": "champion"}}]}}}}
        """));
    assertThat(made.status).as(made.toString()).isZero();
    assertThat(made.out).doesNotContain("a-secret-of-sixteen-chars");

    Path yaml = dir.resolve("export.yaml");
    Run exported = export(yaml.toString());
    assertThat(exported.status).as(exported.toString()).isZero();
    String text = Files.readString(yaml);
    assertThat(text).startsWith("boards:\n  daily:\n").contains("\n  speedrun:\n", "\nleagues:\n  ladder:\n",
        "url: https://example.com/hook", "layout: wide")
        .doesNotContain("secret", "createdAt", "limits", "origin", "~ladder", "bronze:");
    Run stdout = export();
    assertThat(stdout.out).isEqualTo(text);

    Run again = apply(yaml);
    assertThat(again.status).as(again.toString()).isZero();
    assertThat(again.out).isEqualTo("no changes (3 unchanged)\n");

    Path json = dir.resolve("export.json");
    assertThat(export(json.toString()).status).isZero();
    assertThat(new JsonObject(Files.readString(json)).getJsonObject("boards").fieldNames())
        .containsExactly("daily", "speedrun");
    assertThat(apply(json).out).isEqualTo("no changes (3 unchanged)\n");
    // the file as first written also still matches: the same times, durations and numbers
    assertThat(apply(dir.resolve("defs.json")).out).isEqualTo("no changes (3 unchanged)\n");
  }

  /** docs/operations.md's example file: applied, then its export applied changes nothing. */
  @Test
  void theOperationsExampleMakesTheRoundTrip() throws IOException {
    String page = Files.readString(DeploymentManifestTest.ROOT.resolve("docs/operations.md"));
    int section = page.indexOf("## Boards and leagues as code");
    int start = page.indexOf("```yaml\n", section) + "```yaml\n".length();
    Path file = write("boards.yaml", page.substring(start, page.indexOf("```", start)));

    Run made = apply(file);
    assertThat(made.status).as(made.toString()).isZero();
    assertThat(made.out).contains("board summer-cup: created", "board weekly-score: created", "league ladder: created");
    Path exported = dir.resolve("exported.yaml");
    assertThat(export(exported.toString()).status).isZero();
    assertThat(apply(exported, "--dry-run").out).isEqualTo("no changes (3 unchanged)\n");
    assertThat(apply(file).out).isEqualTo("no changes (3 unchanged)\n");
  }

  @Test
  void aBadFileIsRefusedWithWhatIsWrong() throws IOException {
    Map<String, String> bad = Map.of(
        "broken.yaml", "boards:\n  a: {period: weekly\n",
        "broken.json", "{\"boards\": ",
        "field.yaml", "boards:\n  a:\n    colour: red\n",
        "top.yaml", "board:\n  a: {}\n",
        "name.yaml", "boards:\n  Not_A_Name: {}\n",
        "twice.yaml", "boards:\n  a: {}\n  a: {}\n",
        "empty.yaml", "");
    Map<String, String> said = Map.of(
        "broken.yaml", "broken.yaml: while parsing",
        "broken.json", "broken.json: ",
        "field.yaml", "boards.a.colour: not a field of a board's definition (",
        "top.yaml", "'board': a definition file holds only 'boards' and 'leagues'",
        "name.yaml", "boards.Not_A_Name: a board name must be",
        "twice.yaml", "found duplicate key a",
        "empty.yaml", "(the file is empty)");
    List<String> seen = new ArrayList<>();
    for (Map.Entry<String, String> file : bad.entrySet()) {
      Run run = apply(write(file.getKey(), file.getValue()), "--delete");
      assertThat(run.status).as(file.getKey() + ": " + run).isEqualTo(ApplyCommand.USAGE);
      assertThat(run.out).as(file.getKey()).isEmpty();
      assertThat(run.err).as(file.getKey()).startsWith("apply: ").contains(said.get(file.getKey()), "usage: apply FILE");
      seen.add(file.getKey());
    }
    assertThat(seen).hasSize(bad.size());
    Run missing = apply(dir.resolve("none.yaml"));
    assertThat(missing.status).isEqualTo(ApplyCommand.USAGE);
    assertThat(missing.err).contains("cannot read " + dir.resolve("none.yaml"));
    Run noFile = run(true, List.of("--url", "http://localhost:" + port));
    assertThat(noFile.status).isEqualTo(ApplyCommand.USAGE);
    assertThat(noFile.err).contains("apply: the definition file is required");
  }

  @Test
  void theAdminKeyIsNeverPrinted() throws IOException {
    String key = Files.readString(app.adminKeyFile()).strip();
    Run run = apply(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE));
    Run refused = run(true, List.of(write("defs.yaml", TWO_BOARDS_AND_A_LEAGUE).toString(), "--url",
        "http://localhost:" + port, "--key-file", write("wrong.key", "lb_wrong").toString()));

    assertThat(refused.status).isEqualTo(ApplyCommand.FAILED);
    assertThat(refused.err).contains("apply: failed: 401");
    assertThat(run.out + run.err + refused.out + refused.err).doesNotContain(key);
  }

  private Run apply(Path file, String... options) {
    List<String> args = new ArrayList<>(List.of(file.toString()));
    args.addAll(List.of(options));
    return run(true, node(args));
  }

  private Run export(String... file) {
    return run(false, node(new ArrayList<>(List.of(file))));
  }

  private List<String> node(List<String> args) {
    args.addAll(List.of("--url", "http://localhost:" + port, "--key-file", app.adminKeyFile().toString()));
    return args;
  }

  private static Run run(boolean apply, List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      int status = apply ? ApplyCommand.run(args, Map.of(), o, e) : ExportCommand.run(args, Map.of(), o, e);
      return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private JsonObject get(String path) {
    var r = http.get(port, "localhost", path).send().await();
    assertThat(r.statusCode()).as(path + ": " + r.bodyAsString()).isEqualTo(200);
    return r.bodyAsJsonObject();
  }

  private int status(String path) {
    return http.get(port, "localhost", path).send().await().statusCode();
  }

  private record Run(int status, String out, String err) {
  }
}
