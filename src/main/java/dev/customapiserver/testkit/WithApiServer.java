package dev.customapiserver.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test class against an API server started in-process by {@link ApiServerBuilder}
 * (memory storage): test methods, constructors and lifecycle methods may take a
 * {@link RunningApiServer}, a fabric8 {@code KubernetesClient} or an official-client
 * {@code ApiClient} parameter (admin; the client library must be on the test classpath).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ApiServerExtension.class)
public @interface WithApiServer {
  /** {@code true}: a fresh server (empty storage) for every test method; {@code false}: one per class. */
  boolean perMethod() default false;

  /**
   * {@code true}: the class's server is {@link RunningApiServer#reset() reset} before each test, so
   * every test starts from the just-started state without the cost of a new server.
   */
  boolean reset() default false;

  /** The storage backend ({@code --storage-backend}). */
  String storage() default "memory";
}
