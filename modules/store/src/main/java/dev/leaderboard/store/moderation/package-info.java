/** Bans and the removal, hold-back and restoring of users' entries. */
package dev.leaderboard.store.moderation;
