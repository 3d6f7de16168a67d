package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Path segments and query values are percent-encoded, so no value can change the path the call names. */
class CallTest {

  @Test
  void segmentsAndValuesAreEncoded() {
    Call call = Call.of("user", "GET", "/v1/boards/{}/users/{}", "weekly", "ann@x:1/../b c")
        .param("period", "2026-W48").param("users", "ann,bob").param("meta", null).param("q", "a&b=c");
    assertThat(call.pathAndQuery()).isEqualTo(
        "/v1/boards/weekly/users/ann@x:1%2F..%2Fb%20c?period=2026-W48&users=ann,bob&q=a%26b%3Dc");
    assertThat(Call.of("getBoard", "GET", "/v1/boards/{}", "..").pathAndQuery()).isEqualTo("/v1/boards/%2E%2E");
  }
}
