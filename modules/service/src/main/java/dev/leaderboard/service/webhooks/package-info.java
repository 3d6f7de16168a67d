/** Period-end webhooks: signed deliveries, retried with backoff under a lease until delivered or given up. */
package dev.leaderboard.service.webhooks;
