package dev.customapiserver.storage.contract;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Resolves the {@link StorageFixture} parameter of the contract suites with a fresh fixture per test. */
public abstract class FixtureExtension implements ParameterResolver {

  /** A fixture on fresh, empty storage. */
  protected abstract StorageFixture create(ExtensionContext context) throws Exception;

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StorageFixture.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    try {
      return create(context);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("cannot set up the storage under test: " + e.getMessage(), e);
    }
  }
}
