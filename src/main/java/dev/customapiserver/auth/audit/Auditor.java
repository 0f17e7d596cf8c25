package dev.customapiserver.auth.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestInfo;

/** The policy and the log together: decides a request's level and writes its events. */
public final class Auditor {
  /** The backend's name in kube's {@code apiserver_audit_error_total{plugin}}. */
  static final String PLUGIN = "log";
  private final PolicyEvaluator policy;
  private final AuditLog log;
  private final ObjectMapper json;
  private final AuditObserver observer;

  public Auditor(AuditPolicy policy, AuditLog log, ObjectMapper json) {
    this(policy, log, json, AuditObserver.NONE);
  }

  /** With each event and each failure to record one told to {@code observer}. */
  public Auditor(AuditPolicy policy, AuditLog log, ObjectMapper json, AuditObserver observer) {
    this.policy = new PolicyEvaluator(policy);
    this.log = log;
    this.json = json;
    this.observer = observer;
  }

  public PolicyEvaluator.Decision decide(UserInfo user, RequestInfo request) {
    return policy.evaluate(user, request);
  }

  public void write(AuditEvent event) {
    observer.event();
    try {
      if (!log.write(json.writeValueAsBytes(event.render(json)))) {
        observer.error(PLUGIN);
      }
    } catch (JsonProcessingException e) {
      observer.error(PLUGIN);
      System.getLogger(Auditor.class.getName()).log(System.Logger.Level.ERROR, "cannot encode an audit event", e);
    }
  }
}
