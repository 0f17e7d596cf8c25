package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import jakarta.persistence.PersistenceException;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.eclipse.persistence.config.PersistenceUnitProperties;
import org.eclipse.persistence.exceptions.EclipseLinkException;
import org.eclipse.persistence.jpa.PersistenceProvider;
import org.eclipse.persistence.sessions.UnitOfWork;

/**
 * The persistence unit and the two ways of using it: a read, and a write transaction that commits
 * unless the work asks for a rollback. Every JPA failure leaves here as a {@link StorageException}.
 */
final class Database implements AutoCloseable {
  static final String UNIT = "custom-apiserver-storage";

  private final EntityManagerFactory emf;
  /**
   * One write transaction at a time in this process, from drawing the revision to commit. The
   * counter row lock already orders writers across processes; in-process, H2 2.3.232 handed out
   * the same revision twice to concurrent transactions under load (seen in the consistency tests),
   * and an H2 file database serves one process only, so this lock is H2's whole guarantee. For the
   * server databases it merely moves the queue of writers into the JVM.
   */
  private final ReentrantLock writeLock = new ReentrantLock(true);
  /** Run after every commit (wakes the change-log tailer). */
  private final Runnable afterCommit;
  /** Sent inside every write transaction on PostgreSQL, delivered to listeners at commit; else null. */
  private final String notify;

  Database(ConnectionSource source, Vendor vendor, Runnable afterCommit) {
    this.afterCommit = afterCommit;
    this.notify = vendor == Vendor.POSTGRESQL ? "NOTIFY " + PgNotifications.CHANNEL : null;
    Map<String, Object> props = source.persistenceProperties(vendor);
    props.put(PersistenceUnitProperties.CLASSLOADER, Database.class.getClassLoader());
    this.emf = new PersistenceProvider().createEntityManagerFactory(UNIT, props);
    if (emf == null) {
      throw new IllegalStateException("persistence unit " + UNIT + " not found (META-INF/persistence.xml)");
    }
  }

  /** Runs {@code work} outside a transaction (each query sees the newest committed data). */
  <T> T read(ObjectKey key, Function<EntityManager, T> work) {
    EntityManager em = open(key);
    try {
      return work.apply(em);
    } catch (PersistenceException | EclipseLinkException e) {
      throw Failures.translate(e, key);
    } finally {
      em.close();
    }
  }

  /**
   * Runs {@code work} in a transaction and commits; when {@code work} returns {@code null} the
   * transaction is rolled back instead (a lost compare-and-swap) and {@code null} returned.
   */
  <T> T write(ObjectKey key, Function<EntityManager, T> work) {
    writeLock.lock();
    try {
      return writeLocked(key, work);
    } finally {
      writeLock.unlock();
    }
  }

  private <T> T writeLocked(ObjectKey key, Function<EntityManager, T> work) {
    EntityManager em = open(key);
    EntityTransaction tx = em.getTransaction();
    try {
      tx.begin();
      // every statement of the work on the transaction's own connection, from the first one on:
      // EclipseLink otherwise runs reads issued before its first write on a pooled read connection
      em.unwrap(UnitOfWork.class).beginEarlyTransaction();
      T result = work.apply(em);
      if (result == null) {
        tx.rollback();
        return null;
      }
      if (notify != null) {
        em.createNativeQuery(notify).executeUpdate();
      }
      tx.commit();
      afterCommit.run();
      return result;
    } catch (PersistenceException | EclipseLinkException e) {
      throw Failures.translate(e, key);
    } finally {
      try {
        if (tx.isActive()) {
          tx.rollback();
        }
      } catch (RuntimeException ignored) {
        // the connection is gone; the database rolls the transaction back itself
      }
      em.close();
    }
  }

  private EntityManager open(ObjectKey key) {
    try {
      return emf.createEntityManager();
    } catch (PersistenceException | EclipseLinkException e) {
      throw Failures.translate(e, key);
    } catch (IllegalStateException e) {
      throw new StorageException(StorageException.Reason.UNAVAILABLE, key, "storage is closed", e);
    }
  }

  @Override
  public void close() {
    if (emf.isOpen()) {
      emf.close();
    }
  }

  /** A failure to reach or prepare the database. */
  static StorageException unavailable(String message, Throwable cause) {
    return new StorageException(StorageException.Reason.UNAVAILABLE, null, message, cause);
  }
}
