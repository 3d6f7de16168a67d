package dev.leaderboard.client;

import dev.leaderboard.client.model.AuditPage;

/** The audit log of admin actions (tag {@code audit}, scope {@code admin}). */
public final class AuditCalls {
  private final Transport transport;

  AuditCalls(Transport transport) {
    this.transport = transport;
  }

  /**
   * A page of the audit log, newest first, optionally only of one {@code board}, {@code action}
   * (an operationId) or {@code actor} ({@code key:<id>}); null leaves a filter out.
   */
  @Operation("listAudit")
  public AuditPage listAudit(Long offset, Integer limit, String board, String action, String actor) {
    return transport.send(Call.of("listAudit", "GET", "/v1/audit").param("offset", offset).param("limit", limit)
        .param("board", board).param("action", action).param("actor", actor), AuditPage.class);
  }
}
