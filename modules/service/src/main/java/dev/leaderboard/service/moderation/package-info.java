/** Moderation: bans and their node-wide view, removing an entry (erasing a user everywhere is {@code service.Erasure}). */
package dev.leaderboard.service.moderation;
