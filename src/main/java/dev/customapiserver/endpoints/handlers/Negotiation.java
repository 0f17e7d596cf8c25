package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.endpoints.representation.VersionedView;

/** The response format of a verb on a resource, from the request's Accept header. */
final class Negotiation {
  private Negotiation() {}

  /**
   * The format the Accept header asks for: tables where {@code tables}, Kubernetes protobuf where the
   * view serves it; a request answered in protobuf gets its failures in protobuf too.
   */
  static OutputFormat format(Call call, boolean tables, VersionedView<?> view) {
    OutputFormat f = OutputFormat.negotiate(call.header("Accept"), tables, view.servesProtobuf());
    if (f == OutputFormat.PROTOBUF) {
      call.answeredInProtobuf();
    }
    return f;
  }
}
