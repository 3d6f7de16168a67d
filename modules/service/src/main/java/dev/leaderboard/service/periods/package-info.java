/** Periods: listing, closing and archiving them under a lease, and the verticle that rolls them over. */
package dev.leaderboard.service.periods;
