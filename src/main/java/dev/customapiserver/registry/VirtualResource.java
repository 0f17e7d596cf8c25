package dev.customapiserver.registry;

import com.google.protobuf.ByteString;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * A resource that only answers {@code create} and keeps nothing, as kube's review APIs
 * (TokenReview, SelfSubjectReview, SubjectAccessReview, ...): a POST to its collection decodes the
 * body as {@code type} (JSON or YAML, apiVersion and kind checked against the URL), hands it to the
 * {@code handler} with the request's {@link RegistryContext} (URL namespace, the acting user) and
 * answers 201 with what the handler returns, in this group/version/kind. Discovery lists it with the
 * single verb {@code create}; no other verb has a route. Its API group must be registered (a module
 * whose {@link dev.customapiserver.runtime.ApiGroup} may have no stored resources).
 *
 * @param type the versioned wire class of requests and responses (Jackson-bound)
 * @param protobuf decodes the raw message of a Kubernetes protobuf body (kubectl sends its reviews so),
 *     or {@code null}: JSON and YAML only
 */
public record VirtualResource<T>(String group, String version, String kind, String plural, boolean namespaced,
    Class<T> type, Handler<T> handler, Function<ByteString, T> protobuf) {

  /** Accepting JSON and YAML bodies. */
  public VirtualResource(String group, String version, String kind, String plural, boolean namespaced, Class<T> type,
      Handler<T> handler) {
    this(group, version, kind, plural, namespaced, type, handler, null);
  }

  /** The same, also accepting {@code application/vnd.kubernetes.protobuf} bodies decoded by {@code decoder}. */
  public VirtualResource<T> withProtobuf(Function<ByteString, T> decoder) {
    return new VirtualResource<>(group, version, kind, plural, namespaced, type, handler, decoder);
  }

  public VirtualResource {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(plural, "plural");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(handler, "handler");
  }

  /** {@code v1} for the core group, {@code group/version} otherwise. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** The lower-case kind, as discovery's singular name. */
  public String singular() {
    return kind.toLowerCase(Locale.ROOT);
  }

  /** Answers one create; throws {@link dev.customapiserver.api.errors.ApiException} for errors (sent as a Status). */
  @FunctionalInterface
  public interface Handler<T> {
    /** The response object (typically {@code request} with its status filled); never stored. */
    T create(T request, RegistryContext context);
  }
}
