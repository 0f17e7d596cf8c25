package dev.customapiserver.registry;

import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import java.lang.annotation.ElementType;

/**
 * Bean Validation may read and cascade into every property. Without it Hibernate Validator, seeing
 * JPA on the class path, asks {@code Persistence.getPersistenceUtil().isLoaded} about every property
 * of every object it validates (the API types are not entities; the answer is always yes, at the cost
 * of a walk over the persistence providers per property).
 */
final class EveryPropertyTraversable implements TraversableResolver {
  @Override
  public boolean isReachable(Object bean, Path.Node property, Class<?> rootType, Path path, ElementType type) {
    return true;
  }

  @Override
  public boolean isCascadable(Object bean, Path.Node property, Class<?> rootType, Path path, ElementType type) {
    return true;
  }
}
