package dev.customapiserver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Function;

/**
 * A conversion webhook's answer for a two-version CronTab: {@code stable.example.com/v1beta1} has
 * {@code spec.cronSpec}, {@code v1} calls it {@code spec.schedule}. Answers ConversionReviews v1 and
 * v1beta1 (in the review's own version), for {@link WebhookServer#on}.
 */
public final class CronTabConversion implements Function<JsonNode, ObjectNode> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public ObjectNode apply(JsonNode review) {
    String desired = review.at("/request/desiredAPIVersion").asText();
    ObjectNode answer = JSON.createObjectNode().put("apiVersion", review.path("apiVersion").asText())
        .put("kind", "ConversionReview");
    ObjectNode response = answer.putObject("response").put("uid", review.at("/request/uid").asText());
    ArrayNode converted = response.putArray("convertedObjects");
    for (JsonNode o : review.at("/request/objects")) {
      ObjectNode c = o.deepCopy();
      c.put("apiVersion", desired);
      JsonNode spec = c.get("spec");
      if (spec instanceof ObjectNode s) {
        String from = desired.endsWith("/v1") ? "cronSpec" : "schedule";
        String to = desired.endsWith("/v1") ? "schedule" : "cronSpec";
        if (s.has(from)) {
          s.set(to, s.remove(from));
        }
      }
      converted.add(c);
    }
    response.putObject("result").put("status", "Success");
    return answer;
  }

  /** A failed conversion with {@code message}. */
  public static ObjectNode failure(JsonNode review, String message) {
    ObjectNode answer = JSON.createObjectNode().put("apiVersion", "apiextensions.k8s.io/v1").put("kind", "ConversionReview");
    ObjectNode response = answer.putObject("response").put("uid", review.at("/request/uid").asText());
    response.putObject("result").put("status", "Failure").put("message", message);
    return answer;
  }
}
