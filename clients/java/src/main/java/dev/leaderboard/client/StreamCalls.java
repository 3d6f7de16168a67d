package dev.leaderboard.client;

import dev.leaderboard.client.model.StreamTicket;

/** Live streams of a board (tag {@code streams}). */
public final class StreamCalls {
  private final Transport transport;
  private final ReconnectPolicy reconnect;

  StreamCalls(Transport transport, ReconnectPolicy reconnect) {
    this.transport = transport;
    this.reconnect = reconnect;
  }

  /** A single-use ticket (30 s) that opens one stream of the board, e.g. for a browser's {@code EventSource}. */
  @Operation("streamTicket")
  public StreamTicket streamTicket(String board) {
    return transport.send(Call.of("streamTicket", "POST", "/v1/boards/{}/stream-tickets", board), StreamTicket.class);
  }

  /**
   * The board's live stream: its top entries and watched users as they change. Nothing is sent
   * until a subscriber subscribes; each subscriber has its own connection, authenticated with the
   * client's credential.
   */
  @Operation("stream")
  public LiveStream stream(String board, StreamOptions options) {
    return new LiveStream(transport, () -> options.addTo(Call.of("stream", "GET", "/v1/boards/{}/stream", board)),
        reconnect, board);
  }
}
