/** Board definitions as a node serves them: its cache, and the change protocol that has every node apply a change before it is answered. */
package dev.leaderboard.service.boards;
