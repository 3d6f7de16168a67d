package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Profiles' texts parsed once ({@link Listing#profile}): at most {@value #MAX}, then it starts again empty. */
final class ProfileTexts {
  static final int MAX = 100_000;
  private static final Map<String, JsonObject> PARSED = new ConcurrentHashMap<>();

  private ProfileTexts() {
  }

  static JsonObject parsed(String text) {
    if (text == null) {
      return null;
    }
    JsonObject known = PARSED.get(text);
    if (known != null) {
      return known;
    }
    if (PARSED.size() >= MAX) {
      PARSED.clear();
    }
    JsonObject parsed = new JsonObject(text);
    PARSED.put(text, parsed);
    return parsed;
  }
}
