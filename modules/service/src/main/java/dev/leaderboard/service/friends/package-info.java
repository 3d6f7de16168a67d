/** Friends and friend boards: the friend-rank service and the verticle that hosts it. */
package dev.leaderboard.service.friends;
