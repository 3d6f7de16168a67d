package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The operator's page in a real browser against a whole node (embedded-store test shards and
 * PostgreSQL): the operator enters the node's admin key, creates a board with the page's form (and
 * later changes it), sees
 * its top reorder within a second of scores submitted through the API (over the board's event
 * stream), looks a user up, and opens
 * the period after it was closed through the admin API, now answered from the archive. The console's
 * other views: the overview (readiness, boards with their current entries, submits and reads per
 * second from the node's metrics), a board's score distribution and webhook deliveries with a
 * redelivery, players (ban, lift, remove, erase, each in the audit log), keys (created, shown once,
 * revoked), the audit log filtered, and a league's tiers, cohorts with zones and moves; a key
 * without the admin scope is offered only what it may use. Each view's screenshot is saved under
 * {@code target/screenshots/}.
 */
@ExtendWith(VertxExtension.class)
class DashboardBrowserTest {
  /** How soon a submitted score shows in the page's top over the stream. */
  private static final Duration LIVE = Duration.ofSeconds(1);
  private static final Duration PAGE = Duration.ofSeconds(10);
  private final String run = UUID.randomUUID().toString().substring(0, 8);

  private int port;
  private LeaderboardApp app;
  private Chromium chromium;
  private WebDriver page;
  private WebClient api;
  private String key;

  /** A whole node on the shared test shards and PostgreSQL, and a browser. */
  @BeforeEach
  void start(Vertx vertx, @TempDir Path dir) throws Exception {
    Chromium.assumeInstalled();
    port = AppRestartTest.freePort();
    AppConfig config = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("data").toString(),
        "LB_HTTP_PORT", String.valueOf(port), "LB_REDIS_ENDPOINTS", String.join(",", TestShards.endpoints()),
        "LB_PG_URI", TestPostgres.uri(),
        // the console and these tests act with one admin key, 51 board changes in a row among them: the
        // default admin rate (10/s, burst 50) would refuse some on a fast machine, which is not what is tested
        "LB_RATE_ADMIN", "1000/s,burst=1000"));
    app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await(60, TimeUnit.SECONDS);
    chromium = Chromium.start();
    page = chromium.driver();
    api = AdminClients.of(vertx, app);
    key = Files.readString(app.adminKeyFile()).strip();
  }

  @AfterEach
  void stop() throws Exception {
    try {
      if (chromium != null) {
        chromium.close();
      }
    } finally {
      if (app != null) {
        app.stop().await(60, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void anOperatorWatchesABoardLiveLooksAUserUpAndOpensAnArchivedPeriod() throws Exception {
    String board = "dash-" + UUID.randomUUID().toString().substring(0, 8);

    page.get("http://localhost:" + port + "/");
    page.findElement(By.id("key")).sendKeys(key);
    page.findElement(By.id("key-use")).click();
    assertThat(script(page, "return sessionStorage.getItem('leaderboard.key')")).isEqualTo(key);

    // a board created with the page's form opens live
    page.findElement(By.cssSelector("#board-admin summary")).click();
    page.findElement(By.id("bf-name")).sendKeys(board);
    new Select(page.findElement(By.id("bf-period"))).selectByValue("daily");
    page.findElement(By.id("bf-save")).click();
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(By.cssSelector("#boards tr[data-board='" + board + "']")).isEmpty());
    assertThat(ok(send(api, port, HttpMethod.GET, "/v1/boards/" + board, null)).getString("period")).isEqualTo("daily");
    // the page follows the board's event stream (a node without streams would be polled)
    chromium.waitAtMost(PAGE).until(d -> "stream".equals(script(d, "return document.getElementById('live-state').dataset.state")));
    chromium.screenshot("boards");

    JsonObject batch = new JsonObject().put("events", List.of(event("alice", 30), event("bob", 20), event("carol", 10),
        event("dave", 8), event("erin", 6), event("frank", 5), event("grace", 3)));
    assertThat(ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/scores/batch", batch)).getInteger("applied"))
        .isEqualTo(7);
    chromium.waitAtMost(LIVE).until(d -> users(d, "live-top").equals(List.of("alice", "bob", "carol", "dave", "erin",
        "frank", "grace")));
    String period = ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/scores", event("bob", 25)))
        .getString("period");
    List<String> top = List.of("bob", "alice", "carol", "dave", "erin", "frank", "grace");
    chromium.waitAtMost(LIVE).until(d -> users(d, "live-top").equals(top));
    assertThat(texts(page, "#live-top tbody td.score")).containsExactly("45", "30", "10", "8", "6", "5", "3");
    assertThat(page.findElements(By.cssSelector("#live-chart g.bar"))).hasSize(7);
    chromium.screenshot("live");

    // the board's definition edited with the same form: what it keeps for life is shown, not offered
    page.findElement(By.id("board-edit")).click();
    chromium.waitAtMost(PAGE).until(d -> board.equals(d.findElement(By.id("bf-name")).getDomProperty("value")));
    assertThat(page.findElement(By.id("bf-period")).isEnabled()).isFalse();
    page.findElement(By.id("bf-public")).click();
    page.findElement(By.id("bf-save")).click();
    By publicReads = By.cssSelector("#boards tr[data-board='" + board + "'] td:nth-child(6)");
    chromium.waitAtMost(PAGE).until(d -> "yes".equals(d.findElement(publicReads).getText()));
    assertThat(ok(send(api, port, HttpMethod.GET, "/v1/boards/" + board, null)).getBoolean("publicReads")).isTrue();

    // a user: their entry, the entries around them, their friends
    send(api, port, HttpMethod.PUT, "/v1/users/alice/friends/carol", null);
    page.findElement(By.cssSelector("#tabs [data-tab='user']")).click();
    page.findElement(By.id("user-id")).sendKeys("alice");
    page.findElement(By.id("user-lookup")).click();
    chromium.waitAtMost(PAGE).until(d -> users(d, "user-friends").equals(List.of("alice", "carol")));
    assertThat(page.findElement(By.cssSelector("#user-entry dd[data-fact='rank']")).getText()).isEqualTo("2");
    assertThat(page.findElement(By.cssSelector("#user-entry dd[data-fact='score']")).getText()).isEqualTo("30");
    assertThat(users(page, "user-around")).containsSubsequence("bob", "alice", "carol");
    // what the first rank needs of alice (bob's 45, beaten by one), and where 9 would put her
    page.findElement(By.id("target-rank")).clear();
    page.findElement(By.id("target-rank")).sendKeys("1");
    page.findElement(By.id("target-score")).sendKeys("9");
    page.findElement(By.id("target-find")).click();
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(By.cssSelector("#user-target dd[data-fact='rank of 9']")).isEmpty());
    assertThat(page.findElement(By.cssSelector("#user-target dd[data-fact='rank 1 held by']")).getText()).isEqualTo("bob");
    assertThat(page.findElement(By.cssSelector("#user-target dd[data-fact='needed']")).getText()).isEqualTo("46");
    assertThat(page.findElement(By.cssSelector("#user-target dd[data-fact='to reach']")).getText()).isEqualTo("16");
    assertThat(page.findElement(By.cssSelector("#user-target dd[data-fact='rank of 9']")).getText()).isEqualTo("3");
    chromium.screenshot("user");

    // the period pays its best three a chest when it closes
    assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + board, new JsonObject().put("rewards",
        new io.vertx.core.json.JsonArray().add(new JsonObject().put("ranks", new io.vertx.core.json.JsonArray().add(1).add(3))
            .put("reward", new JsonObject().put("chest", 1))))).statusCode()).isEqualTo(200);
    // the period, closed through the admin API, is browsed from the archive, with the rewards it recorded
    assertThat(ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/periods/" + period + "/close", null))
        .getString("state")).isEqualTo("archived");
    page.findElement(By.cssSelector("#tabs [data-tab='periods']")).click();
    By archived = By.cssSelector("#periods tr[data-period='" + period + "'][data-state='archived'] [data-action='view']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(archived).isEmpty());
    page.findElement(archived).click();
    chromium.waitAtMost(PAGE).until(d -> users(d, "period-entries").equals(top));
    assertThat(page.findElement(By.id("period-state")).getText()).isEqualTo("archived");
    assertThat(page.findElement(By.id("period-range")).getText()).isEqualTo("1–7 of 7");
    chromium.waitAtMost(PAGE).until(d -> users(d, "period-rewards").equals(top.subList(0, 3)));
    assertThat(texts(page, "#period-rewards tbody td.reward")).containsOnly("{\"chest\":1}");
    chromium.screenshot("period");
    // the key never went into an address; nothing was refused by the page's policy, nothing thrown
    assertThat(page.getCurrentUrl()).doesNotContain(key);
    assertThat(chromium.consoleErrors()).isEmpty();

    // attacker-controlled text (user IDs, metadata) renders as text, and the page may not parse HTML at all
    String hostile = "<img src=x onerror=\"window.pwned=1\">";
    Object rendered = ((JavascriptExecutor) page).executeAsyncScript("""
        const [hostile, done] = arguments;
        import('/ui/dom.js').then(dom => {
          const rows = dom.entryRows([{rank: 1, userId: hostile, meta: {displayName: hostile}, score: 1}]);
          const table = dom.el('table', {}, dom.el('tbody', {}, ...rows));
          document.body.append(table);
          done([table.querySelector('td.user').textContent, table.querySelector('td.name').textContent,
              table.querySelectorAll('img').length]);
        });""", hostile);
    assertThat(rendered).isEqualTo(List.of(hostile, hostile, 0L));
    assertThat(script(page, "try { document.body.innerHTML = '<b>x</b>'; return 'assigned'; }"
        + " catch (e) { return e.name; }")).isEqualTo("TypeError");
    assertThat(script(page, "return window.pwned === undefined")).isEqualTo(true);
  }

  /**
   * The page before and after a key: first a screen that says where the node's admin key is and what
   * keys can do; then the board form speaks the API's period names (an all-time board is created
   * and edited as such), a refusal shown in red is gone after the next action that succeeds, the
   * friends view lists the friends without a score, and times show milliseconds exactly on boards
   * that break ties by them.
   */
  @Test
  void aFirstScreenTheApisNamesAndTimesAsPreciseAsTheBoard() throws Exception {

    // without a key: where the admin key is, what a key can do, and no empty table
    page.get("http://localhost:" + port + "/");
    WebElement welcome = page.findElement(By.id("welcome"));
    chromium.waitAtMost(PAGE).until(d -> welcome.isDisplayed());
    assertThat(welcome.getText()).contains("data/admin.key", "LB_DATA_DIR", "LB_ADMIN_KEY_FILE",
        "created admin key", "read", "friends", "admin");
    assertThat(page.findElement(By.id("boards-view")).isDisplayed()).isFalse();
    chromium.screenshot("welcome");
    page.findElement(By.id("key")).sendKeys(key);
    page.findElement(By.id("key-use")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("boards-view")).isDisplayed());
    assertThat(welcome.isDisplayed()).isFalse();

    // a refusal is shown in red ...
    page.findElement(By.cssSelector("#board-admin summary")).click();
    page.findElement(By.id("bf-name")).sendKeys("Not A Name");
    page.findElement(By.id("bf-save")).click();
    WebElement message = page.findElement(By.id("message"));
    chromium.waitAtMost(PAGE).until(d -> message.isDisplayed() && message.getText().contains("invalid_field"));
    assertThat(message.getDomAttribute("class")).isEqualTo("error");

    // ... until the next action, which succeeds: an all-time board made with the form's default period
    String allTime = "all-" + run;
    WebElement name = page.findElement(By.id("bf-name"));
    name.clear();
    name.sendKeys(allTime);
    assertThat(new Select(page.findElement(By.id("bf-period"))).getFirstSelectedOption().getText()).isEqualTo("all-time");
    page.findElement(By.id("bf-save")).click();
    chromium.waitAtMost(PAGE).until(d -> allTime.equals(d.findElement(By.id("board-name")).getText()));
    assertThat(message.isDisplayed()).isFalse();
    JsonObject created = ok(send(api, port, HttpMethod.GET, "/v1/boards/" + allTime, null));
    assertThat(created.getString("period")).isEqualTo("all-time");
    assertThat(created.getString("tieResolution")).isEqualTo("s");

    // editing it shows its period
    page.findElement(By.id("board-edit")).click();
    chromium.waitAtMost(PAGE).until(d -> allTime.equals(d.findElement(By.id("bf-name")).getDomProperty("value")));
    Select period = new Select(page.findElement(By.id("bf-period")));
    assertThat(period.getFirstSelectedOption().getDomAttribute("value")).isEqualTo("all-time");
    assertThat(period.getFirstSelectedOption().getText()).isEqualTo("all-time");
    chromium.screenshot("edit-all-time");
    page.findElement(By.id("bf-new")).click();

    // two users tied on score, ordered by milliseconds on a daily board (ties by ms) and by seconds
    // (then user ID) on the all-time board: times show what orders them
    String daily = "daily-" + run;
    assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + daily, new JsonObject().put("period", "daily"))
        .statusCode()).isEqualTo(201);
    long noon = AppRestartTest.CLOCK.millis();
    String late = "late-" + run;
    String early = "early-" + run;
    String friendless = "unscored-" + run;
    for (String b : List.of(daily, allTime)) {
      JsonObject batch = new JsonObject().put("events", List.of(event(late, 10).put("at", noon + 456),
          event(early, 10).put("at", noon + 123)));
      JsonObject applied = ok(send(api, port, HttpMethod.POST, "/v1/boards/" + b + "/scores/batch", batch));
      assertThat(applied.getInteger("applied")).as(applied.encode()).isEqualTo(2);
    }
    page.findElement(By.cssSelector("#boards-refresh")).click();
    By dailyRow = By.cssSelector("#boards button[data-board='" + daily + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(dailyRow).isEmpty());
    page.findElement(dailyRow).click();
    chromium.waitAtMost(PAGE).until(d -> users(d, "live-top").equals(List.of(early, late)));
    assertThat(texts(page, "#live-top tbody td.time"))
        .containsExactly("2025-04-15 12:00:00.123Z", "2025-04-15 12:00:00.456Z");
    chromium.screenshot("live-ms");

    // the friends view: the friends without a score are named
    send(api, port, HttpMethod.PUT, "/v1/users/" + early + "/friends/" + late, null);
    send(api, port, HttpMethod.PUT, "/v1/users/" + early + "/friends/" + friendless, null);
    page.findElement(By.cssSelector("#tabs [data-tab='user']")).click();
    page.findElement(By.id("user-id")).sendKeys(early);
    page.findElement(By.id("user-lookup")).click();
    chromium.waitAtMost(PAGE).until(d -> users(d, "user-friends").equals(List.of(early, late)));
    assertThat(page.findElement(By.id("user-friends-note")).getText())
        .isEqualTo("2 in the group, without a score: " + friendless);
    assertThat(texts(page, "#user-friends tbody td.time"))
        .containsExactly("2025-04-15 12:00:00.123Z", "2025-04-15 12:00:00.456Z");
    assertThat(page.findElement(By.cssSelector("#user-entry dd[data-fact='time (UTC)']")).getText())
        .isEqualTo("2025-04-15 12:00:00.123Z");

    // the all-time board breaks ties by seconds: its times are whole seconds
    page.findElement(By.cssSelector("#boards button[data-board='" + allTime + "']")).click();
    page.findElement(By.cssSelector("#tabs [data-tab='live']")).click();
    chromium.waitAtMost(PAGE).until(d -> users(d, "live-top").size() == 2
        && allTime.equals(d.findElement(By.id("board-name")).getText()));
    assertThat(texts(page, "#live-top tbody td.time")).containsOnly("2025-04-15 12:00:00Z");
    assertThat(chromium.consoleErrors()).allMatch(e -> e.contains("status of 400"));
  }

  /** Opens a console view once its tab shows (the page hides the views a key may not use until it knows the key). */
  private void openView(String view) {
    By tab = By.cssSelector("#views [data-view='" + view + "']");
    chromium.waitAtMost(PAGE).until(d -> d.findElement(tab).isDisplayed());
    page.findElement(tab).click();
  }

  private static JsonObject event(String userId, long value) {
    return new JsonObject().put("userId", userId).put("value", value);
  }

  /** The user IDs of a table's rows, read at once (the page replaces rows as updates arrive). */
  @SuppressWarnings("unchecked")
  private static List<String> users(WebDriver page, String table) {
    return (List<String>) script(page, "return [...document.querySelectorAll('#" + table + " tbody td.user')]"
        + ".map(td => td.textContent)");
  }

  private static List<String> texts(WebDriver page, String css) {
    return page.findElements(By.cssSelector(css)).stream().map(e -> e.getText()).toList();
  }

  private static Object script(WebDriver page, String code) {
    return ((JavascriptExecutor) page).executeScript(code);
  }

  private static JsonObject ok(HttpResponse<Buffer> r) {
    assertThat(r.statusCode()).as(r.bodyAsString()).isBetween(200, 201);
    return r.bodyAsJsonObject();
  }

  private static HttpResponse<Buffer> send(WebClient client, int port, HttpMethod method, String uri, JsonObject body)
      throws Exception {
    HttpRequest<Buffer> request = client.request(method, port, "localhost", uri);
    return (body == null ? request.send()
        : request.putHeader("Content-Type", "application/json").sendBuffer(body.toBuffer())).await(20, TimeUnit.SECONDS);
  }

  @Test
  void theOverviewABoardsDistributionAndARedeliveredWebhook(Vertx vertx) throws Exception {
    AtomicInteger posts = new AtomicInteger();
    HttpServer receiver = vertx.createHttpServer().requestHandler(r -> {
          posts.incrementAndGet();
          r.response().end();
        })
        .listen(0).await(10, TimeUnit.SECONDS);
    String board = "ov-" + run;
    JsonObject webhook = new JsonObject().put("url", "http://localhost:" + receiver.actualPort() + "/hook")
        .put("secret", "s3cret-" + run + "-0123456789");
    assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + board,
        new JsonObject().put("period", "daily").put("webhook", webhook)).statusCode()).isEqualTo(201);
    JsonObject batch = new JsonObject().put("events", List.of(event("alice", 30), event("bob", 20), event("carol", 10),
        event("dave", 11), event("erin", 12)));
    assertThat(ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/scores/batch", batch)).getInteger("applied"))
        .isEqualTo(5);

    useKey(key);
    openView("overview");
    chromium.waitAtMost(PAGE).until(d -> "UP".equals(d.findElement(By.id("ov-status")).getText()));
    int shards = TestShards.endpoints().size();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.cssSelector("#ov-checks tr[data-check='redis']")).getText()
        .contains("shards " + shards + " up, 0 down"));
    By total = By.cssSelector("#ov-boards tr[data-board='" + board + "'] td.total");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(total).isEmpty() && "5".equals(d.findElement(total).getText()));
    // submits per second: scores keep coming (to another board) until a rate between two of the
    // page's readings shows them
    String busy = "busy-" + run;
    assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + busy, new JsonObject()).statusCode()).isEqualTo(201);
    chromium.waitAtMost(Duration.ofSeconds(20)).until(d -> {
      quietly(api, HttpMethod.POST, "/v1/boards/" + busy + "/scores/batch",
          new JsonObject().put("events", List.of(event("frank", 1), event("grace", 1))));
      return rate(d, "ov-submits") > 0 && rate(d, "ov-reads") > 0;
    });
    chromium.screenshot("console-overview");
    // what the rates are made of: submits on every board, and GETs of /v1 routes only
    String metrics = String.join("\n", "# HELP leaderboard_submits_total submits",
        "# TYPE leaderboard_submits_total counter",
        "leaderboard_submits_total{board=\"a\",outcome=\"applied\"} 3.0",
        "leaderboard_submits_total{board=\"b \\\"}\\\" x\",outcome=\"applied\"} 4.0",
        "leaderboard_submits_totally 100.0",
        "vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/v1/boards/:board/entries\"} 5.0",
        "vertx_http_server_requests_total{code=\"200\",method=\"POST\",route=\"/v1/boards/:board/scores\"} 7.0",
        "vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/metrics\"} 11.0", "");
    Object read = ((JavascriptExecutor) page).executeAsyncScript("""
        const [text, done] = arguments;
        import('/ui/metrics.js').then(m => {
          const a = {at: 0, ...m.counts(text)};
          done([a.submits, a.reads, m.rates(a, {at: 2000, submits: a.submits + 10, reads: a.reads + 1}).submits]);
        });""", metrics);
    assertThat(read).isEqualTo(List.of(7L, 5L, 5L));

    // the board: its live top and how its scores are spread
    openView("boards");
    By open = By.cssSelector("#boards button[data-board='" + board + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(open).isEmpty());
    page.findElement(open).click();
    chromium.waitAtMost(PAGE).until(d -> histogramCount(d) == 5);
    assertThat(page.findElement(By.cssSelector("#hist-bars .hist-row")).getDomAttribute("data-from")).isEqualTo("10");
    assertThat(page.findElement(By.id("hist-note")).getText()).startsWith("5 entries in ");
    WebElement buckets = page.findElement(By.id("hist-buckets"));
    buckets.clear();
    buckets.sendKeys("3\n");
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#hist-bars .hist-row")).size() == 3
        && histogramCount(d) == 5);
    chromium.screenshot("console-board");

    // the period closes, its webhook is delivered, and the operator sends it again
    String period = ok(send(api, port, HttpMethod.GET, "/v1/boards/" + board + "/entries?limit=1", null)).getString("period");
    assertThat(ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/periods/" + period + "/close", null))
        .getString("state")).isEqualTo("archived");
    page.findElement(By.cssSelector("#tabs [data-tab='deliveries']")).click();
    By row = By.cssSelector("#deliveries tr[data-period='" + period + "']");
    chromium.waitAtMost(PAGE).until(d -> {
      d.findElement(By.id("deliveries-refresh")).click();
      return !d.findElements(By.cssSelector("#deliveries tr[data-period='" + period + "'][data-state='delivered']")).isEmpty();
    });
    assertThat(page.findElement(row).findElement(By.cssSelector("td.attempts")).getText()).isEqualTo("1");
    assertThat(posts.get()).isEqualTo(1);
    page.findElement(row).findElement(By.cssSelector("[data-action='redeliver']")).click();
    chromium.waitAtMost(PAGE).until(d -> {
      d.findElement(By.id("deliveries-refresh")).click();
      List<WebElement> done = d.findElements(By.cssSelector("#deliveries tr[data-period='" + period + "'][data-state='delivered']"));
      return !done.isEmpty() && "2".equals(done.get(0).findElement(By.cssSelector("td.attempts")).getText());
    });
    assertThat(posts.get()).isEqualTo(2);
    chromium.screenshot("console-deliveries");
    assertThat(chromium.consoleErrors()).isEmpty();
    receiver.close().await(10, TimeUnit.SECONDS);
  }

  /** A competition's participants in join order, and a cohort ranked within itself beside the board ranks. */
  @Test
  void aCompetitionsParticipantsAndACohort() throws Exception {
    String board = "cup-" + run;
    assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + board,
        new JsonObject().put("period", "daily").put("cohortSize", 2).put("maxSize", 10)).statusCode()).isEqualTo(201);
    for (JsonObject e : List.of(event("alice", 30), event("bob", 20), event("carol", 10), event("dave", 40),
        event("erin", 12))) {
      ok(send(api, port, HttpMethod.POST, "/v1/boards/" + board + "/scores", e));
    }
    useKey(key);
    page.findElement(By.cssSelector("#views [data-view='boards']")).click();
    By open = By.cssSelector("#boards button[data-board='" + board + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(open).isEmpty());
    page.findElement(open).click();
    page.findElement(By.cssSelector("#tabs [data-tab='participants']")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#participants tbody tr")).size() == 5);
    assertThat(page.findElements(By.cssSelector("#participants tbody tr")).stream()
        .map(r -> r.getDomAttribute("data-user")).toList()).containsExactly("alice", "bob", "carol", "dave", "erin");
    page.findElement(By.cssSelector("#participants tr[data-user='dave'] [data-action='cohort']")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#cohort tbody tr")).size() == 2);
    List<WebElement> cohort = page.findElements(By.cssSelector("#cohort tbody tr"));
    assertThat(cohort.get(0).getDomAttribute("data-user")).isEqualTo("dave");
    assertThat(cohort.get(0).findElements(By.tagName("td")).get(1).getText()).as("dave's board rank").isEqualTo("1");
    assertThat(cohort.get(1).getDomAttribute("data-user")).isEqualTo("carol");
    assertThat(cohort.get(1).findElements(By.tagName("td")).get(0).getText()).isEqualTo("2");
    assertThat(cohort.get(1).findElements(By.tagName("td")).get(1).getText()).as("carol's board rank").isEqualTo("5");
    chromium.screenshot("console-participants");
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  /**
   * A league closed through the API: its tiers with their members and cohorts, a cohort of a tier
   * with each member's zone as at the close, and the close's moves, all and filtered by movement.
   */
  @Test
  void aLeaguesTiersACohortsZonesAndTheMovesOfItsClose() throws Exception {
    String league = "lg-" + run;
    ok(send(api, port, HttpMethod.PUT, "/v1/leagues/" + league, new JsonObject()
        .put("tiers", new JsonArray().add("bronze").add("silver").add("gold")).put("cohortSize", 3).put("promote", 1)
        .put("relegate", 1).put("period", "daily")));
    for (String user : List.of("ann", "bob", "cid")) {
      ok(send(api, port, HttpMethod.POST, "/v1/leagues/" + league + "/members",
          new JsonObject().put("userId", user).put("tier", "silver")));
    }
    for (JsonObject e : List.of(event("ann", 30), event("bob", 20), event("cid", 10), event("dan", 5),
        event("eve", 7))) {
      ok(send(api, port, HttpMethod.POST, "/v1/leagues/" + league + "/scores", e));
    }
    ok(send(api, port, HttpMethod.POST, "/v1/leagues/" + league + "/periods/2025-04-15/close", null));

    useKey(key);
    openView("leagues");
    By open = By.cssSelector("#leagues button[data-league='" + league + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(open).isEmpty());
    page.findElement(open).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#league-tiers tbody tr")).size() == 3);
    assertThat(page.findElements(By.cssSelector("#league-tiers tbody tr")).stream()
        .map(r -> r.getDomAttribute("data-tier") + " " + r.findElement(By.cssSelector("td.members")).getText() + " "
            + r.findElement(By.cssSelector("td.cohorts")).getText()).toList())
        .as("the ladder, highest first").containsExactly("gold 0 0", "silver 3 1", "bronze 2 1");
    page.findElement(By.cssSelector("#league-tiers tr[data-tier='silver'] [data-action='tier']")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#league-cohort tbody tr")).size() == 3);
    assertThat(page.findElements(By.cssSelector("#league-cohort tbody tr")).stream()
        .map(r -> r.getDomAttribute("data-user") + " " + r.findElement(By.cssSelector("td.zone")).getText()).toList())
        .containsExactly("ann promotion", "bob stay", "cid relegation");
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#league-moves tbody tr")).size() == 5);
    assertThat(page.findElement(By.id("league-moves-period")).getText()).contains("2025-04-15: 2 up, 1 down, 2 stay");
    assertThat(page.findElements(By.cssSelector("#league-moves tbody tr")).stream()
        .map(r -> r.getDomAttribute("data-user") + " " + r.getDomAttribute("data-movement")).toList())
        .as("the lowest tier first, by cohort rank")
        .containsExactly("eve up", "dan stay", "ann up", "bob stay", "cid down");
    new Select(page.findElement(By.id("league-movement"))).selectByValue("up");
    chromium.waitAtMost(PAGE).until(d -> d.findElements(By.cssSelector("#league-moves tbody tr")).size() == 2);
    assertThat(page.findElements(By.cssSelector("#league-moves tbody tr")).stream()
        .map(r -> r.getDomAttribute("data-user")).toList()).containsExactly("eve", "ann");
    assertThat(page.findElement(By.id("league-moves-note")).getText()).isEqualTo("1–2 of 2 up moves");
    chromium.screenshot("console-leagues");
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  @Test
  void aPlayerIsBannedLiftedRemovedAndErasedEachInTheAuditLog() throws Exception {
    String player = "p-" + run;
    String first = "pa-" + run;
    String second = "pb-" + run;
    for (String b : List.of(first, second)) {
      assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + b, new JsonObject()).statusCode()).isEqualTo(201);
      JsonObject batch = new JsonObject().put("events", List.of(event(player, 50), event("other-" + run, 70)));
      assertThat(ok(send(api, port, HttpMethod.POST, "/v1/boards/" + b + "/scores/batch", batch)).getInteger("applied"))
          .isEqualTo(2);
    }

    assertThat(send(api, port, HttpMethod.PUT, "/v1/users/" + player + "/profile", new JsonObject()
        .put("displayName", "Speedy " + run).put("country", "FR")).statusCode()).isEqualTo(200);

    useKey(key);
    openView("players");
    page.findElement(By.id("player-id")).sendKeys(player);
    page.findElement(By.id("player-lookup")).click();
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#player-entries td.rank").equals(List.of("2", "2")));
    assertThat(page.findElement(By.id("player-ban-state")).getText()).isEqualTo("not banned");

    // the profile, and its display name reset by a moderator (audited)
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("player-profile")).getText()
        .equals("name Speedy " + run + ", country FR"));
    page.findElement(By.id("player-reset-name")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("player-profile")).getText()
        .equals("no display name, country FR") && "resetDisplayName".equals(newestAction(d)));

    // everything held of the player as a file; the export is audited too
    page.findElement(By.id("player-export")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("player-export-result")).getText()
        .startsWith("exported " + player + ": 2 hot periods") && "exportUser".equals(newestAction(d)));

    // a ban with its reason: the entries are held back, and the log says so
    page.findElement(By.id("player-reason")).sendKeys("speed hack");
    page.findElement(By.id("player-ban")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("player-ban-state")).getText().endsWith(": speed hack"));
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#player-held td.score").equals(List.of("50", "50"))
        && texts(d, "#player-entries td.rank").isEmpty());
    // the log is written as the answer goes out, not before: the page reads it again every few seconds
    chromium.waitAtMost(PAGE).until(d -> "banUser".equals(newestAction(d)));
    assertThat(ok(send(api, port, HttpMethod.GET, "/v1/users/" + player, null)).getBoolean("banned")).isTrue();

    // the lift with its reason, which the log records
    page.findElement(By.id("player-lift-reason")).sendKeys("appeal accepted");
    page.findElement(By.id("player-lift")).click();
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#player-entries td.rank").size() == 2 && "liftBan".equals(newestAction(d)));
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#player-audit tr[data-operation='liftBan'] td")
        .contains("reason appeal accepted"));
    assertThat(page.findElement(By.id("player-ban-state")).getText()).isEqualTo("not banned");

    // one entry removed
    page.findElement(By.cssSelector("#player-entries tr[data-board='" + first + "'] [data-action='remove']")).click();
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#player-entries tr[data-board] td:first-child").equals(List.of(second))
        && "removeEntry".equals(newestAction(d)));
    assertThat(send(api, port, HttpMethod.GET, "/v1/boards/" + first + "/users/" + player, null).statusCode()).isEqualTo(404);
    chromium.screenshot("console-players");

    // erasing waits for the user ID typed again
    WebElement erase = page.findElement(By.id("player-erase"));
    WebElement confirm = page.findElement(By.id("player-erase-confirm"));
    assertThat(erase.isEnabled()).isFalse();
    confirm.sendKeys(player.substring(1));
    assertThat(erase.isEnabled()).isFalse();
    confirm.clear();
    confirm.sendKeys(player);
    assertThat(erase.isEnabled()).isTrue();
    erase.click();
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("player-result")).getText().startsWith("erased " + player)
        && "eraseUser".equals(newestAction(d)));
    assertThat(ok(send(api, port, HttpMethod.GET, "/v1/users/" + player, null)).getJsonArray("entries")).isEmpty();

    // the audit log, filtered by action, then by board and actor (by the server)
    openView("audit");
    page.findElement(By.id("audit-action")).sendKeys("banUser");
    page.findElement(By.id("audit-apply")).click();
    chromium.waitAtMost(PAGE).until(d -> !texts(d, "#audit td.operation").isEmpty()
        && texts(d, "#audit td.operation").stream().allMatch("banUser"::equals));
    page.findElement(By.id("audit-action")).clear();
    page.findElement(By.id("audit-board")).sendKeys(first);
    page.findElement(By.id("audit-apply")).click();
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#audit td.operation").equals(List.of("removeEntry", "putBoard")));
    String who = "key:" + key.split("_")[1];
    // the filters are the server's: a key that did nothing has no actions
    page.findElement(By.id("audit-actor")).sendKeys("key:0000000000000000");
    page.findElement(By.id("audit-apply")).click();
    chromium.waitAtMost(PAGE).until(d -> "none".equals(d.findElement(By.id("audit-range")).getText()));
    page.findElement(By.id("audit-actor")).clear();
    page.findElement(By.id("audit-actor")).sendKeys(who);
    page.findElement(By.id("audit-apply")).click();
    chromium.waitAtMost(PAGE).until(d -> texts(d, "#audit td.who").equals(List.of(who, who)));
    chromium.screenshot("console-audit");

    // a page at a time: 51 changes of one board are two pages of the board's log
    String busy = "pc-" + run;
    for (int i = 0; i < 51; i++) {
      assertThat(send(api, port, HttpMethod.PUT, "/v1/boards/" + busy, new JsonObject().put("publicReads", i % 2 == 0))
          .statusCode()).isBetween(200, 201);
    }
    page.findElement(By.id("audit-actor")).clear();
    page.findElement(By.id("audit-board")).clear();
    page.findElement(By.id("audit-board")).sendKeys(busy);
    page.findElement(By.id("audit-apply")).click();
    WebElement range = page.findElement(By.id("audit-range"));
    chromium.waitAtMost(PAGE).until(d -> "1–50".equals(range.getText()));
    assertThat(page.findElement(By.id("audit-prev")).isEnabled()).isFalse();
    page.findElement(By.id("audit-next")).click();
    chromium.waitAtMost(PAGE).until(d -> "51–51".equals(range.getText()));
    assertThat(page.findElement(By.id("audit-next")).isEnabled()).isFalse();
    page.findElement(By.id("audit-prev")).click();
    chromium.waitAtMost(PAGE).until(d -> "1–50".equals(range.getText()));
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  @Test
  void aKeyIsShownOnceListedAndRevokedAndALesserKeySeesOnlyWhatItMayUse(Vertx vertx) throws Exception {
    useKey(key);
    openView("keys");
    String name = "reader " + run;
    page.findElement(By.id("kc-name")).sendKeys(name);
    page.findElement(By.id("kc-create")).click();
    WebElement secret = page.findElement(By.id("new-key-secret"));
    chromium.waitAtMost(PAGE).until(d -> secret.getText().startsWith("lb_"));
    String reader = secret.getText();
    By row = By.cssSelector("#keys tr[data-name='" + name + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(row).isEmpty());
    chromium.waitAtMost(PAGE).until(d -> "read".equals(d.findElement(row).findElement(By.cssSelector("td.scopes")).getText()));
    // a second key, limited to one board and expiring
    String limited = "limited " + run;
    page.findElement(By.id("kc-name")).sendKeys(limited);
    page.findElement(By.cssSelector("#kc-scopes input[value='submit']")).click();
    page.findElement(By.id("kc-boards")).sendKeys("only-" + run);
    script(page, "document.getElementById('kc-expires').value = '2099-01-02T03:04'");
    String before = secret.getText();
    page.findElement(By.id("kc-create")).click();
    chromium.waitAtMost(PAGE).until(d -> !before.equals(secret.getText()) && secret.getText().startsWith("lb_"));
    By limitedRow = By.cssSelector("#keys tr[data-name='" + limited + "']");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(limitedRow).isEmpty());
    chromium.waitAtMost(PAGE).until(d -> {
      List<String> cells = texts(d, "#keys tr[data-name='" + limited + "'] td");
      return cells.containsAll(List.of("read, submit", "only-" + run, "2099-01-02 03:04:00Z"))
          && cells.indexOf("only-" + run) == cells.indexOf("read, submit") + 1
          && texts(d, "#keys tr.me td:first-child").equals(List.of(key.split("_")[1] + " (this key)"));
    });
    page.findElement(By.id("new-key-copy")).click();
    chromium.waitAtMost(PAGE).until(d -> !d.findElement(By.id("new-key-copied")).getText().isEmpty());
    chromium.screenshot("console-keys");
    // the list never shows a key
    assertThat(page.findElement(By.id("keys")).getText()).doesNotContain(reader);
    WebClient asReader = AdminClients.withAuthorization(vertx, "Bearer " + reader);
    assertThat(send(asReader, port, HttpMethod.GET, "/v1/boards", null).statusCode()).isEqualTo(200);

    // the read key: no admin views, no deliveries tab, the rest works
    useKey(reader);
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("views-scope")).getText().contains("no admin scope"));
    for (String view : List.of("players", "keys", "audit")) {
      assertThat(page.findElement(By.cssSelector("#views [data-view='" + view + "']")).isDisplayed()).as(view).isFalse();
    }
    openView("leagues");
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("leagues-view")).isDisplayed());
    openView("overview");
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("ov-boards-note")).getText().endsWith(" boards"));

    // a submit-only key: no view of the console is for it, and the page says so instead of empty views
    JsonObject submitter = ok(send(api, port, HttpMethod.POST, "/v1/keys",
        new JsonObject().put("name", "submitter-" + run).put("scopes", new JsonArray().add("submit"))));
    useKey(submitter.getString("key"));
    chromium.waitAtMost(PAGE).until(d -> d.findElement(By.id("views-scope")).getText()
        .startsWith("this key holds neither the read nor the admin scope"));
    for (String view : List.of("overview", "boards", "leagues", "players", "keys", "audit")) {
      assertThat(page.findElement(By.cssSelector("#views [data-view='" + view + "']")).isDisplayed()).as(view).isFalse();
      assertThat(page.findElement(By.id(view + "-view")).isDisplayed()).as(view + " view").isFalse();
    }
    chromium.screenshot("console-refused");

    // back as admin: the read key revoked from the list, and refused by the node
    useKey(key);
    openView("keys");
    chromium.waitAtMost(PAGE).until(d -> !d.findElements(row).isEmpty());
    page.findElement(row).findElement(By.cssSelector("[data-action='revoke']")).click();
    chromium.waitAtMost(PAGE).until(d -> d.findElements(row).isEmpty());
    chromium.waitAtMost(PAGE).until(d -> quietly(asReader, HttpMethod.GET, "/v1/boards", null) == 401);
    assertThat(chromium.consoleErrors()).allMatch(e -> e.contains("status of 403"));
  }

  private void useKey(String value) {
    if (!page.getCurrentUrl().startsWith("http://localhost:" + port)) {
      page.get("http://localhost:" + port + "/");
    }
    page.findElement(By.id("key")).sendKeys(value);
    page.findElement(By.id("key-use")).click();
    chromium.waitAtMost(PAGE).until(d -> value.equals(script(d, "return sessionStorage.getItem('leaderboard.key')")));
  }

  /** The status of a request sent from inside a wait's condition. */
  private int quietly(WebClient client, HttpMethod method, String uri, JsonObject body) {
    try {
      return send(client, port, method, uri, body).statusCode();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static double rate(WebDriver page, String id) {
    try {
      return Double.parseDouble(page.findElement(By.id(id)).getText());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long histogramCount(WebDriver page) {
    return page.findElements(By.cssSelector("#hist-bars .hist-row")).stream()
        .mapToLong(r -> Long.parseLong(r.getDomAttribute("data-count"))).sum();
  }

  private static String newestAction(WebDriver page) {
    List<String> actions = texts(page, "#player-audit td.operation");
    return actions.isEmpty() ? null : actions.get(0);
  }
}
