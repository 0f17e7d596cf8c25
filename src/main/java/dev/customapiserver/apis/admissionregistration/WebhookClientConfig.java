package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Default;

/** Where a webhook is called: a URL or a service reference, and the CA bundle its certificate is checked against. */
@Description("WebhookClientConfig contains the information to make a TLS connection with the webhook")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class WebhookClientConfig {
  @Description("url gives the location of the webhook, in standard URL form (scheme://host:port/path). Exactly one of "
      + "url or service must be specified. The scheme must be \"https\"; query parameters, fragments and user "
      + "information are not allowed.")
  public String url;
  @Description("service is a reference to the service for this webhook. Either service or url must be specified. "
      + "This server calls https://<name>.<namespace>.svc:<port><path>, which must resolve from where the server runs.")
  public ServiceReference service;
  @Description("caBundle is a PEM encoded CA bundle (base64 in JSON) which will be used to validate the webhook's server "
      + "certificate. If unspecified, system trust roots are used.")
  public String caBundle;

  /** A service the webhook is reached through. */
  @Description("ServiceReference holds a reference to Service.legacy.k8s.io")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ServiceReference {
    @Description("namespace is the namespace of the service. Required")
    public String namespace;
    @Description("name is the name of the service. Required")
    public String name;
    @Description("path is an optional URL path which will be sent in any request to this service.")
    public String path;
    @Description("If specified, the port on the service that hosting webhook. Default to 443 for backward "
        + "compatibility. port should be a valid port number (1-65535, inclusive).")
    @Default("443")
    public Integer port;

    public ServiceReference copy() {
      ServiceReference c = new ServiceReference();
      c.namespace = namespace;
      c.name = name;
      c.path = path;
      c.port = port;
      return c;
    }
  }

  public WebhookClientConfig copy() {
    WebhookClientConfig c = new WebhookClientConfig();
    c.url = url;
    c.service = service == null ? null : service.copy();
    c.caBundle = caBundle;
    return c;
  }
}
