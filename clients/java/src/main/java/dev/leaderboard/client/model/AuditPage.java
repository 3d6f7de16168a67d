package dev.leaderboard.client.model;

import java.util.List;

/**
 * A page of the audit log, newest first.
 */
public record AuditPage(List<AuditEntry> entries, long offset, long limit) {
}
