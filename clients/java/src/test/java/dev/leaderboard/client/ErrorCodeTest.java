package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Refusal;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The client's {@link ErrorCode}s are the node's catalogue of refusals ({@link Refusal}): code and status. */
class ErrorCodeTest {
  @Test
  void theErrorCodesAreTheCatalogue() {
    Map<String, Integer> client = new TreeMap<>();
    for (ErrorCode c : ErrorCode.values()) {
      assertThat(client.put(c.code(), c.status())).as("%s is listed once", c.code()).isNull();
      assertThat(c.code()).as("the code of %s", c).isEqualTo(c.name().toLowerCase(java.util.Locale.ROOT));
    }
    Map<String, Integer> node = new TreeMap<>();
    for (Refusal r : Refusal.values()) {
      node.put(r.code(), r.status());
    }
    assertThat(client).as("ErrorCode against the node's catalogue of refusals (Refusal)").isEqualTo(node);
  }

  @Test
  void anExceptionNamesItsErrorCodeOrNoneForTheClientsOwn() {
    ApiException banned = new ApiException(403, "banned", "user 'u' is banned", null, null, null, null, null);
    assertThat(banned.errorCode()).isEqualTo(ErrorCode.BANNED);
    assertThat(banned.errorCode().status()).isEqualTo(banned.status());
    assertThat(ApiException.unreachable("GET /v1/boards", new java.io.IOException("refused")).errorCode()).isNull();
    assertThat(new ApiException(200, "invalid_answer", "not JSON", null, null, null, null, null).errorCode()).isNull();
  }
}
