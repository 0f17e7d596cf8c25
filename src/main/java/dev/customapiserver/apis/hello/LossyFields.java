package dev.customapiserver.apis.hello;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.customapiserver.api.meta.ObjectMeta;
import java.util.LinkedHashMap;

/**
 * Carries fields an older version cannot hold in annotations of its metadata, and takes them out
 * again. Works on copies only: callers pass metadata they own. One instance per converter.
 */
public final class LossyFields {
  private final ObjectMapper json = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .build(); // the carried types are @JsonInclude(NON_NULL) themselves

  /** Sets {@code key} to {@code value} in {@code meta} (which the caller owns); nothing when null. */
  public void put(ObjectMeta meta, String key, String value) {
    if (value == null) {
      return;
    }
    if (meta.annotations == null) {
      meta.annotations = new LinkedHashMap<>();
    }
    meta.annotations.put(key, value);
  }

  /** Puts {@code value} as JSON; nothing when null. */
  public void putJson(ObjectMeta meta, String key, Object value) {
    if (value == null) {
      return;
    }
    try {
      put(meta, key, json.writeValueAsString(value));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + key, e);
    }
  }

  /** Removes {@code key} from {@code meta} (which the caller owns) and returns its value, or null. */
  public String take(ObjectMeta meta, String key) {
    if (meta.annotations == null || !meta.annotations.containsKey(key)) {
      return null;
    }
    String v = meta.annotations.remove(key);
    if (meta.annotations.isEmpty()) {
      meta.annotations = null;
    }
    return v;
  }

  /**
   * Removes {@code key} and decodes its JSON value; null when absent or unreadable (an annotation a
   * client damaged is dropped rather than failing the request, as Kubernetes does).
   */
  <T> T takeJson(ObjectMeta meta, String key, Class<T> type) {
    String v = take(meta, key);
    if (v == null) {
      return null;
    }
    try {
      return json.readValue(v, type);
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
