/** Records the HTTP edge keeps in Redis: API key records and stream tickets. */
package dev.leaderboard.store.access;
