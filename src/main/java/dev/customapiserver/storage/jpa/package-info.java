/** The JDBC/JPA (EclipseLink) implementation of the storage contract; Flyway migrations under {@code db/}. */
package dev.customapiserver.storage.jpa;
