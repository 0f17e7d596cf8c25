package dev.customapiserver.auth.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestInfo;

/** The policy and the log together: decides a request's level and writes its events. */
public final class Auditor {
  private final PolicyEvaluator policy;
  private final AuditLog log;
  private final ObjectMapper json;

  public Auditor(AuditPolicy policy, AuditLog log, ObjectMapper json) {
    this.policy = new PolicyEvaluator(policy);
    this.log = log;
    this.json = json;
  }

  public PolicyEvaluator.Decision decide(UserInfo user, RequestInfo request) {
    return policy.evaluate(user, request);
  }

  public void write(AuditEvent event) {
    try {
      log.write(json.writeValueAsBytes(event.render(json)));
    } catch (JsonProcessingException e) {
      System.getLogger(Auditor.class.getName()).log(System.Logger.Level.ERROR, "cannot encode an audit event", e);
    }
  }
}
