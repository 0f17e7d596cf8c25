/**
 * The server embedded in a test: {@link dev.customapiserver.testkit.ApiServerBuilder} starts the
 * very composition {@code java -jar} runs ({@code EmbeddedServer.start} → {@code ApiServer.create})
 * in-process on a free loopback port, with memory storage by default and a private temporary data
 * directory, so several servers can run in one JVM.
 */
package dev.customapiserver.testkit;
