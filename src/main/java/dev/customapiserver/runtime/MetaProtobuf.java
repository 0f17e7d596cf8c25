package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.OwnerReference;
import dev.customapiserver.api.meta.Status;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writing Kubernetes' protobuf encoding: the {@code k8s\0} + runtime.Unknown envelope, the watch
 * event and the messages of meta.k8s.io/v1 every kind shares (ObjectMeta, ListMeta, Time, Status),
 * byte for byte as the code generated into k8s.io/apimachinery writes them: a non-pointer field of Go
 * is written also when it is empty, a pointer field only when set, map entries sorted by key, a Time
 * in whole seconds and the zero time as an empty message. {@link KubeProtobuf} reads them.
 */
public final class MetaProtobuf {
  private static final byte[] MAGIC = {'k', '8', 's', 0};

  private MetaProtobuf() {}

  /**
   * {@code k8s\0} and a runtime.Unknown {typeMeta 1 {apiVersion 1, kind 2}, raw 2, contentEncoding 3,
   * contentType 4} holding {@code raw}: the body of a protobuf response.
   */
  public static byte[] envelope(String apiVersion, String kind, ByteString raw) {
    ByteString unknown = new ProtoMessage()
        .message(1, new ProtoMessage().string(1, apiVersion).string(2, kind))
        .bytes(2, raw)
        .string(3, "")
        .string(4, "")
        .toByteString();
    byte[] out = new byte[MAGIC.length + unknown.size()];
    System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
    unknown.copyTo(out, MAGIC.length);
    return out;
  }

  /**
   * One event of a protobuf watch stream: its length as 4 bytes big-endian, then a meta.k8s.io/v1
   * WatchEvent {type 1, object 2 (a RawExtension {raw 1}: the object's {@link #envelope})}.
   */
  public static byte[] watchEvent(String type, byte[] objectEnvelope) {
    ByteString event = new ProtoMessage()
        .string(1, type)
        .message(2, new ProtoMessage().bytes(1, ByteString.copyFrom(objectEnvelope)))
        .toByteString();
    int n = event.size();
    byte[] out = new byte[4 + n];
    out[0] = (byte) (n >>> 24);
    out[1] = (byte) (n >>> 16);
    out[2] = (byte) (n >>> 8);
    out[3] = (byte) n;
    event.copyTo(out, 4);
    return out;
  }

  /**
   * ObjectMeta: name 1, generateName 2, namespace 3, selfLink 4, uid 5, resourceVersion 6, generation 7,
   * creationTimestamp 8, deletionTimestamp 9, deletionGracePeriodSeconds 10, labels 11, annotations 12,
   * ownerReferences 13, finalizers 14, managedFields 17.
   */
  public static ByteString objectMeta(ObjectMeta m) {
    ObjectMeta meta = m == null ? new ObjectMeta() : m;
    ProtoMessage out = new ProtoMessage()
        .string(1, meta.name)
        .string(2, meta.generateName)
        .string(3, meta.namespace)
        .string(4, "")
        .string(5, meta.uid)
        .string(6, meta.resourceVersion)
        .varint(7, meta.generation == null ? 0 : meta.generation)
        .message(8, time(meta.creationTimestamp));
    if (meta.deletionTimestamp != null) {
      out.message(9, time(meta.deletionTimestamp));
    }
    if (meta.deletionGracePeriodSeconds != null) {
      out.varint(10, meta.deletionGracePeriodSeconds);
    }
    stringMap(out, 11, meta.labels);
    stringMap(out, 12, meta.annotations);
    for (OwnerReference r : list(meta.ownerReferences)) {
      out.message(13, ownerReference(r));
    }
    for (String f : list(meta.finalizers)) {
      out.string(14, f);
    }
    for (ManagedFieldsEntry e : list(meta.managedFields)) {
      out.message(17, managedFields(e));
    }
    return out.toByteString();
  }

  /** ListMeta: selfLink 1, resourceVersion 2, continue 3, remainingItemCount 4. */
  public static ByteString listMeta(ListMeta m) {
    ListMeta meta = m == null ? new ListMeta() : m;
    ProtoMessage out = new ProtoMessage()
        .string(1, "")
        .string(2, meta.resourceVersion)
        .string(3, meta.continueToken);
    if (meta.remainingItemCount != null) {
      out.varint(4, meta.remainingItemCount);
    }
    return out.toByteString();
  }

  /**
   * Status: metadata 1, status 2, message 3, reason 4, details 5 {name 1, group 2, kind 3, causes 4
   * {type 1, message 2, field 3}, retryAfterSeconds 5, uid 6}, code 6.
   */
  public static ByteString status(Status s) {
    ProtoMessage out = new ProtoMessage()
        .bytes(1, listMeta(s.metadata))
        .string(2, s.status)
        .string(3, s.message)
        .string(4, s.reason);
    if (s.details != null) {
      ProtoMessage d = new ProtoMessage()
          .string(1, s.details.name)
          .string(2, s.details.group)
          .string(3, s.details.kind);
      for (Status.Cause c : list(s.details.causes)) {
        d.message(4, new ProtoMessage().string(1, c.reason()).string(2, c.message()).string(3, c.field()));
      }
      d.varint(5, s.details.retryAfterSeconds == null ? 0 : s.details.retryAfterSeconds)
          .string(6, s.details.uid);
      out.message(5, d);
    }
    return out.varint(6, s.code == null ? 0 : s.code).toByteString();
  }

  /** Time {seconds 1, nanos 2}: whole seconds, as metav1.Time writes itself; null (Go's zero time) is the empty message. */
  public static ProtoMessage time(Instant t) {
    return t == null ? new ProtoMessage() : new ProtoMessage().varint(1, t.getEpochSecond()).varint(2, 0);
  }

  private static ProtoMessage ownerReference(OwnerReference r) {
    ProtoMessage out = new ProtoMessage()
        .string(1, r.kind)
        .string(3, r.name)
        .string(4, r.uid)
        .string(5, r.apiVersion);
    if (r.controller != null) {
      out.bool(6, r.controller);
    }
    if (r.blockOwnerDeletion != null) {
      out.bool(7, r.blockOwnerDeletion);
    }
    return out;
  }

  private static ProtoMessage managedFields(ManagedFieldsEntry e) {
    ProtoMessage out = new ProtoMessage()
        .string(1, e.manager)
        .string(2, e.operation)
        .string(3, e.apiVersion);
    if (e.time != null) {
      out.message(4, time(e.time));
    }
    out.string(6, e.fieldsType);
    if (e.fieldsV1 != null) {
      out.message(7, new ProtoMessage().bytes(1, ByteString.copyFrom(e.fieldsV1.toString(), StandardCharsets.UTF_8)));
    }
    return out.string(8, e.subresource);
  }

  /** A map<string, string> field: one entry message {key 1, value 2} per key, sorted as Go sorts them. */
  private static void stringMap(ProtoMessage out, int number, Map<String, String> map) {
    if (map == null) {
      return;
    }
    new TreeMap<>(map).forEach((k, v) -> out.message(number, new ProtoMessage().string(1, k).string(2, v)));
  }

  private static <V> List<V> list(List<V> l) {
    return l == null ? List.of() : l;
  }
}
