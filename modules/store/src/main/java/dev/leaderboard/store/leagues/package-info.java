/** League definitions and each league's members with their current tier. */
package dev.leaderboard.store.leagues;
