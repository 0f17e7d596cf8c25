package dev.customapiserver.runtime;

import java.nio.charset.StandardCharsets;

/**
 * Where Go's {@code base64.StdEncoding} (padded, not strict) finds a string corrupt: kube decodes a
 * {@code []byte} field (a Secret's {@code data}) with it and answers {@code illegal base64 data at
 * input byte N}, N counted in bytes of the UTF-8 text, line breaks skipped as Go skips them.
 */
final class GoBase64 {
  private GoBase64() {}

  /** Go's message for {@code text}, or null when Go decodes it. */
  static String error(String text) {
    int at = corruptAt(text.getBytes(StandardCharsets.UTF_8));
    return at < 0 ? null : "illegal base64 data at input byte " + at;
  }

  /** The offset Go's decoder reports, or -1 when {@code src} decodes. */
  static int corruptAt(byte[] src) {
    int si = 0;
    while (true) {
      int j = 0;
      for (; j < 4; j++) {
        if (si == src.length) {
          if (j == 0) {
            return -1;
          }
          return si - j; // a partial quantum: padding was required
        }
        byte in = src[si++];
        if (value(in) >= 0) {
          continue;
        }
        if (in == '\n' || in == '\r') {
          j--;
          continue;
        }
        if (in != '=') {
          return si - 1;
        }
        // padding: only after two or three symbols of the quantum
        if (j == 0 || j == 1) {
          return si - 1;
        }
        if (j == 2) {
          while (si < src.length && (src[si] == '\n' || src[si] == '\r')) {
            si++;
          }
          if (si == src.length) {
            return src.length;
          }
          if (src[si] != '=') {
            return si - 1;
          }
          si++;
        }
        while (si < src.length && (src[si] == '\n' || src[si] == '\r')) {
          si++;
        }
        return si < src.length ? si : -1; // anything after the padding is garbage
      }
    }
  }

  private static int value(byte c) {
    if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
      return 1;
    }
    return -1;
  }
}
