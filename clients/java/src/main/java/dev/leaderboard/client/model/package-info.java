/** The API's request and answer bodies as records, named as in the node's openapi.yaml. */
package dev.leaderboard.client.model;
