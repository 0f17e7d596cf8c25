package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import java.util.Map;

/** Secret as served in core {@code v1}. */
@Description("Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less "
    + "than MaxSecretSize bytes.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class SecretV1 extends KubeObject {
  @Description("Immutable, if set to true, ensures that data stored in the Secret cannot be updated (only object "
      + "metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil.")
  public Boolean immutable;
  @Description("Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The "
      + "serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly "
      + "non-string) data value here.")
  public Map<String, byte[]> data;
  @Description("stringData allows specifying non-binary secret data in string form. It is provided as a write-only "
      + "input field for convenience. All keys and values are merged into the data field on write, overwriting any "
      + "existing values. The stringData field is never output when reading from the API.")
  public Map<String, String> stringData;
  @Description("Used to facilitate programmatic handling of secret data.")
  @Default("Opaque")
  public String type;
}
