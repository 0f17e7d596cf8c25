package dev.customapiserver.auth.webhook;

import dev.customapiserver.client.ClusterClient;
import java.io.IOException;
import java.net.ConnectException;

/**
 * kube's webhook backoff, shortened: a call that fails to connect or answers 429 or 5xx is tried
 * again (three tries, 100 ms then 300 ms apart); anything else is the answer.
 */
final class Retry {
  private static final long[] PAUSES_MS = {100, 300};

  /** One call to the webhook. */
  interface Call {
    ClusterClient.Response send() throws IOException, InterruptedException;
  }

  private Retry() {}

  static ClusterClient.Response send(Call call) throws IOException, InterruptedException {
    IOException last = null;
    ClusterClient.Response response = null;
    for (int attempt = 0; attempt <= PAUSES_MS.length; attempt++) {
      if (attempt > 0) {
        Thread.sleep(PAUSES_MS[attempt - 1]);
      }
      try {
        response = call.send();
        last = null;
        if (response.code() != 429 && response.code() < 500) {
          return response;
        }
      } catch (ConnectException e) {
        last = e;
      }
    }
    if (last != null) {
      throw last;
    }
    return response;
  }
}
