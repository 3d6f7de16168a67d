/** Board definitions, the period index and states, leases and webhook delivery records. */
package dev.leaderboard.store.boards;
