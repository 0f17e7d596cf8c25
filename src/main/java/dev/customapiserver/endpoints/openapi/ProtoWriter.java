package dev.customapiserver.endpoints.openapi;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes one protobuf message field by field (proto3: default values are not written). */
final class ProtoWriter {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

  ProtoWriter string(int field, String value) {
    if (value != null && !value.isEmpty()) {
      run(() -> out.writeString(field, value));
    }
    return this;
  }

  ProtoWriter bool(int field, boolean value) {
    if (value) {
      run(() -> out.writeBool(field, true));
    }
    return this;
  }

  ProtoWriter float64(int field, double value) {
    if (value != 0) {
      run(() -> out.writeDouble(field, value));
    }
    return this;
  }

  ProtoWriter int64(int field, long value) {
    if (value != 0) {
      run(() -> out.writeInt64(field, value));
    }
    return this;
  }

  /** An embedded message; written even when empty (its presence is meaningful, e.g. in a oneof). */
  ProtoWriter message(int field, ProtoWriter message) {
    byte[] m = message.toByteArray();
    run(() -> out.writeByteArray(field, m));
    return this;
  }

  byte[] toByteArray() {
    run(out::flush);
    return bytes.toByteArray();
  }

  private interface Write {
    void run() throws IOException;
  }

  private static void run(Write w) {
    try {
      w.run();
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory failed", e);
    }
  }
}
