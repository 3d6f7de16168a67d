/** Players' profiles: their reads and changes, and the join that shows them on every read that lists users. */
package dev.leaderboard.service.profiles;
