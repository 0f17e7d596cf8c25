package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One protobuf message being written, field by field in the order called, as Kubernetes' generated
 * code writes its (proto2) messages: a nested message is its bytes behind tag and length, repeated
 * fields are one field per element (not packed). Not thread-safe; one per message.
 */
public final class ProtoMessage {
  private final ByteString.Output bytes = ByteString.newOutput();
  private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

  /** A string field, written also when empty (Go's non-pointer strings). */
  public ProtoMessage string(int number, String value) {
    try {
      out.writeString(number, value == null ? "" : value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A string field, left out when null (Go's pointer strings). */
  public ProtoMessage stringIfSet(int number, String value) {
    return value == null ? this : string(number, value);
  }

  /** A varint field (int32, int64, enum). */
  public ProtoMessage varint(int number, long value) {
    try {
      out.writeInt64(number, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A bool field. */
  public ProtoMessage bool(int number, boolean value) {
    try {
      out.writeBool(number, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A double field (Go's float64). */
  public ProtoMessage dbl(int number, double value) {
    try {
      out.writeDouble(number, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A length-delimited field: a nested message's bytes, or raw bytes. */
  public ProtoMessage bytes(int number, ByteString value) {
    try {
      out.writeBytes(number, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A nested message. */
  public ProtoMessage message(int number, ProtoMessage value) {
    return bytes(number, value.toByteString());
  }

  /** The message's bytes so far. */
  public ByteString toByteString() {
    try {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteString();
  }
}
