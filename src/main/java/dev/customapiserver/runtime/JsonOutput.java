package dev.customapiserver.runtime;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * JSON response bodies as kube-apiserver's serializer writes them: compact with a newline at the end
 * (Go's {@code json.Encoder}), or indented by two spaces without one when the client asks for
 * pretty output (Go's {@code json.MarshalIndent}, as {@code json.Indent} lays it out: {@code ": "}
 * after a key, one value per line, {@code {}} and {@code []} when empty).
 */
public final class JsonOutput {
  private JsonOutput() {}

  /** {@code compact} as kube sends it: indented when {@code pretty}, else with a newline at the end. */
  public static byte[] of(byte[] compact, boolean pretty) {
    return pretty ? indent(compact) : withNewline(compact);
  }

  /** {@code compact} followed by a newline. */
  public static byte[] withNewline(byte[] compact) {
    byte[] out = Arrays.copyOf(compact, compact.length + 1);
    out[compact.length] = '\n';
    return out;
  }

  /** Compact JSON indented as Go's {@code json.Indent(dst, src, "", "  ")}; strings are copied as they are. */
  public static byte[] indent(byte[] compact) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(compact.length * 2);
    int depth = 0;
    boolean inString = false;
    boolean escaped = false;
    boolean opened = false; // after { or [, the newline waits for the first value: empty ones stay {} and []
    for (byte c : compact) {
      if (inString) {
        out.write(c);
        if (escaped) {
          escaped = false;
        } else if (c == '\\') {
          escaped = true;
        } else if (c == '"') {
          inString = false;
        }
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        continue;
      }
      if (opened && c != '}' && c != ']') {
        opened = false;
        newline(out, ++depth);
      }
      switch (c) {
        case '{', '[' -> {
          out.write(c);
          opened = true;
        }
        case ',' -> {
          out.write(c);
          newline(out, depth);
        }
        case ':' -> {
          out.write(c);
          out.write(' ');
        }
        case '}', ']' -> {
          if (opened) {
            opened = false;
          } else {
            newline(out, --depth);
          }
          out.write(c);
        }
        case '"' -> {
          out.write(c);
          inString = true;
        }
        default -> out.write(c);
      }
    }
    return out.toByteArray();
  }

  private static void newline(ByteArrayOutputStream out, int depth) {
    out.write('\n');
    for (int i = 0; i < depth; i++) {
      out.write(' ');
      out.write(' ');
    }
  }
}
