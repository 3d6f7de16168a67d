/** The catalogue of every store's Lua scripts. */
package dev.leaderboard.store.scripts;
