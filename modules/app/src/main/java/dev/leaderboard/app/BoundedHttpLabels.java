package dev.leaderboard.app;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.List;
import java.util.Set;

/**
 * Keeps the labels of the HTTP metrics to a fixed set of values whatever clients send, so a client
 * cannot grow the number of series: a request no route matched has the route {@value #UNMATCHED}
 * (its path is never a label), and a method outside the standard ones is {@value #OTHER_METHOD}.
 * Route labels otherwise come from the router's path templates, status codes are three digits.
 */
final class BoundedHttpLabels {
  static final String UNMATCHED = "unmatched";
  static final String OTHER_METHOD = "OTHER";
  private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS",
      "TRACE", "CONNECT");
  private static final String PREFIX = "vertx.http.";

  static final MeterFilter FILTER = new MeterFilter() {
    @Override
    public Meter.Id map(Meter.Id id) {
      if (!id.getName().startsWith(PREFIX)) {
        return id;
      }
      List<Tag> tags = id.getTags().stream().map(BoundedHttpLabels::bounded).toList();
      return tags.equals(id.getTags()) ? id : id.replaceTags(tags);
    }
  };

  private BoundedHttpLabels() {
  }

  private static Tag bounded(Tag tag) {
    return switch (tag.getKey()) {
      case "route" -> tag.getValue().isEmpty() ? Tag.of("route", UNMATCHED) : tag;
      case "method" -> METHODS.contains(tag.getValue()) ? tag : Tag.of("method", OTHER_METHOD);
      default -> tag;
    };
  }
}
