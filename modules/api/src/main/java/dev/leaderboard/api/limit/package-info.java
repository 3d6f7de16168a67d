/** Rate limits per key, player and address: token buckets and their meters. */
package dev.leaderboard.api.limit;
