/** Periods: listing, closing and archiving them under a lease (the admin tick that rolls them over is {@code service.AdminVerticle}). */
package dev.leaderboard.service.periods;
