/**
 * Tests against the packaged WAR: deployed into a servlet container (Arquillian) and run as a
 * separate process with {@code java -jar} ({@link dev.customapiserver.e2e.ServerProcess}).
 */
package dev.customapiserver.e2e;
