/** The friend graph: mutual friend sets with their limit. */
package dev.leaderboard.store.friends;
