package dev.leaderboard.api;

import java.util.HashSet;
import java.util.Set;

/**
 * The operations a node serves without a credential besides the health checks (which are always
 * open): {@code GET /metrics} and {@code GET /openapi.yaml}, open by default. A closed one needs a
 * key with its {@code x-scope} ({@code admin}, resp. {@code read}).
 */
public record OpenOperations(boolean metrics, boolean openApi) {
  public static final OpenOperations DEFAULTS = new OpenOperations(true, true);

  /** The operation IDs this opens. */
  Set<String> operationIds() {
    Set<String> ids = new HashSet<>();
    if (metrics) {
      ids.add("metrics");
    }
    if (openApi) {
      ids.add("openApi");
    }
    return ids;
  }
}
