/** Getting calls to Redis and back: shards and routes, standalone endpoints or a Redis Cluster, one pipelined round per node, scripts by SHA, the answer bound per shard, failures turned into the product's exceptions, and their meters. */
package dev.leaderboard.store.dispatch;
