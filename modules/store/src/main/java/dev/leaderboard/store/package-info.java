/** The stores on Redis: where each key lives (Keys) and, by package, what is stored. Nothing above this package sees a Redis client. */
package dev.leaderboard.store;
