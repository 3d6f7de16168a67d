package dev.leaderboard.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeyTokenTest {
  private static final SecureRandom RANDOM = new SecureRandom();

  @Test
  void aNewKeyHasAPublicIdAnd256SecretBits() throws Exception {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      ApiKeyToken t = ApiKeyToken.generate(RANDOM);
      String v = t.value();
      assertThat(v).hasSize(ApiKeyToken.LENGTH).startsWith("lb_" + t.id() + "_");
      assertThat(Base64.getUrlDecoder().decode(v.substring(20))).hasSize(32);
      assertThat(ApiKeyToken.parse(v)).isNotNull().satisfies(p -> {
        assertThat(p.id()).isEqualTo(t.id());
        assertThat(p.value()).isEqualTo(v);
      });
      assertThat(ApiKeyToken.isId(t.id())).isTrue();
      assertThat(t.hash()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(v.getBytes(StandardCharsets.US_ASCII)));
      assertThat(t.toString()).doesNotContain(v.substring(20)).startsWith("lb_" + t.id());
      ids.add(t.id());
    }
    assertThat(ids).hasSize(1000);
  }

  @Test
  void onlyTheKeyFormatParses() {
    String v = ApiKeyToken.generate(RANDOM).value();
    List<String> broken = List.of("", "lb_", v.substring(1), v + "A", v.substring(0, v.length() - 1),
        "LB" + v.substring(2), v.replace("lb_", "lb-"), v.substring(0, 19) + "-" + v.substring(20),
        v.substring(0, 3) + v.substring(3, 19).toUpperCase() + v.substring(19).replace('A', 'B') + "",
        v.substring(0, 30) + "+" + v.substring(31), v.substring(0, 30) + "=" + v.substring(31),
        v.substring(0, 5) + "g" + v.substring(6));
    for (String b : broken) {
      if (!b.equals(v)) {
        assertThat(ApiKeyToken.parse(b)).as("'%s'", b).isNull();
      }
    }
    assertThat(ApiKeyToken.parse(null)).isNull();
    assertThat(ApiKeyToken.isId("0123456789abcdef")).isTrue();
    assertThat(ApiKeyToken.isId("0123456789ABCDEF")).isFalse();
    assertThat(ApiKeyToken.isId("0123456789abcde")).isFalse();
  }

  @Test
  void aRecordMatchesOnlyItsOwnKeyAndNeverShowsItsHash() {
    ApiKeyToken token = ApiKeyToken.generate(RANDOM);
    ApiKey record = ApiKey.of(token, "k", Set.of(Scope.READ), Set.of("b"), null, 1);
    assertThat(record.isKey(token)).isTrue();
    ApiKeyToken sameId = ApiKeyToken.parse(token.value().substring(0, 20) + "A".repeat(43));
    assertThat(record.isKey(sameId)).isFalse();
    assertThat(record.isKey(ApiKeyToken.generate(RANDOM))).isFalse();
    assertThat(ApiKey.fromStored(record.toStored()).isKey(token)).isTrue();
    assertThat(record.toJson().fieldNames()).doesNotContain("hash");
    assertThat(record.toString()).doesNotContain(java.util.HexFormat.of().formatHex(token.hash()));
  }
}
