package dev.customapiserver.apis;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.List;

/**
 * Bean Validation as the store runs it on hub objects, for tests: each violation as
 * {@code "<json path> <constraint>"}, e.g. {@code "spec.config.msg NotBlank"}, sorted.
 */
public final class Violations {
  private static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();

  private Violations() {}

  public static Validator validator() {
    return FACTORY.getValidator();
  }

  public static List<String> of(Object hub) {
    return validator().validate(hub).stream()
        .map(Violations::describe)
        .sorted()
        .toList();
  }

  private static String describe(ConstraintViolation<Object> v) {
    return v.getPropertyPath() + " " + v.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName();
  }
}
