/** Rewards of closed periods (a user's, a period's, claims) and a user's standing across a board's periods. */
package dev.leaderboard.service.rewards;
