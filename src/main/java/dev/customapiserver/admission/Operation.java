package dev.customapiserver.admission;

/** The operations admission sees, as in admission.k8s.io AdmissionRequest.operation. */
public enum Operation {
  CREATE, UPDATE, DELETE, CONNECT
}
