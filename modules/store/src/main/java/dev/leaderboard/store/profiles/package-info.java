/** Players' profiles: one JSON string per user, spread over {@code {pf:<slot>}} slots. */
package dev.leaderboard.store.profiles;
