package dev.leaderboard.bench;

/** Something a {@link Contest} loads for a while: the service, the bare endpoint, or raw store calls. */
public interface Target {
  String label();

  /** Loads the target for {@code seconds}; {@code seed} varies the users drawn and names event IDs. */
  LoadResult run(double seconds, long seed);

  /** An HTTP load case run by the load generator child. */
  static Target http(String label, LoadClient load, LoadSpec spec) {
    return new Target() {
      @Override
      public String label() {
        return label;
      }

      @Override
      public LoadResult run(double seconds, long seed) {
        return load.run(spec.forRun(seconds, seed));
      }
    };
  }
}
