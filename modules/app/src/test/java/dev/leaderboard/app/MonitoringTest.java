package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Grafana dashboard and the Prometheus alert rules of {@code deploy/components/monitoring} query
 * only metrics a node exports: every metric name in every PromQL expression of both is in the
 * {@code GET /metrics} of a whole node (on the shared test shards and PostgreSQL) that has served
 * submits, reads, readiness, a period close and its webhook. {@code up} is the one exception:
 * Prometheus records it for every target it scrapes. {@link DeploymentManifestTest} checks that the
 * overlays render both files into their ConfigMaps.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class MonitoringTest {
  static final Path COMPONENT = DeploymentManifestTest.ROOT.resolve("deploy/components/monitoring");
  static final Path DASHBOARD = COMPONENT.resolve("leaderboard-dashboard.json");
  static final Path ALERTS = COMPONENT.resolve("alerts.yaml");
  /** Series Prometheus itself records for each target it scrapes. */
  private static final Set<String> SCRAPE_SERIES = Set.of("up");
  private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "inf", "nan", "offset", "by",
      "without", "on", "ignoring", "group_left", "group_right", "atan2");
  private static final Pattern NAME = Pattern.compile("(?<![\\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");

  /**
   * The metric names a PromQL expression reads: what is left once string literals, label matchers,
   * ranges, Grafana variables, {@code by}/{@code without}/{@code on}/{@code ignoring}/{@code group_*}
   * label lists and {@code offset}s are taken out, less functions (a name before {@code (}) and keywords.
   */
  static Set<String> metricNames(String expr) {
    String s = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`", " ")
        .replaceAll("\\{[^}]*}", " ")
        .replaceAll("\\[[^\\]]*]", " ")
        .replaceAll("\\$\\{[^}]*}|\\$\\w+", " ")
        .replaceAll("(?i)\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
        .replaceAll("(?i)\\boffset\\s+-?\\w+", " ");
    Set<String> out = new TreeSet<>();
    Matcher m = NAME.matcher(s);
    while (m.find()) {
      if (m.group(2) == null && !KEYWORDS.contains(m.group(1).toLowerCase(Locale.ROOT))) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  /** Every PromQL expression of the dashboard (its panels' targets) and of the rules, by where it is (each once). */
  static Map<String, String> expressions() throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    JsonObject dashboard = new JsonObject(Files.readString(DASHBOARD, StandardCharsets.UTF_8));
    collectExprs(dashboard, "dashboard", out);
    for (Map<String, Object> rule : rules()) {
      assertThat(out.put("alert " + rule.get("alert"), String.valueOf(rule.get("expr")))).as("alert %s once", rule.get("alert"))
          .isNull();
    }
    return out;
  }

  private static void collectExprs(Object node, String where, Map<String, String> out) {
    if (node instanceof JsonObject o) {
      // a panel by its title and id: two panels may share a title
      String here = o.containsKey("title") ? where + " / " + o.getString("title")
          + (o.containsKey("id") ? " #" + o.getValue("id") : "") : where;
      o.forEach(e -> {
        if (e.getKey().equals("expr") && e.getValue() instanceof String expr) {
          assertThat(out.put(here + " / " + o.getString("refId", "?"), expr)).as("%s: one query per refId", here).isNull();
        } else {
          collectExprs(e.getValue(), here, out);
        }
      });
    } else if (node instanceof JsonArray a) {
      a.forEach(v -> collectExprs(v, where, out));
    }
  }

  static List<Map<String, Object>> rules() throws IOException {
    Map<String, Object> file = DeploymentManifestTest.map(
        new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(ALERTS, StandardCharsets.UTF_8)));
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object group : DeploymentManifestTest.list(file.get("groups"))) {
      for (Object rule : DeploymentManifestTest.list(DeploymentManifestTest.map(group).get("rules"))) {
        out.add(DeploymentManifestTest.map(rule));
      }
    }
    return out;
  }

  /** The metric names of a Prometheus text scrape (a histogram's {@code _bucket}, {@code _count}, {@code _sum} each). */
  static Set<String> exported(String scrape) {
    Set<String> out = new TreeSet<>();
    for (String line : scrape.split("\n")) {
      if (!line.isBlank() && !line.startsWith("#")) {
        out.add(line.split("[{ ]", 2)[0]);
      }
    }
    return out;
  }

  /** The names among {@code names} that the scrape does not have, less those Prometheus makes itself. */
  static Set<String> missing(Set<String> names, String scrape) {
    Set<String> out = new TreeSet<>(names);
    out.removeAll(exported(scrape));
    out.removeAll(SCRAPE_SERIES);
    return out;
  }

  @Test
  void metricNamesAreWhatAnExpressionReads() {
    assertThat(metricNames("histogram_quantile(0.99, sum by (le, route) (rate(vertx_http_server_response_time_seconds_bucket"
        + "{route!~\"/health/.*|unmatched\"}[5m]))) > 0.5")).containsExactly("vertx_http_server_response_time_seconds_bucket");
    assertThat(metricNames("sum(rate(a_total{code=~\"5..\"}[5m])) / sum(rate(a_total[5m])) > 0.05\n"
        + "and sum without (pod) (rate(b_total[$__rate_interval])) > 1e3")).containsExactly("a_total", "b_total");
    assertThat(metricNames("absent(up{namespace=\"leaderboard\"} == 1)")).containsExactly("up");
    assertThat(metricNames("max by (instance, loop) (m_max offset 5m) unless on (instance) group_left (pod) other:ratio"))
        .containsExactly("m_max", "other:ratio");
    assertThat(metricNames("count_values(\"le\", x) * on() bool y[${window}:1m]")).containsExactly("x", "y");
    assertThat(missing(Set.of("leaderboard_submits_total", "leaderboard_submit_total", "up"),
        "# TYPE leaderboard_submits_total counter\nleaderboard_submits_total{outcome=\"applied\"} 1.0\n"))
        .containsExactly("leaderboard_submit_total");
  }

  @Test
  void theAlertsCoverTheNodeAndEachWaitsBeforeFiring() throws IOException {
    Map<String, Object> byName = new LinkedHashMap<>();
    for (Map<String, Object> rule : rules()) {
      String name = String.valueOf(rule.get("alert"));
      assertThat(byName.put(name, rule)).as("alert %s once", name).isNull();
      assertThat(String.valueOf(rule.get("for"))).as("%s: for", name).matches("\\d+[smh]");
      assertThat(DeploymentManifestTest.path(rule, "labels", "severity")).as("%s: severity", name).isIn("warning", "critical");
      assertThat(DeploymentManifestTest.path(rule, "annotations", "summary")).as("%s: summary", name).isNotNull();
    }
    assertThat(byName).containsKeys("LeaderboardNodeDown", "LeaderboardNodeNotReady", "LeaderboardShardUnreachable",
        "LeaderboardHigh5xxRate", "LeaderboardHighLatencyP99", "LeaderboardOverloaded", "LeaderboardEventLoopDelay",
        "LeaderboardPeriodClosesFailing", "LeaderboardPeriodClosesOverdue", "LeaderboardWebhookDeliveriesFailing");
    Map<String, String> exprs = expressions();
    exprs.forEach((where, expr) -> assertThat(metricNames(expr)).as("metrics of %s: %s", where, expr).isNotEmpty());
    assertThat(exprs.keySet().stream().filter(k -> k.startsWith("dashboard"))).as("dashboard queries").hasSizeGreaterThan(20);
  }

  @Test
  void everyMetricTheDashboardAndAlertsQueryIsExportedByANode(Vertx vertx, @TempDir Path dataDir) throws Exception {
    Map<String, Set<String>> queried = new LinkedHashMap<>();
    expressions().forEach((where, expr) -> metricNames(expr).forEach(name ->
        queried.computeIfAbsent(name, n -> new TreeSet<>()).add(where)));

    AtomicInteger posts = new AtomicInteger();
    HttpServer receiver = vertx.createHttpServer().requestHandler(r -> {
      posts.incrementAndGet();
      r.response().end();
    }).listen(0).await(MetricsTest.WAIT_SECONDS, TimeUnit.SECONDS);
    int port = MetricsTest.freePort();
    LeaderboardApp app = MetricsTest.startNode(dataDir, port);
    try {
      MetricsTest.Http http = new MetricsTest.Http(vertx, AdminClients.of(vertx, app), port);
      String before = http.metrics();
      String board = "mon-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
      JsonObject webhook = new JsonObject().put("url", "http://localhost:" + receiver.actualPort() + "/hook")
          .put("secret", "s3cret-" + board);
      http.expect(201, HttpMethod.PUT, "/v1/boards/" + board,
          new JsonObject().put("period", "daily").put("maxScore", 1000).put("webhook", webhook));
      http.expect(200, HttpMethod.POST, "/v1/boards/" + board + "/scores",
          new JsonObject().put("userId", "alice").put("value", 10).put("eventId", "e1"));
      http.expect(400, HttpMethod.POST, "/v1/boards/" + board + "/scores",
          new JsonObject().put("userId", "bob").put("value", 5000));
      String period = http.expect(200, HttpMethod.GET, "/v1/boards/" + board + "/entries?limit=5", null).getString("period");
      http.expect(200, HttpMethod.GET, "/health/ready", null);
      assertThat(http.expect(200, HttpMethod.POST, "/v1/boards/" + board + "/periods/" + period + "/close", null)
          .getString("state")).isEqualTo("archived");

      // the webhook of the archived period is delivered; the event-loop probes tick every 100 ms
      String after = http.metricsUntil(text -> MetricsTest.sum(text, "leaderboard_webhooks_attempts_total",
          Map.of("outcome", "delivered")) > MetricsTest.sum(before, "leaderboard_webhooks_attempts_total",
          Map.of("outcome", "delivered"))
          && !MetricsTest.samples(text, "leaderboard_eventloop_delay_seconds_bucket", Map.of()).isEmpty());
      assertThat(posts.get()).as("webhook POSTs received").isEqualTo(1);
      assertThat(MetricsTest.delta(before, after, "leaderboard_periods_closes_total", Map.of("outcome", "archived")))
          .isEqualTo(1.0);
      assertThat(MetricsTest.delta(before, after, "leaderboard_submits_total", Map.of("outcome", "rejected")))
          .isEqualTo(1.0);
      assertThat(MetricsTest.samples(after, "leaderboard_redis_shard_up", Map.of())).as("a gauge per shard")
          .hasSize(TestShards.endpoints().size()).allSatisfy((labels, up) -> assertThat(up).isEqualTo(1.0));
      assertThat(MetricsTest.sum(after, "leaderboard_ready", Map.of())).isEqualTo(1.0);
      assertThat(MetricsTest.sum(after, "leaderboard_archive_up", Map.of())).isEqualTo(1.0);

      Set<String> missing = missing(queried.keySet(), after);
      Map<String, Set<String>> where = new LinkedHashMap<>();
      missing.forEach(name -> where.put(name, queried.get(name)));
      assertThat(where).as("metrics the dashboard or the alerts query that the node does not export").isEmpty();
      assertThat(queried.keySet()).as("metrics queried").contains("vertx_http_server_requests_total",
          "leaderboard_redis_seconds_bucket", "leaderboard_periods_closes_total", "leaderboard_webhooks_attempts_total");
    } finally {
      app.stop().await(MetricsTest.WAIT_SECONDS, TimeUnit.SECONDS);
      receiver.close().await(MetricsTest.WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }
}
