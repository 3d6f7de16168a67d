/**
 * A Java client of the leaderboard HTTP API: {@link dev.leaderboard.client.LeaderboardClient} with
 * typed calls for every operation, safe retries of submits (event IDs), and the live stream as a
 * {@link java.util.concurrent.Flow.Publisher}. Records of the answers are in
 * {@code dev.leaderboard.client.model}.
 */
package dev.leaderboard.client;
