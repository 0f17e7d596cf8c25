package dev.customapiserver.server;

import dev.customapiserver.server.config.ConfigException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * Finds the container-managed DataSource {@code --storage-datasource} names, in the JNDI tree the
 * container provides (WildFly: {@code java:jboss/datasources/...}; any container:
 * {@code java:comp/env/jdbc/...} with a resource reference).
 */
final class DataSources {
  private DataSources() {}

  /** @throws ConfigException when the name is not bound, or bound to something that is no DataSource */
  static DataSource lookup(String jndiName) {
    Object found;
    try {
      InitialContext context = new InitialContext();
      try {
        found = context.lookup(jndiName);
      } finally {
        context.close();
      }
    } catch (NamingException e) {
      throw ConfigException.invalid("--storage-datasource: cannot look up " + jndiName + " in JNDI: " + e);
    }
    if (found instanceof DataSource dataSource) {
      return dataSource;
    }
    throw ConfigException.invalid("--storage-datasource: " + jndiName + " is not a javax.sql.DataSource but "
        + (found == null ? "null" : found.getClass().getName()));
  }
}
