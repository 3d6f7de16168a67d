/**
 * Typed request bodies, read at the edge: each parses its JSON once, with the rules that need no
 * board, and keeps a refusal for {@code check()} instead of throwing, so the service reports it
 * the same way over HTTP and the event bus. The rules that need the board stay in the service;
 * {@code Requests} holds the checks every job shares (rank mode, period, the guard of a call).
 */
package dev.leaderboard.service.request;
