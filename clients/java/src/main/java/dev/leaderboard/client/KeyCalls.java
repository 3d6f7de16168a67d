package dev.leaderboard.client;

import dev.leaderboard.client.model.KeyList;
import dev.leaderboard.client.model.KeyRequest;
import dev.leaderboard.client.model.KeyRevoked;
import dev.leaderboard.client.model.NewKey;

/** API keys (tag {@code keys}, scope {@code admin}). */
public final class KeyCalls {
  private final Transport transport;

  KeyCalls(Transport transport) {
    this.transport = transport;
  }

  /** A new key; its secret ({@link NewKey#key()}) is shown only in this answer. */
  @Operation("createKey")
  public NewKey createKey(KeyRequest request) {
    return transport.send(Call.of("createKey", "POST", "/v1/keys").body(request), NewKey.class);
  }

  /** Every key (never their secrets). */
  @Operation("listKeys")
  public KeyList listKeys() {
    return transport.send(Call.of("listKeys", "GET", "/v1/keys"), KeyList.class);
  }

  /** Revokes a key by its ID (the 16 characters after {@code lb_}); it stops working on every node. */
  @Operation("revokeKey")
  public KeyRevoked revokeKey(String id) {
    return transport.send(Call.of("revokeKey", "DELETE", "/v1/keys/{}", id), KeyRevoked.class);
  }
}
