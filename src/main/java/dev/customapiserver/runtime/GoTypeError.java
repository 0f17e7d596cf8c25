package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonMappingException;

/**
 * A request body's value of the wrong type, already in the words of Go's encoding/json (thrown by a
 * deserializer that checks a free-form field as kube's typed struct would); the body is answered with
 * 400 {@code <Kind> in version "v1" cannot be handled as a <Kind>: <this message>}.
 */
public final class GoTypeError extends JsonMappingException {
  private static final long serialVersionUID = 1L;

  public GoTypeError(JsonParser parser, String goMessage) {
    super(parser, goMessage);
  }
}
