package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;

/**
 * What a board announces when one of its periods is archived: the event carries the period's top
 * {@code top} entries, and goes to {@code webhook} too when the board has one ({@code null} when not).
 */
public record PeriodEvents(int top, Webhook webhook) {
  public static final int DEFAULT_TOP = 100;
  public static final int MAX_TOP = 1000;
  public static final PeriodEvents DEFAULT = new PeriodEvents(DEFAULT_TOP, null);

  /** The {@code archiveEventTop} and {@code webhook} fields of a board definition over {@code existing}. */
  static PeriodEvents define(JsonObject spec, PeriodEvents existing) {
    int top = Fields.integer(spec, "", "archiveEventTop", (long) existing.top(), 0, MAX_TOP).intValue();
    Webhook webhook = spec.containsKey("webhook") ? Webhook.define(spec.getValue("webhook"), existing.webhook())
        : existing.webhook();
    return new PeriodEvents(top, webhook);
  }

  void show(JsonObject definition) {
    definition.put("archiveEventTop", top);
    if (webhook != null) {
      definition.put("webhook", webhook.toJson());
    }
  }

  void store(JsonObject stored) {
    if (webhook != null) {
      stored.put("webhook", webhook.toStored());
    }
  }

  static PeriodEvents fromStored(JsonObject j) {
    return new PeriodEvents(j.getInteger("archiveEventTop", DEFAULT_TOP), Webhook.fromStored(j.getJsonObject("webhook")));
  }
}
