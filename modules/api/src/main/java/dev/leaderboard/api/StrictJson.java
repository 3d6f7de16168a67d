package dev.leaderboard.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.jackson.JacksonCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict RFC 8259 JSON: UTF-8 without a byte-order mark, no comments, no duplicate key (parsers
 * disagree which one counts, so a proxy and this server could read different requests). A refusal
 * is a 400 {@code invalid_json} naming the problem.
 */
final class StrictJson {
  /** Comments off (Vert.x's shared factory allows them), duplicate keys an error, nesting and sizes Jackson's defaults. */
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
      .disable(JsonReadFeature.ALLOW_YAML_COMMENTS)
      .build();

  private StrictJson() {
  }

  /** The JSON value of {@code body}; never null for a non-empty body. */
  static Object parse(Buffer body) {
    byte[] bytes = body.getBytes();
    String text = utf8(bytes);
    JsonParser parser = null;
    try {
      parser = FACTORY.createParser(text);
      return JacksonCodec.fromParser(parser, Object.class);
    } catch (DecodeException | IOException e) {
      throw invalid("the request body is not valid JSON: " + problem(e, parser));
    }
  }

  /**
   * What the parser found and where ("... at line L, column C"). Jackson's own message would add
   * its input source and the names of its features, which are no business of the caller's.
   */
  private static String problem(Exception e, JsonParser parser) {
    Throwable cause = e;
    while (cause != null && !(cause instanceof JsonProcessingException)) {
      cause = cause.getCause();
    }
    if (cause instanceof JsonProcessingException parse) {
      return firstLine(parse.getOriginalMessage()) + at(parse.getLocation());
    }
    // Vert.x's own refusals (a trailing token) carry no location: the parser stopped where it was
    return firstLine(e.getMessage()) + (parser == null ? "" : at(parser.currentTokenLocation()));
  }

  private static String at(JsonLocation location) {
    return location == null || location.getLineNr() < 1 ? ""
        : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
  }

  private static String utf8(byte[] bytes) {
    if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
      throw invalid("the request body starts with a UTF-8 byte-order mark; send UTF-8 JSON without one");
    }
    if (bytes.length >= 2 && ((bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff
        || (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe)) {
      throw invalid("the request body starts with a UTF-16 byte-order mark; send UTF-8 JSON");
    }
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        // JSON text never holds a raw NUL; ASCII in UTF-16 or UTF-32 is mostly NULs
        throw invalid("the request body has a NUL byte at offset " + i + " (UTF-16 or UTF-32?); send UTF-8 JSON");
      }
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw invalid("the request body is not valid UTF-8 (" + e.getMessage() + "); send UTF-8 JSON");
    }
  }

  private static LeaderboardException invalid(String message) {
    return Refusal.INVALID_JSON.exception(message);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
