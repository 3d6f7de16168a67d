package dev.leaderboard.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The client's JSON: answers read leniently (a field a newer node adds is ignored), requests written
 * without the fields left unset (the node then applies its defaults).
 */
final class Json {
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build();

  private Json() {
  }

  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot be written as JSON: " + e.getOriginalMessage(), e);
    }
  }

  static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the node's answer is not a " + type.getSimpleName() + ": "
          + e.getOriginalMessage(), e);
    }
  }

  /** The answer as a tree; null when it is not JSON (an error page of a proxy in front of the node). */
  static JsonNode tree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  static <T> T convert(JsonNode node, Class<T> type) {
    return MAPPER.convertValue(node, type);
  }
}
