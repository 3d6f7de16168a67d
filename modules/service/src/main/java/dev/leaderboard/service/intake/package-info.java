/** Score events in: parsing and validating events, submits and batches, rank on submit, metadata updates and the score notices they publish. */
package dev.leaderboard.service.intake;
