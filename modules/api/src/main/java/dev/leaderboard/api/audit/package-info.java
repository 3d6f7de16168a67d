/** The audit trail of admin actions, as the HTTP verticles find the node's audit log. */
package dev.leaderboard.api.audit;
