package dev.leaderboard.store.dispatch;

/**
 * How one Redis endpoint answered a PING; the list of them is in endpoint order, so an entry's
 * index is its shard's. Nothing here names an address: health answers are public.
 *
 * @param up whether it answered PONG within the timeout
 * @param ms how long the answer (or the failure) took, in milliseconds
 * @param error why it is down ({@code timeout}, {@code unreachable}, {@code error reply <CODE>}), or {@code null} when up
 */
public record EndpointHealth(boolean up, double ms, String error) {
}
