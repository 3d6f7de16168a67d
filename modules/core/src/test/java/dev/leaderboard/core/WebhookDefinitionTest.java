package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A board's period-end events: {@code archiveEventTop} and the {@code webhook}, its checks and its secret. */
class WebhookDefinitionTest {
  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30Z");
  private static final String SECRET = "s3cret-s3cret-s3cret";

  private static Board define(JsonObject spec, Board existing) {
    return Board.define("hooked", spec, existing, NOW, 4, "uid-1");
  }

  private static JsonObject hook(String url, String secret) {
    JsonObject h = new JsonObject().put("url", url);
    if (secret != null) {
      h.put("secret", secret);
    }
    return new JsonObject().put("period", "daily").put("webhook", h);
  }

  @Test
  void defaultsToTheTopHundredAndNoWebhook() {
    Board b = define(new JsonObject(), null);
    assertThat(b.events()).isEqualTo(PeriodEvents.DEFAULT);
    assertThat(b.toJson().getInteger("archiveEventTop")).isEqualTo(100);
    assertThat(b.toJson().containsKey("webhook")).isFalse();
  }

  @Test
  void readsShowTheUrlAndThatASecretIsSetButNeverTheSecret() {
    Board b = define(hook("https://hooks.example.com/lb?x=1", SECRET).put("archiveEventTop", 7), null);
    assertThat(b.toJson().getJsonObject("webhook"))
        .isEqualTo(new JsonObject().put("url", "https://hooks.example.com/lb?x=1").put("hasSecret", true));
    assertThat(b.toJson().encode()).doesNotContain(SECRET);
    assertThat(b.toString()).doesNotContain(SECRET);
    Board stored = Board.fromStored(b.toStored());
    assertThat(stored).isEqualTo(b);
    assertThat(stored.events().webhook().secret()).isEqualTo(SECRET);
    assertThat(stored.events().top()).isEqualTo(7);
  }

  @Test
  void anUpdateKeepsTheSecretWhenLeftOutAndRemovesTheWebhookWithNull() {
    Board b = define(hook("http://a.example/h", SECRET), null);
    // what a read returns, echoed back with a new URL
    Board moved = define(new JsonObject().put("webhook", new JsonObject().put("url", "http://b.example/h")
        .put("hasSecret", true)), b);
    assertThat(moved.events().webhook()).isEqualTo(new Webhook("http://b.example/h", SECRET));
    assertThat(define(new JsonObject().put("archiveEventTop", 3), moved).events().webhook())
        .isEqualTo(moved.events().webhook());
    assertThat(define(new JsonObject().putNull("webhook"), moved).events().webhook()).isNull();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"webhook\": \"http://a.example\"}|webhook",
      "{\"webhook\": {\"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": 5, \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"ftp://a.example/x\", \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"/relative\", \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"http://user:pw@a.example/\", \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"http://a.example/#top\", \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"http://a example/\", \"secret\": \"s3cret-s3cret-s3cret\"}}|webhook.url",
      "{\"webhook\": {\"url\": \"http://a.example/\"}}|webhook.secret",
      "{\"webhook\": {\"url\": \"http://a.example/\", \"secret\": \"short\"}}|webhook.secret",
      "{\"webhook\": {\"url\": \"http://a.example/\", \"secret\": \"with spaces in the secret\"}}|webhook.secret",
      "{\"webhook\": {\"url\": \"http://a.example/\", \"secret\": 12345678901234567}}|webhook.secret",
      "{\"webhook\": {\"url\": \"http://a.example/\", \"secret\": \"s3cret-s3cret-s3cret\", \"retries\": 3}}|webhook.retries",
      "{\"archiveEventTop\": 1001}|archiveEventTop",
      "{\"archiveEventTop\": -1}|archiveEventTop",
      "{\"archiveEventTop\": \"ten\"}|archiveEventTop"})
  void brokenDefinitionsAreRefusedNamingTheField(String json, String field) {
    assertThatThrownBy(() -> define(new JsonObject(json), null))
        .isInstanceOfSatisfying(LeaderboardException.class, e -> {
          assertThat(e.status()).isEqualTo(400);
          assertThat(e.code()).isEqualTo("invalid_field");
        })
        .hasMessageStartingWith(field + " ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(SECRET));
  }

  @Test
  void aTooLongUrlIsRefused() {
    String url = "https://a.example/" + "x".repeat(Webhook.MAX_URL);
    assertThatThrownBy(() -> define(hook(url, SECRET), null)).hasMessageStartingWith("webhook.url ");
  }
}
