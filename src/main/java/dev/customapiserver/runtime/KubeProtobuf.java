package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.ObjectMeta;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading Kubernetes' protobuf encoding: the {@code k8s\0} + runtime.Unknown envelope and the
 * messages every kind shares (ObjectMeta). Field numbers are those of k8s.io/apimachinery's
 * generated.proto. Malformed input is a 400.
 */
public final class KubeProtobuf {
  private static final byte[] MAGIC = {'k', '8', 's', 0};

  private KubeProtobuf() {}

  /** The envelope's type and the raw message of the object. */
  public record Envelope(String apiVersion, String kind, ByteString raw) {}

  /** A message parser step: called per field until the message ends. */
  @FunctionalInterface
  public interface FieldReader {
    /** Reads field {@code number}; returns false to have it skipped. */
    boolean read(int number, CodedInputStream in) throws IOException;
  }

  public static Envelope unwrap(byte[] body) {
    if (body.length < MAGIC.length || body[0] != 'k' || body[1] != '8' || body[2] != 's' || body[3] != 0) {
      throw Errors.badRequest("provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
    }
    String[] type = {"", ""};
    ByteString[] raw = {ByteString.EMPTY};
    message(ByteString.copyFrom(body, MAGIC.length, body.length - MAGIC.length), (n, in) -> switch (n) {
      case 1 -> {
        message(in.readBytes(), (tn, tin) -> {
          if (tn == 1 || tn == 2) {
            type[tn - 1] = tin.readStringRequireUtf8();
            return true;
          }
          return false;
        });
        yield true;
      }
      case 2 -> {
        raw[0] = in.readBytes();
        yield true;
      }
      default -> false;
    });
    return new Envelope(type[0], type[1], raw[0]);
  }

  /** ObjectMeta (fields: name 1, generateName 2, namespace 3, uid 5, resourceVersion 6, labels 11, annotations 12, finalizers 14). */
  public static ObjectMeta objectMeta(ByteString bytes) {
    ObjectMeta m = new ObjectMeta();
    message(bytes, (n, in) -> {
      switch (n) {
        case 1 -> m.name = emptyToNull(in.readStringRequireUtf8());
        case 2 -> m.generateName = emptyToNull(in.readStringRequireUtf8());
        case 3 -> m.namespace = emptyToNull(in.readStringRequireUtf8());
        case 5 -> m.uid = emptyToNull(in.readStringRequireUtf8());
        case 6 -> m.resourceVersion = emptyToNull(in.readStringRequireUtf8());
        case 11 -> m.labels = entry(m.labels, in.readBytes());
        case 12 -> m.annotations = entry(m.annotations, in.readBytes());
        case 14 -> m.finalizers = add(m.finalizers, in.readStringRequireUtf8());
        default -> {
          return false;
        }
      }
      return true;
    });
    return m;
  }

  /** Reads a message field by field; unknown fields are skipped. */
  public static void message(ByteString bytes, FieldReader reader) {
    try {
      CodedInputStream in = bytes.newCodedInput();
      for (int tag; (tag = in.readTag()) != 0; ) {
        if (!reader.read(tag >>> 3, in)) {
          in.skipField(tag);
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      throw Errors.badRequest(goMessage(e));
    }
  }

  /** A wire-format error in the words of Go's protobuf runtime, as kube-apiserver answers it; never the Java library's. */
  private static String goMessage(Exception e) {
    String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
    if (m.contains("negative size")) {
      return "proto: negative length found during unmarshaling";
    }
    if (m.contains("ended unexpectedly") || m.contains("truncated")) {
      return "unexpected EOF";
    }
    if (m.contains("malformed varint")) {
      return "proto: integer overflow";
    }
    if (m.contains("invalid tag")) {
      return "proto: illegal tag 0 (wire type 0)";
    }
    if (m.contains("wire type")) {
      return "proto: illegal wireType";
    }
    if (m.contains("nesting") || m.contains("recursion")) {
      return "proto: exceeded max depth";
    }
    if (m.contains("utf-8")) {
      return "proto: invalid UTF-8";
    }
    return "proto: cannot parse invalid wire-format data";
  }

  /** Appends to a repeated string field's list, creating it. */
  public static List<String> add(List<String> list, String value) {
    List<String> l = list == null ? new ArrayList<>() : list;
    l.add(value);
    return l;
  }

  private static Map<String, String> entry(Map<String, String> map, ByteString bytes) {
    Map<String, String> m = map == null ? new LinkedHashMap<>() : map;
    String[] kv = {"", ""};
    message(bytes, (n, in) -> {
      if (n == 1 || n == 2) {
        kv[n - 1] = in.readStringRequireUtf8();
        return true;
      }
      return false;
    });
    m.put(kv[0], kv[1]);
    return m;
  }

  private static String emptyToNull(String s) {
    return s.isEmpty() ? null : s;
  }
}
