package dev.customapiserver.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test class against an API server started in-process by {@link ApiServerBuilder}
 * (memory storage): test methods and constructors may take a {@link RunningApiServer} or a fabric8
 * {@code KubernetesClient} (admin) parameter.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ApiServerExtension.class)
public @interface WithApiServer {
  /** {@code true}: a fresh server (empty storage) for every test method; {@code false}: one per class. */
  boolean perMethod() default false;

  /** The storage backend ({@code --storage-backend}). */
  String storage() default "memory";
}
