package dev.leaderboard.bench;

/**
 * One HTTP load case: what to request, where, with how many connections and for how long; {@link Wrk}
 * turns it into a wrk script (HttpBenchmark: one kind per case; Soak: paced, mixed). The same spec
 * drives every server of a comparison, which serve the same paths.
 *
 * @param kind what each request does
 * @param port the HTTP port on 127.0.0.1
 * @param board the board named in the path
 * @param rank for {@link Kind#SUBMIT}: the {@code rank} query parameter
 * @param users users are drawn uniformly from {@code u0 .. u<users-1>}
 * @param connections closed loops, one connection each, each waiting for its answer before the next request
 * @param seconds how long to send
 * @param seed seeds the users drawn and names the event IDs of a run
 * @param batchSize events per request for {@link Kind#BATCH} (and the batches of {@link Kind#MIXED})
 * @param perSecond requests per second over all connections, each wrk thread handing its connections
 *     turns at even intervals; 0: each sends its next request as soon as the previous one is answered
 * @param authorization the {@code Authorization} header of every request ({@code Bearer <key>}), or
 *     {@code null} for none
 */
public record LoadSpec(Kind kind, int port, String board, boolean rank, int users, int connections, double seconds,
    long seed, int batchSize, double perSecond, String authorization) {

  /** The requests a load case sends. */
  public enum Kind {
    /** {@code POST /v1/boards/{b}/scores?rank=}: incr of a random user by 1..100. */
    SUBMIT,
    /** {@code POST /v1/boards/{b}/scores/batch}: {@code batchSize} incr events with unique event IDs. */
    BATCH,
    /** {@code GET /v1/boards/{b}/users/{u}}: a random user's rank. */
    USER,
    /** {@code GET /v1/boards/{b}/entries?limit=10}: the top page. */
    TOP,
    /** {@code GET /v1/boards/{b}/entries?limit=100}: the top page of 100. */
    PAGE_100,
    /** {@code GET /v1/boards/{b}/users/{u}/around?limit=11}: the window around a random user. */
    AROUND,
    /** {@code GET /v1/boards/{b}/users/{u}/cohort}: a random user's cohort, ranked. */
    COHORT,
    /** {@code GET /v1/boards/{b}/users/{u}/friends}: a random user's friend board. */
    FRIENDS,
    /** {@code POST /v1/boards/{b}/participants}: a join by a user never seen before (named by the seed). */
    JOIN,
    /**
     * Each request drawn from the others: 25 % submit with rank, 15 % submit without, 5 % batch,
     * 30 % user, 15 % top page, 10 % around-me.
     */
    MIXED
  }

  public static LoadSpec of(Kind kind, int port, String board, int users, int connections) {
    return new LoadSpec(kind, port, board, true, users, connections, 0, 0, 1000, 0, null);
  }

  public LoadSpec withRank(boolean withRank) {
    return new LoadSpec(kind, port, board, withRank, users, connections, seconds, seed, batchSize, perSecond, authorization);
  }

  public LoadSpec withPort(int newPort) {
    return new LoadSpec(kind, newPort, board, rank, users, connections, seconds, seed, batchSize, perSecond, authorization);
  }

  public LoadSpec withBatchSize(int events) {
    return new LoadSpec(kind, port, board, rank, users, connections, seconds, seed, events, perSecond, authorization);
  }

  /** At most {@code rate} requests per second over all connections (0: as fast as answers come). */
  public LoadSpec paced(double rate) {
    return new LoadSpec(kind, port, board, rank, users, connections, seconds, seed, batchSize, rate, authorization);
  }

  public LoadSpec forRun(double runSeconds, long runSeed) {
    return new LoadSpec(kind, port, board, rank, users, connections, runSeconds, runSeed, batchSize, perSecond,
        authorization);
  }

  /** @param header the Authorization header to send, or {@code null} for none */
  public LoadSpec withAuthorization(String header) {
    return new LoadSpec(kind, port, board, rank, users, connections, seconds, seed, batchSize, perSecond, header);
  }
}
