package dev.customapiserver.endpoints.websocket;

import java.io.IOException;

/** The server's side of an upgraded connection: text messages out, in order, from one thread at a time. */
public interface OutboundMessages {

  /**
   * Sends one text message; waits until the socket is open and the message is written (boundedly).
   *
   * @throws IOException if the socket is closed, failed, or the client does not read in time
   */
  void send(String text) throws IOException;

  /** Closes the socket with 1000 (normal closure); does nothing if it is closed already. */
  void close();
}
