package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--storage-datasource: the JPA storage on a container-managed DataSource found in JNDI")
class StorageDataSourceTest {
  private static final String NAME = "java:jboss/datasources/CustomApiserverDS";
  @TempDir Path dir;
  private JdbcDataSource dataSource;

  @BeforeEach
  void bindDataSource() throws NamingException {
    dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:file:" + dir.resolve("container/ds") + ";WRITE_DELAY=0;LOCK_TIMEOUT=30000");
    dataSource.setUser("sa");
    bind(NAME, dataSource);
  }

  /** Binds in the JNDI tree of Jetty's naming (jetty-jndi, as in a Jetty with the plus module), creating parents. */
  private static void bind(String name, Object value) throws NamingException {
    InitialContext ic = new InitialContext();
    String parent = "java:";
    String[] parts = name.substring("java:".length()).split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      parent += (i == 0 ? "" : "/") + parts[i];
      try {
        ic.lookup(parent);
      } catch (NameNotFoundException e) {
        ic.createSubcontext(parent);
      }
    }
    ic.rebind(name, value);
  }

  @AfterEach
  void unbind() throws NamingException {
    InitialContext ic = new InitialContext();
    ic.unbind(NAME);
    ic.unbind("java:jboss/greeting");
  }

  private static KubernetesClient client(RunningApiServer s) {
    return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(s.kubeconfigYaml())).build();
  }

  private RunningApiServer start() {
    return ApiServerBuilder.create().storage("jpa").flag(Option.STORAGE_DATASOURCE, NAME).start();
  }

  @Test
  @DisplayName("objects are stored in the DataSource's database, migrated there, and a restart reads them back")
  void storesInTheDataSource() throws Exception {
    try (RunningApiServer s = start(); KubernetesClient c = client(s)) {
      c.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName("kept")
          .endMetadata().withData(Map.of("k", "v")).build()).create();
      assertThat(s.dataDir().resolve("db")).doesNotExist(); // not the default H2 file in the data directory
    }
    try (Connection c = dataSource.getConnection(); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM stored_objects WHERE name = 'kept'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
    try (RunningApiServer s = start(); KubernetesClient c = client(s)) {
      assertThat(c.configMaps().inNamespace("default").withName("kept").get().getData()).containsEntry("k", "v");
    }
  }

  private ConfigException refused(String... flags) {
    List<String> args = new java.util.ArrayList<>(List.of("--data-dir", dir.toString(), "--watch-cache=false"));
    args.addAll(List.of(flags));
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(
        () -> StorageWiring.open(ConfigLoader.load(CommandLine.parse(args), Map.of())).close());
    assertThat(t).isInstanceOf(ConfigException.class);
    return (ConfigException) t;
  }

  @Test
  @DisplayName("a name bound to nothing is refused at start, naming it")
  void unbound() {
    assertThat(refused("--storage-datasource", "java:jboss/datasources/Missing").getMessage())
        .startsWith("--storage-datasource: cannot look up java:jboss/datasources/Missing in JNDI");
  }

  @Test
  @DisplayName("a name bound to something else than a DataSource is refused")
  void notADataSource() throws NamingException {
    bind("java:jboss/greeting", "hello");
    assertThat(refused("--storage-datasource", "java:jboss/greeting").getMessage())
        .isEqualTo("--storage-datasource: java:jboss/greeting is not a javax.sql.DataSource but java.lang.String");
  }

  @Test
  @DisplayName("--storage-url and --storage-datasource together are refused")
  void notBoth() {
    assertThatThrownBy(() -> StorageWiring.open(ConfigLoader.load(CommandLine.parse(List.of("--data-dir",
        dir.toString(), "--storage-url", "jdbc:h2:mem:x", "--storage-datasource", NAME)), Map.of())))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--storage-url and --storage-datasource are mutually exclusive");
  }
}
