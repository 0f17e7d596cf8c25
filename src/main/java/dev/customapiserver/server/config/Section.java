package dev.customapiserver.server.config;

/**
 * The topic an {@link Option} belongs to: {@code --help} prints the flags under these headings, in
 * this order, as kube-apiserver groups its flags ({@code Generic flags:}, {@code Etcd flags:}, ...).
 */
public enum Section {
  GENERIC("Generic flags"),
  STORAGE("Storage flags (etcd, JPA, file, memory)"),
  SECURE_SERVING("Secure serving flags"),
  INSECURE_SERVING("Insecure serving flags"),
  AUDITING("Auditing flags"),
  AUTHENTICATION("Authentication flags"),
  AUTHORIZATION("Authorization flags"),
  API_ENABLEMENT("API enablement flags"),
  ADMISSION("Admission flags"),
  LOGS("Logs flags"),
  FILES("Data directory and kubectl flags"),
  MISC("Misc flags");

  private final String heading;

  Section(String heading) {
    this.heading = heading;
  }

  /** The heading {@code --help} prints, without the colon. */
  public String heading() {
    return heading;
  }
}
