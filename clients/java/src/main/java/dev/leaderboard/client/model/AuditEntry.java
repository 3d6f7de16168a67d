package dev.leaderboard.client.model;

import java.util.Map;

/**
 * One recorded admin action.
 *
 * @param who {@code key:<key ID>}
 * @param operation The operation's {@code operationId}
 * @param target What else the action names: {@code period}, a key's {@code id}
 * @param request The JSON body (at most 4 KiB; a larger one as {@code omitted}), every string that
 *     looks like an API key replaced by {@code [redacted]}
 * @param status The HTTP status of the answer
 * @param error The error code of a refused action
 */
public record AuditEntry(long id, long at, String who, String operation, String board,
    Map<String, Object> target, Map<String, Object> request, long status, String error) {
}
