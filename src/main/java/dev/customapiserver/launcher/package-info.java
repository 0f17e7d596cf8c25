/**
 * The executable-WAR launcher: JDK classes only, copied to the root of the WAR and named as the
 * manifest's {@code Main-Class}. It unpacks {@code WEB-INF/classes}, {@code WEB-INF/lib} and
 * {@code WEB-INF/lib-jetty} into a cache directory, builds one class loader over them and runs
 * {@code dev.customapiserver.server.embedded.EmbeddedServer}. Servlet containers never see it.
 */
package dev.customapiserver.launcher;
