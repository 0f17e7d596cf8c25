package dev.customapiserver.admission;

/**
 * What the registry calls on every write: {@link #mutate} after defaulting and conversion to the hub
 * (before the kind's strategy validates), {@link #validate} after validation, before storage. Both
 * run on dry runs too. Implemented by the ordered chain of enabled plugins.
 */
public interface Admission {

  /** Admits everything, changes nothing. */
  Admission NONE = new Admission() {
    @Override
    public void mutate(Attributes a) {}

    @Override
    public void validate(Attributes a) {}
  };

  /** Runs the mutating plugins in order; may change {@code a.object()}; throws the first denial. */
  void mutate(Attributes a);

  /** Runs the validating plugins in order; throws the first denial. */
  void validate(Attributes a);
}
