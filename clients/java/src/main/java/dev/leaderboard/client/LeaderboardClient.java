package dev.leaderboard.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * A client of one leaderboard node (or the load balancer in front of a cluster). Thread-safe; one
 * per application. The operations are grouped as the API's tags are: {@code client.scores().submit(...)},
 * {@code client.reads().user(...)}, {@code client.streams().stream(...)}. Every call either returns
 * its typed answer or throws {@link ApiException}.
 *
 * <pre>{@code
 * LeaderboardClient client = LeaderboardClient.builder(URI.create("https://lb.example.com"))
 *     .credential(Credential.apiKey(System.getenv("LB_KEY")))
 *     .build();
 * client.scores().submit("weekly", Event.of("alice", 120));
 * }</pre>
 */
public final class LeaderboardClient {
  private final BoardCalls boards;
  private final ScoreCalls scores;
  private final ReadCalls reads;
  private final CompetitionCalls competitions;
  private final PeriodCalls periods;
  private final StreamCalls streams;
  private final FriendCalls friends;
  private final LeagueCalls leagues;
  private final KeyCalls keys;
  private final ModerationCalls moderation;
  private final ProfileCalls profiles;
  private final RewardCalls rewards;
  private final AuditCalls audit;
  private final OperationCalls operations;

  private LeaderboardClient(Transport transport, ReconnectPolicy reconnect) {
    boards = new BoardCalls(transport);
    scores = new ScoreCalls(transport);
    reads = new ReadCalls(transport);
    competitions = new CompetitionCalls(transport);
    periods = new PeriodCalls(transport);
    streams = new StreamCalls(transport, reconnect);
    friends = new FriendCalls(transport);
    leagues = new LeagueCalls(transport);
    keys = new KeyCalls(transport);
    moderation = new ModerationCalls(transport);
    profiles = new ProfileCalls(transport);
    rewards = new RewardCalls(transport);
    audit = new AuditCalls(transport);
    operations = new OperationCalls(transport);
  }

  /** A builder of a client of the node at {@code baseUri}, e.g. {@code http://localhost:8080}. */
  public static Builder builder(URI baseUri) {
    return new Builder(baseUri);
  }

  /** Board definitions. */
  public BoardCalls boards() {
    return boards;
  }

  /** Submitting score events. */
  public ScoreCalls scores() {
    return scores;
  }

  /** Pages, a user's entry, around a user, ranks, the histogram. */
  public ReadCalls reads() {
    return reads;
  }

  /** Joining a period, participants, cohorts, a user's boards. */
  public CompetitionCalls competitions() {
    return competitions;
  }

  /** Periods, closing one, webhook deliveries. */
  public PeriodCalls periods() {
    return periods;
  }

  /** Live streams. */
  public StreamCalls streams() {
    return streams;
  }

  /** Friends and friend boards. */
  public FriendCalls friends() {
    return friends;
  }

  /** Leagues. */
  public LeagueCalls leagues() {
    return leagues;
  }

  /** API keys. */
  public KeyCalls keys() {
    return keys;
  }

  /** Removing entries, bans, erasure. */
  public ModerationCalls moderation() {
    return moderation;
  }

  /** Players' profiles. */
  public ProfileCalls profiles() {
    return profiles;
  }

  /** A user's history and rewards. */
  public RewardCalls rewards() {
    return rewards;
  }

  /** The audit log. */
  public AuditCalls audit() {
    return audit;
  }

  /** Health, metrics, the API document. */
  public OperationCalls operations() {
    return operations;
  }

  /** Sets up a {@link LeaderboardClient}; every setting has a default but the node's address. */
  public static final class Builder {
    private final URI base;
    private Credential credential = Credential.none();
    private RetryPolicy retries = RetryPolicy.DEFAULT;
    private RetryListener listener = RetryListener.NONE;
    private ReconnectPolicy reconnect = ReconnectPolicy.DEFAULT;
    private Duration timeout = Duration.ofSeconds(10);
    private HttpClient http;

    private Builder(URI base) {
      String s = Objects.requireNonNull(base, "baseUri").toString();
      this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
      if (this.base.getScheme() == null || this.base.getHost() == null) {
        throw new IllegalArgumentException("the node's address needs a scheme and a host, e.g. http://localhost:8080");
      }
    }

    /** The API key or player token sent with every call (default: none). */
    public Builder credential(Credential credential) {
      this.credential = Objects.requireNonNull(credential, "credential");
      return this;
    }

    /** When a 429 or 503 is retried (default {@link RetryPolicy#DEFAULT}). */
    public Builder retries(RetryPolicy policy) {
      this.retries = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Retries at most {@code maxAttempts} sends in all, waiting at most {@code maxTotalWait} in all. */
    public Builder retries(int maxAttempts, Duration maxTotalWait) {
      return retries(new RetryPolicy(maxAttempts, maxTotalWait, retries.defaultWait()));
    }

    /** Told before each retry. */
    public Builder onRetry(RetryListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** How live streams reconnect (default {@link ReconnectPolicy#DEFAULT}). */
    public Builder reconnect(ReconnectPolicy policy) {
      this.reconnect = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** How long one send waits for its answer (default 10 s). */
    public Builder timeout(Duration timeout) {
      this.timeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** The JDK HTTP client to send with (default: a new one speaking HTTP/1.1, as the node does, 5 s to connect). */
    public Builder httpClient(HttpClient client) {
      this.http = Objects.requireNonNull(client, "client");
      return this;
    }

    /** The client. */
    public LeaderboardClient build() {
      HttpClient client = http != null ? http : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5)).build();
      return new LeaderboardClient(new Transport(client, base, credential, retries, listener, timeout), reconnect);
    }
  }
}
